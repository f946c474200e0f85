// One delivery attempt over node:http / node:https (the client nock intercepts, so the
// sender suites can simulate the receiving side). A fresh connection per attempt: a
// retry must not inherit a socket the receiver may have half-closed.
import http from 'node:http';
import https from 'node:https';

/** The receiver's answer to an attempt. The body is kept up to MAX_KEPT_BODY bytes. */
export interface SenderResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
}

/** An attempt that got no complete answer: connection refused or reset, timeout, ... */
export interface AttemptFailure {
  /** ECONNRESET, ECONNREFUSED, TIMEOUT, ... */
  readonly code: string;
  readonly message: string;
}

export type PostResult = { readonly response: SenderResponse } | { readonly failure: AttemptFailure };

export const MAX_KEPT_BODY = 64 * 1024;
export const TIMEOUT_CODE = 'TIMEOUT';

function failureOf(error: unknown, timedOut: boolean, timeoutMs: number): AttemptFailure {
  if (timedOut) return { code: TIMEOUT_CODE, message: `no complete answer within ${timeoutMs} ms` };
  const e = error as NodeJS.ErrnoException;
  return { code: e.code ?? 'ERROR', message: e.message || String(error) };
}

export function postOnce(url: URL, headers: Readonly<Record<string, string>>, body: Uint8Array, timeoutMs: number): Promise<PostResult> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let timedOut = false;
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const fail = (error: unknown) => finish({ failure: failureOf(error, timedOut, timeoutMs) });
    const req = transport.request(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(body.byteLength) },
      agent: false,
    });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error(`timeout after ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < MAX_KEPT_BODY) chunks.push(chunk.subarray(0, MAX_KEPT_BODY - kept));
        kept += chunk.length;
      });
      res.on('error', fail);
      // A connection closed before the end of the body: no complete answer, a failure.
      res.on('close', () => { if (!res.complete) fail(Object.assign(new Error('the answer was cut off'), { code: 'ECONNRESET' })); });
      res.on('end', () => finish({
        response: { status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers, body: Buffer.concat(chunks) },
      }));
    });
    req.end(body);
  });
}
