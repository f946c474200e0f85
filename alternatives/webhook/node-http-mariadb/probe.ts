// The probe API (CONTRACTS §4), served only with CONFORMANCE_PROBE=1. No fail switch:
// POST /__probe/fail-next-commit is not a route here (404).
import type { ServerResponse } from 'node:http';
import type mysql from 'mysql2/promise';
import { eventKey, paymentKey } from './keys.ts';
import { sendJson } from './respond.ts';
import type { Db } from './store.ts';

const EVENTS = '/__probe/events/';
const PAYMENTS = '/__probe/payments/';

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

async function eventView(db: Db, eventId: string): Promise<object | undefined> {
  const [rows] = await db.execute<mysql.RowDataPacket[]>('SELECT status, effects FROM events WHERE event_key = ?', [eventKey(eventId)]);
  const row = rows[0] as { status: string; effects: number } | undefined;
  return row === undefined ? undefined : { records: rows.length, status: row.status, effects: row.effects };
}

async function paymentView(db: Db, paymentId: string): Promise<object | undefined> {
  const key = paymentKey(paymentId);
  const [rows] = await db.execute<mysql.RowDataPacket[]>('SELECT version, status FROM payments WHERE payment_key = ?', [key]);
  const row = rows[0] as { version: number | string; status: string } | undefined;
  if (row === undefined) return undefined;
  const [applied] = await db.execute<mysql.RowDataPacket[]>('SELECT version FROM payment_versions WHERE payment_key = ? ORDER BY seq', [key]);
  return { version: Number(row.version), status: row.status, applied: applied.map((r) => Number((r as { version: number | string }).version)) };
}

/** Answers a probe request; false when the path is not a probe route. */
export async function handleProbe(db: Db, method: string, path: string, res: ServerResponse): Promise<boolean> {
  const route = path.startsWith(EVENTS) ? { prefix: EVENTS, view: eventView } : path.startsWith(PAYMENTS) ? { prefix: PAYMENTS, view: paymentView } : undefined;
  if (route === undefined || method !== 'GET') return false;
  const id = decoded(path.slice(route.prefix.length));
  if (id === undefined || id === '') {
    sendJson(res, 400, { error: 'bad id' });
    return true;
  }
  const view = await route.view(db, id);
  if (view === undefined) sendJson(res, 404, { error: 'not found' });
  else sendJson(res, 200, view);
  return true;
}
