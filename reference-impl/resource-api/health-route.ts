// GET /healthz: 200 {"status":"ok"} while the store answers, else 503 (problem).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';

export function healthRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', async (_request, reply) => {
    await ctx.db.query('SELECT 1');
    return reply.send({ status: 'ok' });
  });
}
