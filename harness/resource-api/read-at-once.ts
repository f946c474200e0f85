// 204 rules 4, "A 204 is returned only after the change is durably committed", proved
// the only way a client can: the read that follows a 204 sees the change. For the proof
// not to depend on luck, the read goes out the moment the 204 has arrived, on another
// connection opened before the mutation was sent: no connection set-up, no client
// machinery between the two. A service that commits after answering (a background
// task a few milliseconds later, a queue) then shows the old state to that read nearly
// every time, and RA-DUR-01 makes many such pairs, so one that shows it is enough.
import type { CheckContext } from '../checks/check.ts';
import { Connection } from '../http/connection.ts';
import { parseBaseUrl } from '../http/resolve-target.ts';
import { responseBudget } from '../http/response-budget.ts';
import { feedWithinBudget, type ResponseSizeWatch } from '../http/response-size-watch.ts';
import { awaitSendSlot, withExtraHeaders } from '../http/target-traffic.ts';
import { resolveTarget, serializeRequest, ResponseParser, type ParsedResponse, type RawRequest } from '../http/index.ts';
import { resourceApiTarget } from './resource-api-target.ts';

const TIMEOUT_MS = 10_000;

interface Side {
  sent: boolean;
  readonly connection: Connection;
  readonly parser: ResponseParser;
  readonly budget: ResponseSizeWatch;
  readonly bytes: Buffer;
  readonly label: string;
}

async function open(url: URL, request: RawRequest): Promise<Side> {
  const connection = await Connection.open(url, { timeoutMs: TIMEOUT_MS });
  const target = resolveTarget(url, request.target);
  const bytes = serializeRequest({ ...request, target, headers: withExtraHeaders(request.headers) }, url.host);
  const parser = new ResponseParser([request.method]);
  const label = `${request.method} ${target}`;
  const budget = feedWithinBudget(connection, parser, [{ method: request.method, label }], { limit: responseBudget() });
  return { sent: false, connection, parser, budget, bytes, label };
}

/** Sends the side's request and waits for its answer; an Error says why there is none. */
async function answer(side: Side): Promise<ParsedResponse | Error> {
  side.connection.write(side.bytes);
  side.sent = true;
  const arrived = await side.connection.waitFor(() => side.parser.done, TIMEOUT_MS);
  if (side.budget.exceeded !== undefined) return new Error(side.budget.exceeded);
  const [response] = side.parser.responses;
  if (response) return response;
  if (side.parser.error) return side.parser.error;
  return new Error(arrived ? `the connection closed before the answer to ${side.label}` : `no answer to ${side.label} within ${TIMEOUT_MS / 1000} s`);
}

export interface ReadAtOnce {
  readonly mutation: ParsedResponse | Error;
  /** The read, sent when the mutation's answer was complete; absent when the mutation got none. */
  readonly read?: ParsedResponse | Error;
}

/**
 * Opens two connections, sends `mutation` on the first and, the moment its answer is
 * complete, `read` on the second. Both exchanges go into the check's transcript.
 */
export async function mutateThenReadAtOnce(ctx: CheckContext, mutation: RawRequest, read: RawRequest): Promise<ReadAtOnce> {
  const url = parseBaseUrl(resourceApiTarget(ctx).baseUrl);
  // --rate-limit: the pair goes out together, so its two slots are taken before either is sent.
  await awaitSendSlot(2);
  const [writer, reader] = await Promise.all([open(url, mutation), open(url, read)]);
  try {
    const mutated = await answer(writer);
    if (mutated instanceof Error) return { mutation: mutated };
    return { mutation: mutated, read: await answer(reader) };
  } finally {
    for (const [side, note] of [[writer, 'the mutation'], [reader, 'the read, sent on its own connection (opened before the mutation) the moment the mutation\'s answer was complete']] as const) {
      ctx.transcript.record({ url: url.href, sent: side.sent ? side.bytes : Buffer.alloc(0), received: side.parser.received, note });
      side.connection.destroy();
    }
  }
}
