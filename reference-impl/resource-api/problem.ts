// Every error of this service is an RFC 9457 problem: application/problem+json with
// {type, title, status, detail}. `type` is an identifier (a URN), not a link.
import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';

// Stryker disable next-line StringLiteral: not shown: the error body's media type (RA-ERR-01 allows any, RA-ERR-02 only records it)
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const PROBLEM_TYPES = {
  'bad-request': [400, 'Bad Request'],
  'malformed-json': [400, 'Malformed JSON'],
  unauthorized: [401, 'Unauthorized'],
  forbidden: [403, 'Forbidden'],
  'not-found': [404, 'Not Found'],
  'method-not-allowed': [405, 'Method Not Allowed'],
  'request-timeout': [408, 'Request Timeout'],
  // Stryker disable next-line StringLiteral: fault switch only: a 409 is answered only with failed-commit-409 on (the spec names no state that prevents these operations)
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
  // Stryker disable next-line StringLiteral: equivalent: the error's name only appears in log lines, never in an answer
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
    // Stryker disable next-line ObjectLiteral,StringLiteral: not shown: the spec leaves the error body's shape open
    return { type: `urn:wirecheck:problem:${this.slug}`, title: this.title, status: this.status, detail: this.detail };
  }
}

/** The problem for a framework-reported 4xx status, or undefined for other statuses. */
// Stryker disable next-line BlockStatement: not shown: which 4xx a framework error gets; the caller's fallback answers 400 bad-request, still a 4xx
export function problemForStatus(status: number, detail: string): ProblemError | undefined {
  // Stryker disable next-line ArrowFunction,ConditionalExpression: not shown: which 4xx a framework error gets; no match means the caller's fallback 400 bad-request, still a 4xx
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

// Stryker disable all: not in the spec: used only for answers to bytes the HTTP parser rejects (clientErrorHandler in error-handling.ts)
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
