// Every error of this service is an RFC 9457 problem: application/problem+json with
// {type, title, status, detail}. `type` is an identifier (a URN), not a link.
import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const PROBLEM_TYPES = {
  'bad-request': [400, 'Bad Request'],
  'malformed-json': [400, 'Malformed JSON'],
  unauthorized: [401, 'Unauthorized'],
  forbidden: [403, 'Forbidden'],
  'not-found': [404, 'Not Found'],
  'method-not-allowed': [405, 'Method Not Allowed'],
  'request-timeout': [408, 'Request Timeout'],
  conflict: [409, 'Conflict'],
  'precondition-failed': [412, 'Precondition Failed'],
  'content-too-large': [413, 'Content Too Large'],
  'uri-too-long': [414, 'URI Too Long'],
  'unsupported-media-type': [415, 'Unsupported Media Type'],
  'invalid-body': [422, 'Unprocessable Content'],
  'header-fields-too-large': [431, 'Request Header Fields Too Large'],
  'internal-error': [500, 'Internal Server Error'],
  'store-unavailable': [503, 'Service Unavailable'],
} as const satisfies Record<string, readonly [number, string]>;

export type ProblemSlug = keyof typeof PROBLEM_TYPES;

export interface ProblemDocument {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
}

export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  readonly status: number;
  readonly title: string;

  constructor(
    readonly slug: ProblemSlug,
    readonly detail: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
    [this.status, this.title] = PROBLEM_TYPES[slug];
  }

  toDocument(): ProblemDocument {
    return { type: `urn:wirecheck:problem:${this.slug}`, title: this.title, status: this.status, detail: this.detail };
  }
}

/** The problem for a framework-reported 4xx status, or undefined for other statuses. */
export function problemForStatus(status: number, detail: string): ProblemError | undefined {
  const entry = Object.entries(PROBLEM_TYPES).find(([, [code]]) => code === status);
  return entry ? new ProblemError(entry[0] as ProblemSlug, detail) : undefined;
}

// Sent as bytes so that Fastify keeps the content type exactly (no charset appended:
// application/problem+json defines none).
export function sendProblem(reply: FastifyReply, problem: ProblemError): FastifyReply {
  return reply
    .code(problem.status)
    .headers(problem.headers)
    .type(PROBLEM_CONTENT_TYPE)
    .send(Buffer.from(JSON.stringify(problem.toDocument())));
}

/** The same problem as raw HTTP/1.1 bytes, for a socket Fastify no longer handles. */
export function rawProblemResponse(problem: ProblemError, requestId: string): string {
  const body = JSON.stringify(problem.toDocument());
  return [
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? problem.title}`,
    `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
