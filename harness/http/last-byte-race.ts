// Requests that really arrive together: every connection is opened and every request
// sent but its last byte; only when all are waiting does one tight loop send the last
// bytes. A server cannot start on any request before it has all of it, so the
// requests reach it within the spread of that loop — the "last-byte sync" technique.
import { Connection } from './connection.ts';
import { ExchangeCode, ExchangeError } from './http-errors.ts';
import { ResponseParser } from './response-parser.ts';
import type { ParsedResponse } from './parsed-response.ts';
import { serializeRequest, type RawRequest } from './raw-request.ts';
import { resolveTarget } from './resolve-target.ts';
import { responseBudget } from './response-budget.ts';
import { feedWithinBudget, type ResponseSizeWatch } from './response-size-watch.ts';
import { awaitSendSlot, withExtraHeaders } from './target-traffic.ts';
import type { Transcript } from './transcript.ts';

export interface RaceEntry {
  readonly baseUrl: string;
  readonly request: RawRequest;
}

export interface RaceResult {
  /** One per entry, in order: the response, or the error that took its place. */
  readonly outcomes: ReadonlyArray<ParsedResponse | Error>;
  /** Time between the first and the last final byte written, in milliseconds. */
  readonly releaseSpreadMs: number;
}

interface Prepared {
  readonly connection: Connection;
  readonly parser: ResponseParser;
  readonly budget: ResponseSizeWatch;
  readonly bytes: Buffer;
  readonly url: string;
}

async function prepare(entry: RaceEntry, timeoutMs: number, maxResponseBytes: number): Promise<Prepared> {
  const url = new URL(entry.baseUrl);
  const connection = await Connection.open(url, { timeoutMs });
  const target = resolveTarget(url, entry.request.target);
  const bytes = serializeRequest({ ...entry.request, target, headers: withExtraHeaders(entry.request.headers) }, url.host);
  const parser = new ResponseParser([entry.request.method]);
  const budget = feedWithinBudget(connection, parser, [{ method: entry.request.method, label: `${entry.request.method} ${target}` }], { limit: maxResponseBytes });
  connection.write(bytes.subarray(0, bytes.length - 1));
  return { connection, parser, budget, bytes, url: url.href };
}

function outcomeOf(prepared: Prepared): ParsedResponse | Error {
  // A flood after a complete answer fails it too: the connection was dropped while the others raced.
  if (prepared.budget.exceeded !== undefined) return new ExchangeError(ExchangeCode.tooLarge, prepared.budget.exceeded);
  const [response] = prepared.parser.responses;
  if (response) return response;
  return prepared.parser.error ?? new Error(`no response from ${prepared.url}${prepared.connection.closedByPeer ? ' (connection closed)' : ''}`);
}

export async function raceRequests(entries: readonly RaceEntry[], options: { timeoutMs?: number; transcript?: Transcript; maxResponseBytes?: number } = {}): Promise<RaceResult> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxResponseBytes = options.maxResponseBytes ?? responseBudget();
  // --rate-limit: the requests race, so they go together as one burst, paid for in full
  // (send-pacer.ts); a burst larger than the limit rejects, and its check is skipped.
  await awaitSendSlot(entries.length);
  const prepared = await Promise.all(entries.map((entry) => prepare(entry, timeoutMs, maxResponseBytes)));
  // Let the partial requests reach the server before the release.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const start = process.hrtime.bigint();
  for (const p of prepared) p.connection.write(p.bytes.subarray(p.bytes.length - 1));
  const releaseSpreadMs = Number(process.hrtime.bigint() - start) / 1e6;
  await Promise.all(prepared.map((p) => p.connection.waitFor(() => p.parser.done, timeoutMs)));
  const outcomes = prepared.map(outcomeOf);
  for (const p of prepared) p.connection.destroy();
  if (options.transcript && prepared[0]) {
    options.transcript.note(`${entries.length} requests released together (last-byte sync, release spread ${releaseSpreadMs.toFixed(2)} ms); the first exchange:`);
    options.transcript.record({ url: prepared[0].url, sent: prepared[0].bytes, received: prepared[0].parser.received });
  }
  return { outcomes, releaseSpreadMs };
}
