// The probe API of CONTRACTS §4 (only with CONFORMANCE_PROBE=1): read-only views of
// records, effects and payment state, and the fail switch.
import express from 'express';
import type { FailSwitch } from './fail-switch.ts';
import { eventKey, paymentKey } from './keys.ts';
import type { Store } from './store.ts';

export function probeRouter(store: Store, failSwitch: FailSwitch): express.Router {
  const router = express.Router();
  const { events, payments } = store.tables;

  // Express decodes the percent-encoded path parameter.
  router.get('/events/:eventId', async (req, res) => {
    const { rows } = await store.pool.query<{ status: string; effects: number }>(
      `SELECT status, effects FROM ${events} WHERE event_key = $1`,
      [eventKey(req.params.eventId)],
    );
    const row = rows[0];
    if (row === undefined) {
      res.status(404).json({ error: 'no record' });
      return;
    }
    res.json({ records: rows.length, status: row.status, effects: row.effects });
  });

  router.get('/payments/:paymentId', async (req, res) => {
    const { rows } = await store.pool.query<{ version: string; status: string; applied: string[] }>(
      `SELECT version, status, applied FROM ${payments} WHERE payment_key = $1`,
      [paymentKey(req.params.paymentId)],
    );
    const row = rows[0];
    if (row === undefined) {
      res.status(404).json({ error: 'no payment state' });
      return;
    }
    res.json({ version: Number(row.version), status: row.status, applied: row.applied.map(Number) });
  });

  router.post('/fail-next-commit', (_req, res) => {
    failSwitch.arm();
    res.sendStatus(204);
  });

  return router;
}
