import { describe, expect, it } from 'vitest';
import { ExchangeCode, ExchangeError } from '../http/http-errors.ts';
import { Redactor } from '../http/redactor.ts';
import { PrerequisiteFailed, rootCauseOf, shownCause, type RootCause } from './root-cause.ts';

const FRAMING: RootCause = { kind: 'framing', description: 'stray bytes after a 204 response', bytes: '\\r\\n' };

describe('rootCauseOf', () => {
  it('finds the cause an error names, on itself or down its cause chain (a property wraps its counterexample\'s error)', () => {
    const exchangeError = new ExchangeError(ExchangeCode.framing, 'PATCH /x: 2 stray byte(s)', { rootCause: { kind: 'framing', description: FRAMING.description, bytes: '\\r\\n' } });
    expect(rootCauseOf(exchangeError)).toEqual(FRAMING);
    const property = new Error('Property failed after 1 tests: PATCH /x: 2 stray byte(s)', { cause: exchangeError });
    expect(rootCauseOf(new Error('outer', { cause: property }))).toEqual(FRAMING);
  });

  it('names a failed prerequisite as its cause, the reason being the finding itself', () => {
    const error = new PrerequisiteFailed('the probe could not be relied on: an exchange of the preflight\'s positive control broke');
    expect(error.message).toBe('the probe could not be relied on: an exchange of the preflight\'s positive control broke');
    expect(rootCauseOf(error)).toEqual({ kind: 'prerequisite', description: error.message });
  });

  it('finds none where no error names one, or where what is named is no cause', () => {
    expect(rootCauseOf(new Error('expected 202, got 401'))).toBeUndefined();
    expect(rootCauseOf(new ExchangeError(ExchangeCode.timeout, 'timed out'))).toBeUndefined();
    expect(rootCauseOf(Object.assign(new Error('x'), { rootCause: { kind: 'weather', description: 'rain' } }))).toBeUndefined();
    expect(rootCauseOf(Object.assign(new Error('x'), { rootCause: { kind: 'framing', description: '' } }))).toBeUndefined();
    expect(rootCauseOf('a string')).toBeUndefined();
  });
});

describe('shownCause', () => {
  it('redacts the run\'s secrets (a target may echo a token in its stray bytes) and escapes controls', () => {
    const token = 'tok_5f2a9c77';
    const shown = shownCause({ kind: 'framing', description: `stray bytes\u001b[2J ${token}`, bytes: `{"t":"${token}"}` }, new Redactor({ secrets: [token] }));
    expect(shown).toEqual({ kind: 'framing', description: 'stray bytes\\x1b[2J [REDACTED]', bytes: '{"t":"[REDACTED]"}' });
  });
});
