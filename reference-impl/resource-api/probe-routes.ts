// The probe API of CONTRACTS §4, registered only with CONFORMANCE_PROBE=1 (else
// these paths are unknown: 404). Read-only, plus the one fault switch; no auth.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { countEffects } from './outbox.ts';
import { ProblemError } from './problem.ts';

function requiredParam(query: Record<string, unknown>, name: string): string {
  const value = query[name];
  if (typeof value === 'string' && value !== '') return value;
  throw new ProblemError('bad-request', `query parameter "${name}" is required exactly once, e.g. ?kind=label.deleted&subject=<labelId>`);
}

export function probeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/__probe/effects', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const kind = requiredParam(query, 'kind');
    const subject = requiredParam(query, 'subject');
    const count = ctx.has('probe-blind') ? 0 : await countEffects(ctx.db, kind, subject);
    return reply.send({ count });
  });
  app.post('/__probe/fail-next-commit', async (_request, reply) => {
    ctx.db.failNextCommit();
    return reply.code(204).send();
  });
}
