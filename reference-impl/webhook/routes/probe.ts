// Probe API (CONTRACTS.md §4): read-only views of records, effects and payment
// state, and the optional fail switch, registered only with CONFORMANCE_PROBE=1 —
// never in production.
import type { FastifyInstance } from 'fastify';
import type { SqlStore } from '../../store/sql-store.ts';
import type { WebhookFault } from '../faults.ts';
import type { GroupCommitter } from '../group-commit.ts';
import { probeEvent, probePayment } from '../probe.ts';

export function registerProbeRoutes(app: FastifyInstance, store: SqlStore, committer: GroupCommitter, faults: ReadonlySet<WebhookFault>): void {
  app.post('/__probe/fail-next-commit', async (_request, reply) => {
    committer.failNextCommit();
    return reply.code(204).send();
  });
  app.get<{ Params: { eventId: string } }>('/__probe/events/:eventId', async (request, reply) => {
    const probe = faults.has('probe-blind') ? undefined : await probeEvent(store, request.params.eventId);
    if (probe && faults.has('record-status-done') && probe.status === 'completed') return { ...probe, status: 'done' };
    return probe ?? reply.code(404).send({ error: 'no record' });
  });
  app.get<{ Params: { paymentId: string } }>('/__probe/payments/:paymentId', async (request, reply) => {
    const probe = await probePayment(store, request.params.paymentId);
    return probe ?? reply.code(404).send({ error: 'no state' });
  });
}
