// The short CI version of bench:fuzz: 2,000 generated requests (valid, duplicated,
// badly signed, malformed, hostile headers, oversize, invalid UTF-8, slow and abandoned
// sends, pipelined) against the webhook receiver and 2,000 against the resource API:
// no 5xx but the provoked 503s, both alive, no effect from a refused request.
import { describe, expect, it } from 'vitest';
import { runFuzz } from '../../bench/fuzz.ts';
import { databaseUrl } from '../testing/postgres.ts';

describe('bench:fuzz, short', () => {
  it('2,000 requests against each reference: no 5xx, no crash, no effect from a refused request', async () => {
    const outcome = await runFuzz({ databaseUrl, requests: 2_000, lanes: 16, seed: 11, maxSeconds: 90, log: () => {} });
    expect(outcome.problems).toEqual([]);
    for (const target of [outcome.figures['receiver'], outcome.figures['resourceApi']] as Array<Record<string, unknown>>) {
      expect(target).toMatchObject({ sent: 2_000, fiveXx: 0, alive: true });
    }
  }, 240_000);
});
