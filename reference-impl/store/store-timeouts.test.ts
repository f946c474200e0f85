import { describe, expect, it } from 'vitest';
import { ConfigError, EnvReader } from '../shared/env-config.ts';
import { DEFAULT_STORE_TIMEOUTS, readStoreTimeouts } from './store-timeouts.ts';

const read = (env: NodeJS.ProcessEnv) => {
  const reader = new EnvReader(env);
  const timeouts = readStoreTimeouts(reader);
  reader.done();
  return timeouts;
};

describe('readStoreTimeouts', () => {
  it('bounds every wait by default, within a few seconds', () => {
    expect(read({})).toEqual(DEFAULT_STORE_TIMEOUTS);
    expect(DEFAULT_STORE_TIMEOUTS.connectMs).toBeLessThanOrEqual(5_000);
    expect(DEFAULT_STORE_TIMEOUTS.statementMs).toBeLessThanOrEqual(5_000);
  });

  it('reads DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS', () => {
    expect(read({ DATABASE_CONNECT_TIMEOUT_MS: '250', DATABASE_STATEMENT_TIMEOUT_MS: '400' })).toEqual({ connectMs: 250, statementMs: 400 });
  });

  it('refuses 0 (pg reads it as "no limit") and non-integers, naming the variable', () => {
    expect(() => read({ DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS must be an integer of at least 1/);
    expect(() => read({ DATABASE_CONNECT_TIMEOUT_MS: '2s' })).toThrow(ConfigError);
  });
});
