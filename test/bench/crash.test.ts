// The short CI version of bench:crash: under load, the receiver and then a worker
// process killed with SIGKILL twice each and restarted on the same PostgreSQL; then
// every delivery answered 202 has one record and one effect, and nothing refused was
// recorded. The database outage runs through a TCP proxy of the test's own (no other
// connection to the shared server is touched).
import { describe, expect, it } from 'vitest';
import { runCrash } from '../../bench/crash.ts';
import { databaseUrl, postgresSkipReason } from '../testing/postgres.ts';

const base = { databaseUrl: databaseUrl ?? '', receiverCycles: 0, workerCycles: 0, outage: 'none' as const, minUpMs: 300, maxUpMs: 600, lanes: 4, ratePerSec: 150, seed: 7, log: () => {} };

describe.skipIf(postgresSkipReason() !== undefined)('bench:crash, short', () => {
  it('receiver killed twice and worker killed twice under load: zero loss, nothing refused recorded', async () => {
    const outcome = await runCrash({ ...base, receiverCycles: 2, workerCycles: 2 });
    expect(outcome.problems).toEqual([]);
    for (const phase of ['receiverKills', 'workerKills']) {
      expect(outcome.figures[phase]).toMatchObject({ lost: 0, refusedRecorded: 0, forgedRecorded: 0, ok: true });
    }
  }, 240_000);

  // A connection lost between two statements of a transaction once ended the
  // receiver process (bench/README.md, "Defects found"); this run proves it answers
  // 503 instead, and recovers.
  it('PostgreSQL cut mid-load: 503, never 202, while down; recovers; zero loss', async () => {
    const outcome = await runCrash({ ...base, outage: 'proxy' });
    expect(outcome.problems).toEqual([]);
    expect(outcome.figures['databaseOutage']).toMatchObject({ acksWhileDown: 0, lost: 0, receiverDied: false, ok: true });
  }, 120_000);
});
