// Payment events for the suites: valid by default, every id unique to its run, so
// checks never collide with each other or with earlier runs against the same target.
import { randomBytes } from 'node:crypto';

export interface PaymentEvent {
  id: string;
  type: string;
  createdAt: string;
  data: { paymentId: string; amount: number; currency: string; version?: number; customerReference?: string };
}

/** Where the project's reference reads an event's version (CONTRACTS §5): one choice the spec leaves open. */
export const CONTRACTS_VERSION_FIELD = 'data.version';

const runTag = randomBytes(4).toString('hex');
let counter = 0;

/** A fresh id: evt_<run>_<n>_<label>. */
export function uniqueId(prefix = 'evt', label = ''): string {
  counter += 1;
  return `${prefix}_${runTag}_${counter}${label ? `_${label}` : ''}`;
}

export function paymentEvent(overrides: Partial<PaymentEvent> = {}): PaymentEvent {
  return {
    id: uniqueId(),
    type: 'payment.succeeded',
    createdAt: new Date().toISOString(),
    data: { paymentId: uniqueId('pay'), amount: 1250, currency: 'EUR', version: 1 },
    ...overrides,
  };
}

/** The event's JSON bytes, compact, keys in declaration order. */
export function eventBytes(event: object): Buffer {
  return Buffer.from(JSON.stringify(event), 'utf8');
}

/** The event with `value` at a dotted path (e.g. data.version), every object on the way copied. */
export function withField<T extends object>(event: T, path: string, value: unknown): T {
  const [head = '', ...rest] = path.split('.');
  const record = event as Record<string, unknown>;
  const inner = record[head];
  const next = rest.length === 0 ? value : withField(typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? inner : {}, rest.join('.'), value);
  return { ...record, [head]: next } as T;
}

/**
 * The event carrying `version` where the target reads it: an integer at that dotted path,
 * or — where the target orders events by createdAt (CONTRACTS §5: "the epoch milliseconds
 * of `createdAt`") — the instant that many milliseconds after the epoch, in ISO 8601.
 */
export function withVersion<T extends object>(event: T, field: string, version: number): T {
  return withField(event, field, field === 'createdAt' ? new Date(version).toISOString() : version);
}
