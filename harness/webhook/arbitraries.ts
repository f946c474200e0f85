// fast-check arbitraries for deliveries: formattings of a JSON value, bodies that are
// not JSON, and JSON that is not a valid event.
import fc from 'fast-check';
import { isJson } from '../checks/is-json.ts';
import type { JsonStyle } from './json-format.ts';

export function jsonStyle(): fc.Arbitrary<JsonStyle> {
  return fc.record({
    whitespace: fc.array(fc.constantFrom('', ' ', '  ', '\n', '\t', '\r\n', ' \n  '), { maxLength: 12 }),
    reverseDepths: fc.subarray([0, 1]),
    escapeSet: fc.subarray(['e', 'v', 't', '_', 'p', 'a', '.', 'm', '0', '1', '2', '-']),
  }).map(({ whitespace, reverseDepths, escapeSet }) => ({
    whitespace,
    reverseDepths,
    escape: (c: string) => escapeSet.includes(c),
  }));
}

const NOT_JSON_SHAPES = [
  '{"id": "evt_1", "type": "payment.succeeded"', // truncated
  '{"id": "evt_1",}', // trailing comma
  "{'id': 'evt_1'}", // single quotes
  '{id: "evt_1"}', // unquoted key
  '{"amount": NaN}',
  '// comment\n{}',
  '<xml/>',
  'id=evt_1&type=payment.succeeded',
  '{"a":1}{"b":2}',
  '[1, 2',
  '"unterminated',
  'undefined',
  'tru',
];

/** ASCII text that no JSON parser accepts (no BOM: RFC 8259 lets parsers ignore one). */
export function notJsonText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...NOT_JSON_SHAPES),
    fc.tuple(fc.constantFrom(...NOT_JSON_SHAPES), fc.string({ unit: 'grapheme-ascii', maxLength: 20 })).map(([a, b]) => a + b),
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }),
  ).filter((text) => !isJson(text) && text.trim().length > 0);
}

const ABSENT = Symbol('absent');

/** id / createdAt values: absent, empty or a valid string. */
const fieldValue = fc.constantFrom<string | typeof ABSENT>(ABSENT, '', 'x');
/** type values: absent, the accepted one, or anything else. */
const typeValue = fc.oneof(
  fc.constant<unknown>(ABSENT),
  fc.constant<unknown>('payment.succeeded'),
  fc.constantFrom<unknown>('payment.failed', 'PAYMENT.SUCCEEDED', 'payment.succeeded ', '', 42, null, true, ['payment.succeeded']),
);

/**
 * JSON values that step 3 of the processing order rejects: not an object, or an
 * object with id or createdAt missing or empty, or a type other than
 * payment.succeeded. Non-string ids are left out on purpose: step 3 names only
 * missing or empty ones (WH-VAL-10 covers them as SHOULD).
 */
export function invalidEventJson(uniqueId: () => string): fc.Arbitrary<unknown> {
  const notObject = fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }));
  const badObject = fc.record({ id: fieldValue, createdAt: fieldValue, type: typeValue })
    .filter(({ id, createdAt, type }) => id !== 'x' || createdAt !== 'x' || type !== 'payment.succeeded')
    .map(({ id, createdAt, type }) => {
      const event: Record<string, unknown> = { data: { paymentId: 'pay_x', amount: 1, currency: 'EUR' } };
      if (id !== ABSENT) event['id'] = id === 'x' ? uniqueId() : id;
      if (type !== ABSENT) event['type'] = type;
      if (createdAt !== ABSENT) event['createdAt'] = createdAt === 'x' ? new Date().toISOString() : createdAt;
      return event;
    });
  return fc.oneof(notObject, badObject);
}
