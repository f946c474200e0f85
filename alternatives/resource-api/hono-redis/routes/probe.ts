// The probe API of CONTRACTS.md §4 (only with CONFORMANCE_PROBE=1): effects counted
// per kind and subject, and the switch that fails the next write.
import { Hono } from 'hono';
import type { CommitSwitch } from '../store/commit-switch.ts';
import type { EffectStore } from '../store/effects.ts';

export function probeRoutes(effects: EffectStore, commitSwitch: CommitSwitch): Hono {
  const app = new Hono();

  app.get('/__probe/effects', async (c) => {
    const kind = c.req.query('kind');
    const subject = c.req.query('subject');
    const count = kind !== undefined && subject !== undefined ? await effects.count(kind, subject) : 0;
    return c.json({ count });
  });

  app.post('/__probe/fail-next-commit', (c) => {
    commitSwitch.arm();
    return c.body(null, 204);
  });

  return app;
}
