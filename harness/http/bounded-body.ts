// The body of a fetch() Response read within the response budget, for the few places
// that ask a target with fetch (the device server's status preflight): a declared
// Content-Length above the budget fails before a byte of the body is read, a body that
// grows past it fails at the read that crosses it. Either way the body is cancelled,
// which makes fetch drop its connection, so nothing more is read.
import { responseBudget, tooLargeError, tooLargeReason } from './response-budget.ts';

/** `response`'s body as UTF-8 text; rejects with the budget's ExchangeError past `limit` bytes. */
export async function readBoundedText(response: Response, what: string, limit = responseBudget()): Promise<string> {
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) {
    const error = tooLargeError(tooLargeReason(what, limit, Number(declared)));
    await response.body?.cancel(error);
    throw error;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      const error = tooLargeError(tooLargeReason(what, limit));
      await reader.cancel(error);
      throw error;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
