// Load that runs while things break: lanes send unique signed events (and a share of
// badly signed ones, which must never be recorded) to whatever URL is current, and
// keep every answer by event id — the ledger the crash checks verify against.
import { setTimeout as sleep } from 'node:timers/promises';
import { BENCH_SECRET } from './receiver.ts';
import { signedDelivery } from './signed-events.ts';

export type Answer = number | 'error';

export interface LedgerEntry {
  readonly id: string;
  /** true: sent with a wrong signature (expected 401, never recorded). */
  readonly forged: boolean;
  readonly sentAt: number;
  answeredAt: number;
  answer: Answer;
}

export class SteadyLoad {
  readonly ledger: LedgerEntry[] = [];
  #running = false;
  #lanes: Promise<void>[] = [];
  #seq = 0;

  #startedAt = 0;

  /** ratePerSec: a ceiling on the sending rate of all lanes together (the backlog the workers must clear grows with it). */
  constructor(private readonly options: { prefix: string; lanes: number; forgedEvery: number; url: () => string | undefined; ratePerSec?: number; timeoutMs?: number; maxRequests?: number }) {}

  start(): void {
    this.#running = true;
    this.#startedAt = Date.now();
    this.#lanes = Array.from({ length: this.options.lanes }, () => this.#lane());
  }

  async stop(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#lanes);
  }

  get sent(): number { return this.ledger.length; }

  async #lane(): Promise<void> {
    while (this.#running && this.ledger.length < (this.options.maxRequests ?? 1_000_000)) {
      const url = this.options.url();
      if (!url) { await sleep(5); continue; }
      const rate = this.options.ratePerSec;
      if (rate && this.#seq > ((Date.now() - this.#startedAt) / 1000) * rate) { await sleep(5); continue; }
      const n = this.#seq++;
      const forged = this.options.forgedEvery > 0 && n % this.options.forgedEvery === 0;
      const delivery = signedDelivery(BENCH_SECRET, `${this.options.prefix}_${n}${forged ? '_forged' : ''}`);
      const entry: LedgerEntry = { id: delivery.id, forged, sentAt: Date.now(), answeredAt: 0, answer: 'error' };
      this.ledger.push(entry);
      try {
        const response = await fetch(new URL('/webhooks/payments', url), {
          method: 'POST', body: delivery.body,
          headers: { 'content-type': 'application/json', 'x-webhook-signature': forged ? '0'.repeat(64) : delivery.signature },
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        });
        await response.arrayBuffer();
        entry.answer = response.status;
      } catch {
        entry.answer = 'error';
        await sleep(2);
      }
      entry.answeredAt = Date.now();
    }
  }
}

export interface LedgerSplit {
  /** answered 202: must have exactly one record and one effect */
  readonly acked: string[];
  /** answered with a status other than 2xx: must have no record */
  readonly refused: string[];
  /** no answer (connection reset or refused): either no record or exactly once */
  readonly unanswered: string[];
  readonly statusCounts: Record<string, number>;
}

export function splitLedger(ledger: readonly LedgerEntry[]): LedgerSplit {
  const acked: string[] = [];
  const refused: string[] = [];
  const unanswered: string[] = [];
  const statusCounts: Record<string, number> = {};
  for (const e of ledger) {
    statusCounts[String(e.answer)] = (statusCounts[String(e.answer)] ?? 0) + 1;
    if (e.answer === 'error') unanswered.push(e.id);
    else if (e.answer >= 200 && e.answer < 300) acked.push(e.id);
    else refused.push(e.id);
  }
  return { acked, refused, unanswered, statusCounts };
}
