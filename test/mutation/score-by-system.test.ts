import { describe, expect, it } from 'vitest';
import { scoreOf } from '../../mutation/score-by-system.ts';

const mutants = (status: string, n: number) => Array.from({ length: n }, () => ({ status }));

describe('scoreOf', () => {
  it('counts killed and timed-out mutants as detected, over every valid mutant', () => {
    const report = { files: {
      'a.ts': { mutants: [...mutants('Killed', 80), ...mutants('Timeout', 5), ...mutants('Survived', 10)] },
      'b.ts': { mutants: [...mutants('NoCoverage', 5), ...mutants('Ignored', 40), ...mutants('CompileError', 3)] },
    } };
    expect(scoreOf('webhook', report)).toEqual({
      system: 'webhook', killed: 80, timeout: 5, survived: 10, noCoverage: 5, ignored: 40, errors: 3, score: 85,
    });
  });

  it('rounds down, so a score shown as 90 is at least 90', () => {
    const report = { files: { 'a.ts': { mutants: [...mutants('Killed', 899), ...mutants('Survived', 101)] } } };
    expect(scoreOf('x', report).score).toBe(89.9);
    const almost = { files: { 'a.ts': { mutants: [...mutants('Killed', 8999), ...mutants('Survived', 1001)] } } };
    expect(scoreOf('x', almost).score).toBe(89.99);
  });
});
