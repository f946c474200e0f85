// Probe API (CONTRACTS.md §4): read-only views of records and effects, registered
// only with CONFORMANCE_PROBE=1 — never in production.
import type { FastifyInstance } from 'fastify';
import type { SqlStore } from '../../store/sql-store.ts';
import { probeEvent } from '../event-repository.ts';

export function registerProbeRoutes(app: FastifyInstance, store: SqlStore): void {
  app.get<{ Params: { eventId: string } }>('/__probe/events/:eventId', async (request, reply) => {
    const probe = await probeEvent(store, request.params.eventId);
    if (!probe) return reply.code(404).send({ error: 'no record' });
    return probe;
  });
}
