// Requests to the API under test, byte-exact over the raw HTTP layer so every
// exchange lands in the check's (redacted) transcript: bearer auth from the target,
// JSON bodies, If-Match and Prefer as given. Throws on framing errors; a check's
// client (and the model's) also throws on stray bytes that arrive with a response,
// so no check reads past a broken 204 unawares. A client made for set-up outside a
// check (the preflight, Pact's provider states) takes such an answer as it comes:
// each request has a connection of its own, and judging the bytes after a 204 is the
// checks' job, not a reason to end a run as a set-up mistake.
import { randomBytes } from 'node:crypto';
import type { CheckContext } from '../checks/check.ts';
import { escapeControls } from '../http/escape-controls.ts';
import { request, type ParsedResponse, type RawRequest, type Transcript } from '../http/index.ts';
import type { ResourceApiTarget } from './resource-api-target.ts';
import { resourceApiTarget } from './resource-api-target.ts';

/** Whose credentials a request carries. */
export type Credential =
  | 'user' //     the target's token (acts for --user-id)
  | 'other' //    the other user's token (only when the target has one)
  | 'none' //     no Authorization header
  | 'unknown' //  a well-formed bearer token nobody was given
  | { readonly authorization: string }; // this exact header value

export interface Call {
  readonly as?: Credential;
  /** Sent as compact JSON with Content-Type application/json (unless contentType says otherwise). */
  readonly json?: unknown;
  /** Sent byte for byte. */
  readonly body?: string | Uint8Array;
  /** Overrides the Content-Type of a body; null sends none. */
  readonly contentType?: string | null;
  readonly ifMatch?: string;
  readonly prefer?: string;
  readonly headers?: ReadonlyArray<readonly [string, string]>;
}

export const apiPath = {
  preferences: (userId: string): string => `v1/users/${encodeURIComponent(userId)}/preferences`,
  labels: 'v1/labels',
  label: (id: string): string => `v1/labels/${encodeURIComponent(id)}`,
};

const unknownToken = `wirecheck-unknown-${randomBytes(9).toString('hex')}`;

function authorizationOf(target: ResourceApiTarget, as: Credential): string | undefined {
  if (typeof as === 'object') return as.authorization;
  switch (as) {
    case 'user': return `Bearer ${target.token}`;
    case 'other':
      if (!target.otherToken) throw new Error('this target has no token of the other user');
      return `Bearer ${target.otherToken}`;
    case 'none': return undefined;
    case 'unknown': return `Bearer ${unknownToken}`;
  }
}

/** The request as exact bytes-to-be: what `exchange()` and `raceRequests()` take. */
export function apiRequest(target: ResourceApiTarget, method: string, path: string, call: Call = {}): RawRequest {
  const headers: (readonly [string, string])[] = [];
  const authorization = authorizationOf(target, call.as ?? 'user');
  if (authorization !== undefined) headers.push(['Authorization', authorization]);
  let body: string | Uint8Array | undefined = call.body;
  if (call.json !== undefined) body = JSON.stringify(call.json);
  const contentType = call.contentType === undefined ? (body === undefined ? null : 'application/json') : call.contentType;
  if (contentType !== null) headers.push(['Content-Type', contentType]);
  if (call.ifMatch !== undefined) headers.push(['If-Match', call.ifMatch]);
  if (call.prefer !== undefined) headers.push(['Prefer', call.prefer]);
  headers.push(...(call.headers ?? []));
  return { method, target: path, headers, ...(body === undefined ? {} : { body }) };
}

/** `201 {"id":…}` — the status and the start of the body, for messages. */
/** Where a target's body enters a reason: its controls and line breaks shown escaped, on the reason's one line. */
export function describeAnswer(response: ParsedResponse): string {
  const text = response.body.toString('utf8');
  return `${response.statusCode}${text ? ` ${escapeControls(text.length > 160 ? `${text.slice(0, 160)}…` : text)}` : ' (no content)'}`;
}

/** What a client does with bytes that follow an answer: fail (the checks), or leave them to the checks (set-up). */
export type StrayBytes = 'fail' | 'leave-to-the-checks';

export class ResourceApiClient {
  constructor(readonly target: ResourceApiTarget, readonly transcript: Transcript, readonly strayBytes: StrayBytes = 'leave-to-the-checks') {}

  get userId(): string {
    return this.target.userId;
  }

  send(method: string, path: string, call: Call = {}): Promise<ParsedResponse> {
    return request(this.target.baseUrl, apiRequest(this.target, method, path, call), { transcript: this.transcript, allowStray: this.strayBytes !== 'fail' });
  }

  getPreferences(userId = this.target.userId, call: Call = {}): Promise<ParsedResponse> {
    return this.send('GET', apiPath.preferences(userId), call);
  }

  patchPreferences(weeklyDigest: unknown, call: Call & { userId?: string } = {}): Promise<ParsedResponse> {
    return this.send('PATCH', apiPath.preferences(call.userId ?? this.target.userId), { json: { weeklyDigest }, ...call });
  }

  postLabel(name: unknown, call: Call = {}): Promise<ParsedResponse> {
    return this.send('POST', apiPath.labels, { json: { name }, ...call });
  }

  getLabel(id: string, call: Call = {}): Promise<ParsedResponse> {
    return this.send('GET', apiPath.label(id), call);
  }

  deleteLabel(id: string, call: Call = {}): Promise<ParsedResponse> {
    return this.send('DELETE', apiPath.label(id), call);
  }
}

export function resourceApiClient(ctx: CheckContext, transcript: Transcript = ctx.transcript): ResourceApiClient {
  return new ResourceApiClient(resourceApiTarget(ctx), transcript, 'fail');
}
