// The discovery event (version-field-discovery.ts): one value per candidate, each distinct,
// and a createdAt whose epoch milliseconds are none of them — so the payment's version names
// one place. And the checks' way of sending a version there (withVersion).
import { describe, expect, it } from 'vitest';
import { withVersion } from './payment-event.ts';
import { CREATED_AT_FIELD, discoveryEvent, VERSION_FIELD_CANDIDATES } from './version-field-discovery.ts';

function at(event: object, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], event);
}

describe('the version-field discovery event', () => {
  it('carries a distinct integer at every candidate, and createdAt of other epoch milliseconds', () => {
    const { event, values } = discoveryEvent();
    expect(values.size).toBe(VERSION_FIELD_CANDIDATES.length + 1);
    for (const [value, field] of values) {
      expect(field === CREATED_AT_FIELD ? Date.parse(event.createdAt) : at(event, field), field).toBe(value);
    }
    expect(VERSION_FIELD_CANDIDATES.slice(0, 4)).toEqual(['data.version', 'version', 'data.sequence', 'sequence']);
  });

  it('stays a valid event of a fresh payment: id, type and createdAt as the spec wants, data.paymentId kept', () => {
    const { event } = discoveryEvent();
    expect(event.type).toBe('payment.succeeded');
    expect(event.id).not.toBe('');
    expect(event.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(event.data.paymentId).toMatch(/^pay_/);
  });
});

describe('withVersion', () => {
  it('sends an integer at a dotted path, and at createdAt the instant that many milliseconds after the epoch', () => {
    const event = { id: 'e', createdAt: '2026-01-01T00:00:00.000Z', data: { paymentId: 'p' } };
    expect(withVersion(event, 'data.version', 3)).toEqual({ ...event, data: { paymentId: 'p', version: 3 } });
    expect(withVersion(event, 'sequence', 3)).toEqual({ ...event, sequence: 3 });
    expect(withVersion(event, 'createdAt', 2)).toEqual({ ...event, createdAt: '1970-01-01T00:00:00.002Z' });
  });
});
