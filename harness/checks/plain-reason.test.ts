// A failure's reason in words, from the messages vitest's own assertions make: each is
// thrown here by the real matcher, so a change of chai's wording shows as a failure.
import { describe, expect, it } from 'vitest';
import { plainMessage, plainReason, plainWords } from './plain-reason.ts';

/** The message the assertion fails with. */
function failure(assertion: () => void): Error {
  try {
    assertion();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the assertion passed');
}

const reason = (assertion: () => void): string => plainReason(failure(assertion).message.split('\n')[0] ?? '');

describe('plainReason: chai\'s shapes as "expected …, got …"', () => {
  it.each([
    ['toBe', () => expect(401).toBe(202), 'expected 202, got 401'],
    ['not.toBe', () => expect(3).not.toBe(3), 'expected anything but 3, got 3'],
    ['toBe on two equal objects', () => expect({ a: 1 }).toBe({ a: 1 }), 'expected { a: 1 }, got { a: 1 } (equal, but not the same object)'],
    ['toEqual', () => expect({ a: 1 }).toEqual({ a: 2 }), 'expected { a: 2 }, got { a: 1 }'],
    ['not.toEqual', () => expect([1]).not.toEqual([1]), 'expected anything but [ 1 ], got [ 1 ]'],
    ['toStrictEqual', () => expect([1]).toStrictEqual([2]), 'expected [ 2 ], got [ 1 ]'],
    ['toMatch (text)', () => expect('text/plain').toMatch('json'), 'expected text matching \'json\', got \'text/plain\''],
    ['not.toMatch', () => expect('a json').not.toMatch('json'), 'expected text not matching \'json\', got \'a json\''],
    ['toMatchObject', () => expect({ received: false }).toMatchObject({ received: true }), 'expected an object matching { received: true }, got { received: false }'],
    ['toContain (text)', () => expect('abc').toContain('x'), 'expected something containing \'x\', got \'abc\''],
    ['not.toContain', () => expect('abc').not.toContain('b'), 'expected nothing containing \'b\', got \'abc\''],
    ['toContain (array)', () => expect([1, 2]).toContain(3), 'expected something including 3, got [ 1, 2 ]'],
    ['toContainEqual', () => expect([{ a: 1 }]).toContainEqual({ a: 2 }), 'expected an item equal to { a: 2 }, got [ { a: 1 } ]'],
    ['toBeGreaterThan', () => expect(0).toBeGreaterThan(0), 'expected more than 0, got 0'],
    ['toBeGreaterThanOrEqual', () => expect(0).toBeGreaterThanOrEqual(1), 'expected at least 1, got 0'],
    ['toBeLessThan', () => expect(5).toBeLessThan(1), 'expected less than 1, got 5'],
    ['toBeLessThanOrEqual', () => expect(5).toBeLessThanOrEqual(1), 'expected at most 1, got 5'],
    ['not.toBeGreaterThan', () => expect(5).not.toBeGreaterThan(1), 'expected at most 1, got 5'],
    ['toBeUndefined', () => expect('x').toBeUndefined(), 'expected no value (undefined), got \'x\''],
    ['not.toBeUndefined', () => expect(undefined).not.toBeUndefined(), 'expected a value, got undefined'],
    ['toBeDefined', () => expect(undefined).toBeDefined(), 'expected a value, got undefined'],
    ['toBeNull', () => expect(1).toBeNull(), 'expected null, got 1'],
    ['not.toBeNull', () => expect(null).not.toBeNull(), 'expected a value other than null, got null'],
    ['toBeTruthy', () => expect('').toBeTruthy(), 'expected a true value, got \'\''],
    ['toBeFalsy', () => expect(1).toBeFalsy(), 'expected a false value, got 1'],
    ['toBeNaN', () => expect(1).toBeNaN(), 'expected NaN, got 1'],
    ['toBeTypeOf', () => expect('a').toBeTypeOf('number'), 'expected a value of type \'number\', got \'a\''],
    ['toHaveLength', () => expect([1]).toHaveLength(2), 'expected length 2, got 1'],
    ['toHaveProperty', () => expect({ a: 1 }).toHaveProperty('b'), 'expected a property "b", got { a: 1 }'],
  ])('%s', (_name, assertion, words) => {
    expect(reason(assertion)).toBe(words);
  });

  it('keeps the check\'s own message in front of chai\'s words', () => {
    expect(reason(() => expect({ received: false }, 'the 202 body must be a JSON object with received = true').toMatchObject({ received: true })))
      .toBe('the 202 body must be a JSON object with received = true: expected an object matching { received: true }, got { received: false }');
    expect(reason(() => expect(0, 'the accepted event\'s business work must run to completion').toBeGreaterThan(0)))
      .toBe('the accepted event\'s business work must run to completion: expected more than 0, got 0');
  });

  it('drops chai\'s words when the check\'s message already says what came', () => {
    expect(reason(() => expect(401, 'expected 202 (accepted), got 401').toBe(202))).toBe('expected 202 (accepted), got 401');
    expect(reason(() => expect(false, 'GET /status: expected 2xx, got 500 {}').toBe(true))).toBe('GET /status: expected 2xx, got 500 {}');
  });

  it('tells chai\'s "expected" and its phrases from the same words inside a value or the check\'s message', () => {
    expect(reason(() => expect('a to be b').toBe('c'))).toBe('expected \'c\', got \'a to be b\'');
    expect(reason(() => expect('x: expected y', 'the answer').toBe('c'))).toBe('the answer: expected \'c\', got \'x: expected y\'');
    expect(reason(() => expect(3, 'a: expected nothing').toBe(4))).toBe('a: expected nothing: expected 4, got 3');
    expect(reason(() => expect('it\'s not').toBe('x'))).toBe('expected \'x\', got \'it\\\'s not\'');
  });

  it('leaves a reason that is not chai\'s as it is, chai-like words of a check included', () => {
    for (const line of [
      'POST /v1/labels answered 200: expected 201, got 200', 'content after a 204: PATCH preferences: 2 byte(s) followed',
      'expected a status line starting with "HTTP/1." at offset 3 but found "\\r"', 'GET label: expected the answer to contain an ETag',
      'the listing: expected the session to be undefined',
    ]) {
      expect(plainReason(line)).toBe(line);
    }
  });
});

describe('plainMessage and plainWords', () => {
  it('rewrites the first line only', () => {
    expect(plainMessage('expected 1 to be 2 // Object.is equality\n  - expected 3 to be 4 // Object.is equality')).toBe('expected 2, got 1\n  - expected 3 to be 4 // Object.is equality');
  });

  it('puts a thrown assertion in words, message and stack, keeping the error (its class, actual and expected draw the diff)', () => {
    const error = failure(() => expect(401, 'the delivery').toBe(202)) as Error & { actual?: unknown; expected?: unknown };
    expect(plainWords(error)).toBe(error);
    expect(error.message).toBe('the delivery: expected 202, got 401');
    expect(error.stack?.split('\n')[0]).toBe('AssertionError: the delivery: expected 202, got 401');
    expect([error.actual, error.expected]).toEqual([401, 202]);
  });

  it('leaves what it cannot change: a frozen error, a value that is no error', () => {
    const frozen = Object.freeze(new Error('expected 1 to be 2 // Object.is equality'));
    expect(plainWords(frozen)).toBe(frozen);
    expect(frozen.message).toBe('expected 1 to be 2 // Object.is equality');
    expect(plainWords('expected 1 to be 2')).toBe('expected 1 to be 2');
  });
});
