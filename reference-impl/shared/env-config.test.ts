// The rules of EnvReader, which no conformance run reaches (a run always gives a valid
// environment): empty means unset, every problem is collected, done() reports them all.
import { describe, expect, it } from 'vitest';
import { ConfigError, EnvReader } from './env-config.ts';

describe('EnvReader', () => {
  it('reads an empty variable as unset', () => {
    const read = new EnvReader({ HOST: '', PORT: '' });
    expect(read.string('HOST')).toBeUndefined();
    expect(read.port('PORT', 3000)).toBe(3000);
    expect(read.problems).toEqual([]);
  });

  it('requires a variable, naming it and the hint', () => {
    const read = new EnvReader({});
    expect(read.required('WEBHOOK_SECRET', 'the shared secret')).toBe('');
    expect(read.problems).toEqual(['WEBHOOK_SECRET is required: the shared secret']);
    expect(new EnvReader({ WEBHOOK_SECRET: 's' }).required('WEBHOOK_SECRET', 'h')).toBe('s');
  });

  it('refuses a required variable of blanks only, as if it were unset', () => {
    for (const blank of [' ', '\t', ' \n ']) {
      const read = new EnvReader({ WEBHOOK_SECRET: blank });
      read.required('WEBHOOK_SECRET', 'the shared secret');
      expect(read.problems, JSON.stringify(blank)).toEqual(['WEBHOOK_SECRET is blank (whitespace only), which counts as unset; it is required: the shared secret']);
    }
    const padded = new EnvReader({ WEBHOOK_SECRET: ' s ' });
    expect(padded.required('WEBHOOK_SECRET', 'the shared secret')).toBe(' s ');
    expect(padded.problems).toEqual([]);
  });

  it('accepts ports 0-65535 and refuses anything else', () => {
    expect(new EnvReader({ PORT: '0' }).port('PORT', 3000)).toBe(0);
    expect(new EnvReader({ PORT: '65535' }).port('PORT', 3000)).toBe(65535);
    expect(new EnvReader({}).port('PORT', 3000)).toBe(3000);
    for (const bad of ['65536', '-1', '80a', 'a80', '1.5', ' 80']) {
      const read = new EnvReader({ PORT: bad });
      expect(read.port('PORT', 3000), bad).toBe(3000);
      expect(read.problems, bad).toEqual([`PORT must be a port number 0-65535, got "${bad}"`]);
    }
  });

  it('accepts integers from the minimum up and refuses anything else', () => {
    expect(new EnvReader({ N: '5' }).integer('N', 1, 5)).toBe(5);
    expect(new EnvReader({}).integer('N', 7, 1)).toBe(7);
    for (const bad of ['4', 'x', '5x', 'x5', '-5']) {
      const read = new EnvReader({ N: bad });
      expect(read.integer('N', 7, 5), bad).toBe(7);
      expect(read.problems, bad).toEqual([`N must be an integer of at least 5, got "${bad}"`]);
    }
  });

  it('reads a flag as on only when it is 1', () => {
    expect(new EnvReader({ F: '1' }).flag('F')).toBe(true);
    for (const off of [undefined, '0', 'true', '']) expect(new EnvReader({ F: off }).flag('F'), String(off)).toBe(false);
  });

  it('reports every problem at once, and nothing when there is none', () => {
    const read = new EnvReader({ PORT: 'x' });
    read.required('A', 'hint a');
    read.port('PORT', 1);
    expect(() => read.done()).toThrow(ConfigError);
    try {
      read.done();
    } catch (error) {
      expect((error as ConfigError).name).toBe('ConfigError');
      expect((error as ConfigError).message).toBe('invalid configuration:\n  - A is required: hint a\n  - PORT must be a port number 0-65535, got "x"');
    }
    expect(() => new EnvReader({ A: 'a' }).done()).not.toThrow();
  });
});
