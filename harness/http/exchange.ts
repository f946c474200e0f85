// Several requests on ONE connection, the way the 204 rules are stated: "on one reused
// connection, a 204 followed by a 200 must leave both responses correctly framed". After
// the last expected response the connection is watched a little longer, because the
// evidence that matters most — bytes after a 204 — arrives when nothing is expected.

import { Connection } from './connection.ts';
import type { TlsOptions } from './connection.ts';
import { excerpt } from './escape-bytes.ts';
import { framingFaultOf, strayRange } from './framing-fault.ts';
import { ExchangeCode, ExchangeError } from './http-errors.ts';
import type { FramingError } from './http-errors.ts';
import type { ParsedResponse } from './parsed-response.ts';
import { methodOfRawBytes, serializeRequest } from './raw-request.ts';
import type { RawRequest } from './raw-request.ts';
import { Redactor } from './redactor.ts';
import { parseBaseUrl, resolveTarget } from './resolve-target.ts';
import { ResponseParser } from './response-parser.ts';
import { responseBudget } from './response-budget.ts';
import { feedWithinBudget } from './response-size-watch.ts';
import { awaitSendSlot, extraHeaders, withExtraHeaders } from './target-traffic.ts';
import { withHeaderLinesAdded } from './extra-headers.ts';
import { Transcript } from './transcript.ts';
import { unansweredRequests } from './unanswered-requests.ts';

export { resolveTarget } from './resolve-target.ts';

export interface ExchangeOptions {
  /** pipelined: every request written at once; sequential (default): each after the previous response */
  mode?: 'sequential' | 'pipelined';
  /** limit for connecting and for each awaited response; default 10 000 ms */
  timeoutMs?: number;
  /** how long the connection must stay silent after the last response before it is closed; default 100 ms */
  idleMs?: number;
  /** records the exchange (redacted), also when it fails */
  transcript?: Transcript;
  tls?: TlsOptions;
  /** longest response head accepted; default 64 KiB */
  maxHeadBytes?: number;
  /** most bytes one response (or what follows the last one) may take before the exchange fails and the connection is dropped; default the process's budget (--max-response-bytes, 4 MiB) */
  maxResponseBytes?: number;
}

export interface ExchangeResult {
  /** complete responses in order; fewer than requested when `error` is set or the peer closed */
  responses: ParsedResponse[];
  /** bytes after the last complete response; empty on a correct connection */
  stray: Buffer;
  closedByPeer: boolean;
  error?: FramingError;
  /** requests no response can answer: the server ended the connection after an earlier one (RFC 9112 §9.6); not sent in sequential mode */
  unanswered?: string;
  /** every byte received */
  raw: Buffer;
  /** every byte sent */
  sent: Buffer;
  durationMs: number;
}

interface WireRequest { bytes: Buffer; method: string; label: string }

// The run's extra headers (target-traffic.ts) join every request here, after its own.
function toWire(url: URL, req: RawRequest | Buffer, index: number): WireRequest {
  if (Buffer.isBuffer(req)) {
    const method = methodOfRawBytes(req);
    if (method === undefined) {
      throw new ExchangeError(ExchangeCode.request,
        `request ${index + 1} is a Buffer that does not start with "METHOD SP": ${excerpt(req, 0)}; the method is needed to frame its response`);
    }
    const line = req.subarray(0, Math.max(0, req.indexOf('\r\n'))).toString('latin1');
    return { bytes: withHeaderLinesAdded(req, extraHeaders()), method, label: line || method };
  }
  const target = req.method === 'CONNECT' ? req.target : resolveTarget(url, req.target);
  return { bytes: serializeRequest({ ...req, target, headers: withExtraHeaders(req.headers) }, url.host), method: req.method, label: `${req.method} ${target}` };
}

class Run {
  readonly sent: Buffer[] = [];

  constructor(readonly url: URL, readonly wire: readonly WireRequest[], readonly conn: Connection,
    readonly parser: ResponseParser, readonly timeoutMs: number, readonly started: number) {}

  send(bytes: Buffer): void {
    this.sent.push(bytes);
    this.conn.write(bytes);
  }

  /** Waits until `count` responses are in (or the parser stopped, or the peer closed). */
  async awaitResponses(count: number): Promise<void> {
    const ok = await this.conn.waitFor(() => this.parser.responses.length >= count || this.parser.done, this.timeoutMs);
    if (ok) return;
    const index = this.parser.responses.length;
    const awaited = this.wire[index];
    throw new ExchangeError(ExchangeCode.timeout,
      `timed out after ${this.timeoutMs} ms waiting for response ${index + 1} of ${this.wire.length} (to ${awaited?.label ?? '?'}) `
      + `from ${this.conn.hostPort} (${this.url.href}); ${this.parser.rest.length} bytes of it had arrived`,
      { partial: this.result() });
  }

  result(): ExchangeResult {
    const raw = this.parser.received;
    const result: ExchangeResult = {
      responses: [...this.parser.responses], stray: raw.subarray(this.parser.consumed), closedByPeer: this.conn.closedByPeer,
      raw, sent: Buffer.concat(this.sent), durationMs: Math.round(performance.now() - this.started),
    };
    if (this.parser.error) result.error = this.parser.error;
    const unanswered = unansweredRequests(this.wire, this.parser.responses.length, result.sent.length, this.parser.ended);
    if (unanswered !== undefined) result.unanswered = unanswered;
    return result;
  }
}

function summary(mode: string, wire: readonly WireRequest[], r: ExchangeResult): string {
  const parts = [`${mode}: ${wire.length} request(s), ${r.responses.length} response(s)`];
  if (r.stray.length > 0) parts.push(`${r.stray.length} stray byte(s)`);
  if (r.closedByPeer) parts.push('closed by peer');
  if (r.unanswered !== undefined) parts.push(r.unanswered);
  if (r.error) parts.push(`${r.error.code}: ${r.error.message}`);
  return parts.join('; ');
}

async function drive(run: Run, mode: 'sequential' | 'pipelined', idleMs: number): Promise<void> {
  if (mode === 'pipelined') {
    run.send(Buffer.concat(run.wire.map((w) => w.bytes)));
    await run.awaitResponses(run.wire.length);
  } else {
    for (const [i, w] of run.wire.entries()) {
      if (run.parser.done || run.conn.ended) break;
      // --rate-limit: each request after the first awaits its own slot.
      if (i > 0) await awaitSendSlot(1);
      run.send(w.bytes);
      await run.awaitResponses(i + 1);
    }
  }
  if (!run.parser.error && !run.conn.ended) await run.conn.settle(idleMs, run.timeoutMs);
}

/**
 * Sends `requests` on one connection to `baseUrl` and reads their responses strictly.
 * Rejects (ExchangeError) when the target cannot be reached, a response does not
 * arrive in time or is larger than the response budget; framing problems and stray
 * bytes are results, not exceptions.
 */
export async function exchange(baseUrl: string | URL, requests: ReadonlyArray<RawRequest | Buffer>, options: ExchangeOptions = {}): Promise<ExchangeResult> {
  const started = performance.now();
  const url = parseBaseUrl(baseUrl);
  const mode = options.mode ?? 'sequential';
  const timeoutMs = options.timeoutMs ?? 10_000;
  const wire = requests.map((r, i) => toWire(url, r, i));
  // --rate-limit: the first request's slot is awaited before connecting, so no connection
  // idles waiting for it; a pipeline's requests go together, so they are one burst.
  await awaitSendSlot(mode === 'pipelined' ? wire.length : Math.min(1, wire.length));
  let conn: Connection;
  try {
    conn = await Connection.open(url, { timeoutMs, ...(options.tls ? { tls: options.tls } : {}) });
  } catch (error) {
    options.transcript?.record({ url: url.href, sent: Buffer.alloc(0), received: Buffer.alloc(0), note: (error as Error).message });
    throw error;
  }
  const parser = new ResponseParser(wire.map((w) => w.method), options.maxHeadBytes === undefined ? {} : { maxHeadBytes: options.maxHeadBytes });
  const budget = feedWithinBudget(conn, parser, wire, { limit: options.maxResponseBytes ?? responseBudget(), maxHeadBytes: options.maxHeadBytes });
  const run = new Run(url, wire, conn, parser, timeoutMs, started);
  try {
    await drive(run, mode, options.idleMs ?? 100);
    if (budget.exceeded !== undefined) throw new ExchangeError(ExchangeCode.tooLarge, budget.exceeded, { partial: run.result() });
  } catch (error) {
    const partial = run.result();
    options.transcript?.record({ url: url.href, sent: partial.sent, received: partial.raw, note: (error as Error).message });
    throw error;
  } finally {
    conn.destroy();
  }
  const result = run.result();
  const stray = strayRange(result);
  options.transcript?.record({ url: url.href, sent: result.sent, received: result.raw, note: summary(mode, wire, result), ...(stray ? { stray } : {}) });
  return result;
}

export interface RequestOptions extends Omit<ExchangeOptions, 'mode'> {
  /** redacts the transcript in error messages when no `transcript` is given (default: headers only) */
  redactor?: Redactor;
  /** do not fail when bytes follow the response (default: fail) */
  allowStray?: boolean;
}

/**
 * One request on a fresh connection. Throws (ExchangeError, code WIRECHECK_ERR_HTTP_FRAMING)
 * on a framing error or stray bytes, with the redacted transcript in the message. `idleMs`
 * defaults to 0 here: only stray bytes that arrive with the response are seen; prove
 * that nothing follows a response with `exchange()`.
 */
export async function request(baseUrl: string | URL, req: RawRequest, options: RequestOptions = {}): Promise<ParsedResponse> {
  const transcript = options.transcript ?? new Transcript(options.redactor ?? new Redactor());
  const result = await exchange(baseUrl, [req], { idleMs: 0, ...options, transcript, mode: 'sequential' });
  const response = result.responses[0];
  const fault = faultOf(result, options.allowStray ?? false);
  if (fault !== undefined || response === undefined) {
    const rootCause = framingFaultOf(result);
    throw new ExchangeError(ExchangeCode.framing,
      `${req.method} ${req.target} to ${parseBaseUrl(baseUrl).href}: ${fault ?? 'no response'}\n${transcript.toText({ last: 1 })}`,
      { partial: result, ...(rootCause ? { rootCause } : {}) });
  }
  return response;
}

function faultOf(result: ExchangeResult, allowStray: boolean): string | undefined {
  if (result.error) return result.error.message;
  const response = result.responses[0];
  if (response === undefined) return 'no response';
  if (result.stray.length === 0 || allowStray) return undefined;
  return `${result.stray.length} stray byte(s) followed the ${response.statusCode} response: ${excerpt(result.stray, 0)}`;
}
