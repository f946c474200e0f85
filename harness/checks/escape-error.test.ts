import { describe, expect, it } from 'vitest';
import { escapeError } from './escape-error.ts';

const INJECTED = '\x1b]0;pwned\x07\r\u009b\u202e';
const SHOWN = '\\x1b]0;pwned\\x07\\r\\u009B\\u202E';

describe('escapeError', () => {
  it('escapes the message, the stack, actual, expected and the cause of an assertion error, keeping its lines and its class', () => {
    const error = Object.assign(new TypeError(`GET answered ${INJECTED}\nsecond line`), {
      actual: { body: INJECTED, list: [INJECTED], status: 500 },
      expected: INJECTED,
      showDiff: true,
      cause: new Error(INJECTED),
    });
    const escaped = escapeError(error) as typeof error;
    expect(escaped).toBe(error);
    expect(escaped).toBeInstanceOf(TypeError);
    expect(escaped.message).toBe(`GET answered ${SHOWN}\nsecond line`);
    expect(escaped.stack).toContain(`TypeError: GET answered ${SHOWN}\nsecond line\n    at `);
    expect(escaped.actual).toEqual({ body: SHOWN, list: [SHOWN], status: 500 });
    expect(escaped.expected).toBe(SHOWN);
    expect(escaped.showDiff).toBe(true);
    expect((escaped.cause as Error).message).toBe(SHOWN);
  });

  it('makes an Error of a thrown string, and of an error it cannot change', () => {
    expect((escapeError(INJECTED) as Error).message).toBe(SHOWN);
    const frozen = Object.freeze(new Error(INJECTED));
    const escaped = escapeError(frozen) as Error;
    expect(escaped).not.toBe(frozen);
    expect(escaped.message).toBe(SHOWN);
  });
});
