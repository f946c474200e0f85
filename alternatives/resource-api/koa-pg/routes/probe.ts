// The probe API of CONTRACTS.md §4 (only with CONFORMANCE_PROBE=1): effects counted
// per kind and subject, and the switch that fails the next commit.
import Router from '@koa/router';
import type { CommitSwitch } from '../store/commit-switch.ts';
import type { EffectStore } from '../store/effects.ts';

export function probeRoutes(effects: EffectStore, commitSwitch: CommitSwitch): Router {
  const router = new Router();

  router.get('/__probe/effects', async (ctx) => {
    const kind = ctx.query['kind'];
    const subject = ctx.query['subject'];
    const count = typeof kind === 'string' && typeof subject === 'string' ? await effects.count(kind, subject) : 0;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { count };
  });

  router.post('/__probe/fail-next-commit', (ctx) => {
    commitSwitch.arm();
    ctx.status = 204;
  });

  return router;
}
