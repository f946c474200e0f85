// The bundled sender as the WH-SEND checks drive it: with the run's sender faults (the
// self-test), a virtual clock whose only way forward is the sender's own sleep — so
// every delay is observed exactly — a dead-letter file in the report dir, and every
// attempt recorded in the check's (redacted) transcript.
import { join } from 'node:path';
import type { CheckContext } from '../../../../harness/checks/check.ts';
import { deliver, type AttemptReport, type DeliverOptions } from '../../../../harness/webhook/sender/deliver.ts';
import type { DeliveryResult } from '../../../../harness/webhook/sender/delivery-result.ts';
import { webhookTarget } from '../../../../harness/webhook/webhook-target.ts';
import { simulateReceiver, RECEIVER_URL, type Answer, type ReceivedRequest } from './simulated-receiver.ts';

export interface VirtualTime {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Every delay the sender slept, in order. */
  readonly sleeps: readonly number[];
}

export function virtualTime(start = Date.UTC(2026, 10, 21)): VirtualTime {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}


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
export function senderOptions(ctx: CheckContext, time: VirtualTime, overrides: Partial<DeliverOptions> & Pick<DeliverOptions, 'body'>): DeliverOptions {
  return {
    url: RECEIVER_URL,
    secret: webhookTarget(ctx).secret,
    deadLetterFile: deadLetterFile(ctx),
    sleep: time.sleep,
    now: time.now,
    faults: webhookTarget(ctx).senderFaults ?? [],
    onAttempt: (report) => recordAttempt(ctx, report),
    ...overrides,
  };
}

export interface SimulatedDelivery {
  readonly result: DeliveryResult;
  readonly received: readonly ReceivedRequest[];
  readonly time: VirtualTime;
}

/** One delivery by the bundled sender to the simulated receiver answering `answers` in turn. */
export async function sendToSimulated(
  ctx: CheckContext,
  answers: readonly Answer[],
  options: Partial<DeliverOptions> & Pick<DeliverOptions, 'body'>,
): Promise<SimulatedDelivery> {
  const time = virtualTime();
  const receiver = simulateReceiver(answers, time.now);
  try {
    const result = await deliver(senderOptions(ctx, time, options));
    return { result, received: receiver.received, time };
  } finally {
    receiver.close();
  }
}
