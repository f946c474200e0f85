import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';
import { bearerToken, parseApiTokens } from './token-table.ts';

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    readConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('readConfig', () => {
  it('applies the defaults and freezes the result', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 3001, probe: false, logLevel: 'info', tokensSource: 'development-default' });
    expect(config.tokens.userFor('dev-token-alice')).toBe('alice');
    expect(config.tokens.userFor('dev-token-bob')).toBe('bob');
    expect(config.faults.size).toBe(0);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '0', HOST: '0.0.0.0', DATABASE_URL: 'postgres://u@h:5432/d', DATABASE_SCHEMA: 'run_1', DATA_DIR: '/tmp/x',
      CONFORMANCE_PROBE: '1', CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'etag-unchanged, chunked-204',
      LOG_LEVEL: 'warn', API_TOKENS: 'abc123:carol, xyz.789:dave',
    });
    expect(config).toMatchObject({ port: 0, host: '0.0.0.0', databaseSchema: 'run_1', probe: true, logLevel: 'warn', tokensSource: 'env' });
    expect([...config.faults].sort()).toEqual(['chunked-204', 'etag-unchanged']);
    expect(config.tokens.userFor('abc123')).toBe('carol');
    expect(config.tokens.userFor('dev-token-alice')).toBeUndefined();
  });

  it('lists every problem at once, each naming the variable and the fix', () => {
    const problems = problemsOf({
      PORT: 'http', CONFORMANCE_PROBE: 'yes', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', DATABASE_SCHEMA: 'a-b',
      CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'no-such-fault', API_TOKENS: 'justatoken',
    });
    expect(problems).toHaveLength(7);
    for (const name of ['PORT', 'CONFORMANCE_PROBE', 'LOG_LEVEL', 'DATABASE_URL', 'DATABASE_SCHEMA', 'no-such-fault', 'API_TOKENS']) {
      expect(problems.join('\n')).toContain(name);
    }
  });

  it('refuses the faults that can only show on PostgreSQL without DATABASE_URL, naming why', () => {
    const faults = { CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'lock-per-request,no-row-lock,multi-process-read-then-write' };
    const problems = problemsOf(faults);
    expect(problems).toEqual([
      expect.stringMatching(/^fault lock-per-request needs DATABASE_URL: PGlite runs each query to its end/),
      expect.stringMatching(/^fault no-row-lock needs DATABASE_URL: PGlite runs one transaction at a time/),
      expect.stringMatching(/^fault multi-process-read-then-write needs DATABASE_URL: .*PGlite belongs to one process/),
    ]);
    expect(problemsOf({ ...faults, DATABASE_URL: 'postgres://u@h:5432/d' })).toEqual([]);
  });

  it('rejects ports out of range and an empty API_TOKENS', () => {
    expect(problemsOf({ PORT: '65536' })).toHaveLength(1);
    expect(problemsOf({ PORT: '-1' })).toHaveLength(1);
    expect(problemsOf({ API_TOKENS: '' })).toHaveLength(1);
  });
});

describe('parseApiTokens', () => {
  it('reports malformed entries and duplicate tokens without echoing the token', () => {
    const { problems } = parseApiTokens('s3cret:alice,s3cret:bob,:x,y:,bad token:z,t:bad/user');
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).not.toContain('s3cret');
  });

  it('maps each token to its own user only', () => {
    const { table, problems } = parseApiTokens('a1:alice,b2:bob,a3:alice');
    expect(problems).toEqual([]);
    expect([table.userFor('a1'), table.userFor('b2'), table.userFor('a3'), table.userFor('A1')]).toEqual(['alice', 'bob', 'alice', undefined]);
    expect(table.users).toEqual(['alice', 'bob']);
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header, scheme case-insensitive', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Bearer  abc ')).toBe('abc');
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer a b', 'Bearerabc']) {
      expect(bearerToken(header)).toBeUndefined();
    }
  });
});
