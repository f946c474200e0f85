// The bundled sender as WH-SEND-14/15 drive it against the run's target: with the run's
// sender faults (the self-test), a virtual clock whose only way forward is the sender's
// own sleep — so every delay it chose is seen without waiting it out — a dead-letter
// file in the report dir, and every attempt recorded in the check's (redacted) transcript.
import { join } from 'node:path';
import type { CheckContext } from '../../../../harness/checks/check.ts';
import type { AttemptReport, DeliverOptions } from '../../../../harness/webhook/sender/deliver.ts';
import type { VirtualTime } from '../../../../harness/webhook/sender/virtual-time.ts';
import { webhookTarget } from '../../../../harness/webhook/webhook-target.ts';

export function deadLetterFile(ctx: CheckContext, label = ''): string {
  return join(ctx.run.reportDir, 'dead-letters', `${ctx.check.id}${label ? `-${label}` : ''}.jsonl`);
}

function headerLines(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  return Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}\r\n`).join('');
}

/** An attempt as transcript bytes: the request as handed to node:http, the answer as received. */
function recordAttempt(ctx: CheckContext, { record, request, result }: AttemptReport): void {
  const url = new URL(request.url);
  const sent = Buffer.concat([Buffer.from(`POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n${headerLines(request.headers)}\r\n`), request.body]);
  const received = 'response' in result
    ? Buffer.concat([Buffer.from(`HTTP/1.1 ${result.response.status} ${result.response.statusText}\r\n${headerLines(result.response.headers)}\r\n`), result.response.body])
    : Buffer.alloc(0);
  const next = record.delayAfterMs === undefined ? 'no further attempt' : `next attempt in ${record.delayAfterMs} ms`;
  ctx.transcript.record({ url: request.url, sent, received, note: `sender attempt ${record.attempt}: ${record.status ?? record.error} (${record.verdict}); ${next}` });
}

/** Options for deliver() as the checks use it; `overrides` win. */
export function senderOptions(ctx: CheckContext, time: VirtualTime, overrides: Partial<DeliverOptions> & Pick<DeliverOptions, 'url' | 'body'>): DeliverOptions {
  return {
    secret: webhookTarget(ctx).secret,
    deadLetterFile: deadLetterFile(ctx),
    sleep: time.sleep,
    now: time.now,
    faults: webhookTarget(ctx).senderFaults ?? [],
    onAttempt: (report) => recordAttempt(ctx, report),
    ...overrides,
  };
}
