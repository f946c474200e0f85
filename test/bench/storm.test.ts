// The short CI version of bench:storm: 200 identical deliveries released together over
// two receiver instances on one PostgreSQL — all 202, one record, one effect.
import { describe, expect, it } from 'vitest';
import { runStorm } from '../../bench/storm.ts';
import { databaseUrl, postgresSkipReason } from '../testing/postgres.ts';

describe.skipIf(postgresSkipReason() !== undefined)('bench:storm, short', () => {
  it('200 identical deliveries over 2 instances: all 202, exactly one record and one effect', async () => {
    const outcome = await runStorm({ databaseUrl: databaseUrl ?? '', deliveries: 200, instances: 2, log: () => {} });
    expect(outcome.problems).toEqual([]);
    expect(outcome.figures.statusCounts).toEqual({ 202: 200 });
    expect(outcome.figures.exactlyOnce).toMatchObject({ holds: true, ok: 1 });
    // Both servers saw the deliveries (the tap recorded a body for each).
    expect(outcome.figures.serverArrivalSpreadPerInstanceMs).toHaveLength(2);
  }, 120_000);
});
