// The spec's rules for a 204, as functions over what arrived on the wire. A 204 has no
// body by definition (RFC 9112 §6.3), so the parser never reads one: content a server
// wrongly sends shows up as bytes after the header section — stray, or the garbage
// in front of the next response. Everything the spec allows on a 204 (ETag,
// Last-Modified, Cache-Control, a request id, rate-limit and deprecation headers,
// Content-Type, Content-Length: 0) is deliberately never looked at here. The bundle
// the MUST checks apply is the spec's own rules; Transfer-Encoding is RFC 9112's.
import { expect } from 'vitest';
import { escapeBytes, type FramingError, type ParsedResponse } from '../http/index.ts';

/** What the connection carried after a response: stray bytes, or a framing error of what followed. */
export interface AfterResponse {
  readonly stray: Buffer;
  readonly error?: FramingError | undefined;
}

const MAX_SHOWN = 48;

function shown(bytes: Buffer): string {
  const cut = bytes.length > MAX_SHOWN ? '…' : '';
  return `"${escapeBytes(bytes.subarray(0, MAX_SHOWN))}"${cut}`;
}

/** Rule 1: nothing after the header section. */
export function contentBytesViolation(response: ParsedResponse, after: AfterResponse): string | undefined {
  if (after.error) return `${after.error.message} (${after.error.code}, byte ${after.error.offset} of the connection)`;
  if (after.stray.length === 0) return undefined;
  const at = response.offset + response.raw.length;
  return `${after.stray.length} byte(s) followed the 204's header section, from byte ${at} of the connection: ${shown(after.stray)}`;
}

/** Rule 2: Content-Length absent or 0. */
export function contentLengthViolation(response: ParsedResponse): string | undefined {
  const values = response.headerValues('content-length');
  return values.every((v) => v === '0') ? undefined : `the 204 carries Content-Length: ${values.join(', ')} (absent or 0 is allowed)`;
}

/** Rule 2: no Content-Encoding for the absent body. */
export function contentEncodingViolation(response: ParsedResponse): string | undefined {
  const values = response.headerValues('content-encoding');
  return values.length === 0 ? undefined : `the 204 carries Content-Encoding: ${values.join(', ')}`;
}

/**
 * RFC 9112 §6.1, not the spec: a 204 has no Transfer-Encoding header. The spec names
 * content bytes (rule 1), Content-Length and Content-Encoding (rule 2), never this
 * header, so it is judged on its own (RA-NOBODY-04, SHOULD); chunk bytes a server
 * sends after a 204 are content bytes, caught by rule 1 wherever a 204 is judged.
 */
export function transferEncodingViolation(response: ParsedResponse): string | undefined {
  const values = response.headerValues('transfer-encoding');
  return values.length === 0 ? undefined : `the 204 carries Transfer-Encoding: ${values.join(', ')}`;
}

/** Every rule the spec states for a 204 that a response with what followed it breaks (empty when it keeps them all). */
export function noContentViolations(response: ParsedResponse, after: AfterResponse = { stray: Buffer.alloc(0) }): string[] {
  return [
    contentBytesViolation(response, after),
    contentLengthViolation(response),
    contentEncodingViolation(response),
  ].filter((v): v is string => v !== undefined);
}

/** Status 204 and every 204 rule of the spec kept; `what` names the request in the message. */
export function expectNoContent(response: ParsedResponse, what: string, after?: AfterResponse): void {
  expect(response.statusCode, `${what} must answer 204 No Content; got ${response.statusCode}`).toBe(204);
  expect(noContentViolations(response, after), `${what}: the 204 breaks the 204 rules`).toEqual([]);
}
