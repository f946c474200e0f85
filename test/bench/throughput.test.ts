// The short CI version of bench:throughput: 500 unique signed deliveries over 32
// connections to the receiver (PostgreSQL with DATABASE_URL, and embedded PGlite).
// Correctness only — every one answered 202, one record and one effect each — never
// timing: the figures live in `npm run bench:throughput`.
import { describe, expect, it } from 'vitest';
import { runThroughput, VARIANTS, type ReceiverVariant } from '../../bench/throughput.ts';
import { databaseUrl } from '../testing/postgres.ts';

const variant = (name: string): ReceiverVariant => {
  const v = VARIANTS[name];
  if (!v) throw new Error(`no variant ${name}`);
  return v;
};

async function shortRun(variants: ReceiverVariant[], amount: number): Promise<void> {
  const outcome = await runThroughput({ databaseUrl, connections: 32, amount, warmupSec: 0, limits: false, variants, verifyEffects: true, log: () => {} });
  expect(outcome.problems).toEqual([]);
  expect(outcome.figures.receivers).toHaveLength(variants.length);
  for (const receiver of outcome.figures.receivers) {
    expect(receiver.load.statusCounts).toEqual({ 202: amount });
    expect(receiver.exactlyOnce).toMatchObject({ holds: true, checked: amount, ok: amount });
  }
}

describe('bench:throughput, short', () => {
  it.skipIf(!databaseUrl)('PostgreSQL: 500 concurrent unique deliveries over 32 connections, all 202, each recorded and processed exactly once', async () => {
    await shortRun([variant('pg-in-process-worker')], 500);
  }, 180_000);

  it('embedded PGlite: 100 concurrent unique deliveries over 32 connections, all 202, each recorded and processed exactly once', async () => {
    await shortRun([variant('pglite')], 100);
  }, 180_000);
});
