// The guard of bench:under-load: its load (busy loops, spawners of `node -e 0`) is gone,
// every process of every group, once stopped — the bench never leaves a machine loaded —
// and its rounds find every correct alternative beside `run all`.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { groupMembers, startLoad } from '../../bench/lib/machine-load.ts';
import { plans } from '../../bench/under-load.ts';

describe('bench:under-load, short', () => {
  it('starts its busy loops and spawners in process groups of their own and leaves none of them running', async () => {
    const load = startLoad({ loops: 2, spawners: 1 });
    try {
      expect(load.groups).toHaveLength(3);
      await sleep(500);
      for (const group of load.groups) expect(groupMembers(group).length).toBeGreaterThan(0);
    } finally {
      await load.stop();
    }
    for (const group of load.groups) expect(groupMembers(group)).toEqual([]);
  }, 30_000);

  it('runs `run all` and one run per correct alternative: the receivers, the APIs and the senders', () => {
    const names = plans().map((p) => p.name);
    expect(names[0]).toBe('run-all');
    expect(names.filter((n) => n.startsWith('webhook/')).length).toBeGreaterThanOrEqual(2);
    expect(names.filter((n) => n.startsWith('resource-api/')).length).toBeGreaterThanOrEqual(2);
    expect(names.filter((n) => n.startsWith('webhook-sender/')).length).toBeGreaterThanOrEqual(2);
  });
});
