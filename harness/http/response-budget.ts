// How many bytes one answer of a target may take before the harness stops reading it.
// A target under certification may be broken or hostile — an endless chunked body, a
// Content-Length of 2 GiB — and a client that keeps whatever arrives holds all of it.
// So every client of the harness stops at this budget: the exchange fails with a
// reason naming it, and the connection is dropped so nothing more arrives. A few MiB is
// far above anything the specs need (their answers are small JSON documents).
//
// The run's --max-response-bytes sets it once per process (the CLI, each suite
// process, the Pact process) rather than being threaded through every call of every
// client; a call may still pass a budget of its own.
import { ExchangeCode, ExchangeError } from './http-errors.ts';

export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/** Above this a budget no longer protects the harness's memory: --max-response-bytes refuses it. */
export const MAX_RESPONSE_BYTES_LIMIT = 1024 * 1024 * 1024;

let budget = DEFAULT_MAX_RESPONSE_BYTES;

export function isResponseBudget(bytes: number): boolean {
  return Number.isSafeInteger(bytes) && bytes >= 1 && bytes <= MAX_RESPONSE_BYTES_LIMIT;
}

/** The budget of this process's clients (--max-response-bytes; default 4 MiB). */
export function responseBudget(): number {
  return budget;
}

/** Sets this process's budget, from the run's --max-response-bytes. */
export function setResponseBudget(bytes: number): void {
  if (!isResponseBudget(bytes)) throw new RangeError(`a response budget is a whole number of bytes from 1 to ${MAX_RESPONSE_BYTES_LIMIT}; got ${bytes}`);
  budget = bytes;
}

/** `4 MiB`, `64 KiB`, `1000 bytes`: the budget as a person reads it, exact. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

const FLAG = '(--max-response-bytes)';

/** Why an answer was not read to its end: it declared a length, or it kept coming. */
export function tooLargeReason(what: string, limit: number, declared?: number): string {
  return declared === undefined
    ? `the answer to ${what} was larger than ${formatBytes(limit)} ${FLAG}; the connection was dropped`
    : `the answer to ${what} declares Content-Length: ${declared}, larger than ${formatBytes(limit)} ${FLAG}; the connection was dropped without reading its body`;
}

/** Bytes that kept coming after a complete answer, where nothing or a next answer was due. */
export function trailingFloodReason(what: string, limit: number): string {
  return `more than ${formatBytes(limit)} ${FLAG} followed the answer to ${what}; the connection was dropped`;
}

export function tooLargeError(reason: string): ExchangeError {
  return new ExchangeError(ExchangeCode.tooLarge, reason);
}

/** The budget error among `error` and its causes (undici and fetch wrap it), if there is one. */
export function budgetErrorIn(error: unknown): ExchangeError | undefined {
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (e instanceof ExchangeError && e.code === ExchangeCode.tooLarge) return e;
  }
  return undefined;
}
