// One line of the dead-letter file: an exhausted delivery, with what an operator needs
// to see it and replay it — the exact body bytes, the URL, every attempt. Never the
// secret and never the signature: a replay signs the bytes again with the secret the
// operator supplies.
import { randomBytes } from 'node:crypto';
import type { AttemptRecord, DeliveryOutcome } from './delivery-result.ts';

export const DEAD_LETTER_SCHEMA = 'wirecheck.dead-letter/v1';
export const DELIVERY_ID = /^dl_[0-9a-f]{16}$/;

/** A replay that did not deliver; the entry stays in the file with this appended. */
export interface ReplayRecord {
  readonly at: string;
  readonly url: string;
  readonly outcome: DeliveryOutcome;
  readonly attempts: readonly AttemptRecord[];
}

export interface DeadLetterEntry {
  readonly schema: typeof DEAD_LETTER_SCHEMA;
  readonly deliveryId: string;
  readonly url: string;
  /** The body's `id` when it is a JSON object with a string id, else null. */
  readonly eventId: string | null;
  /** The exact body bytes, base64. */
  readonly body: string;
  readonly attempts: readonly AttemptRecord[];
  readonly exhaustedAt: string;
  readonly replays?: readonly ReplayRecord[];
}

export function newDeliveryId(): string {
  return `dl_${randomBytes(8).toString('hex')}`;
}

export function eventIdOf(body: Uint8Array): string | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(body).toString('utf8'));
    const id = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)['id'] : undefined;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

export function entryBody(entry: DeadLetterEntry): Buffer {
  return Buffer.from(entry.body, 'base64');
}

/** A line of the file as an entry, or an error saying what is wrong with it. */
export function parseEntry(line: string): DeadLetterEntry {
  const value: unknown = JSON.parse(line);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not a JSON object');
  const entry = value as Record<string, unknown>;
  if (entry['schema'] !== DEAD_LETTER_SCHEMA) throw new Error(`schema is not ${DEAD_LETTER_SCHEMA}`);
  if (typeof entry['deliveryId'] !== 'string' || !DELIVERY_ID.test(entry['deliveryId'])) throw new Error('deliveryId missing or malformed');
  if (typeof entry['url'] !== 'string') throw new Error('url missing');
  if (typeof entry['body'] !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(entry['body'])) throw new Error('body missing or not base64');
  if (!Array.isArray(entry['attempts'])) throw new Error('attempts missing');
  if (typeof entry['exhaustedAt'] !== 'string') throw new Error('exhaustedAt missing');
  return value as DeadLetterEntry;
}

export function serializeEntry(entry: DeadLetterEntry): string {
  return `${JSON.stringify(entry)}\n`;
}
