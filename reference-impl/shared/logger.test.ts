// What the conformance suites cannot see (log contents, webhook spec Authentication 8):
// the shared logger redacts secrets, signatures, bearer tokens and payloads, whatever
// path they arrive by, and logs at info unless told otherwise.
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function capture(level?: string) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ name: 'test-logger', ...(level ? { level } : {}) }, { write: (line: string) => { lines.push(JSON.parse(line) as Record<string, unknown>); } });
  return { logger, lines };
}

describe('createLogger', () => {
  it('redacts every secret-bearing path with [REDACTED]', () => {
    const { logger, lines } = capture();
    logger.info({
      req: { headers: { authorization: 'Bearer t0k3n', 'x-webhook-signature': 'abc123', cookie: 'c=1', accept: '*/*' } },
      headers: { authorization: 'Bearer t0k3n', 'x-webhook-signature': 'abc123' },
      secret: 's3cr3t', token: 't0k3n', signature: 'abc123', payload: '{"amount":1}', body: '{"amount":1}',
    }, 'request');
    const text = JSON.stringify(lines);
    for (const leaked of ['t0k3n', 'abc123', 's3cr3t', 'c=1', 'amount']) expect(text).not.toContain(leaked);
    expect(lines[0]).toMatchObject({ name: 'test-logger', msg: 'request', secret: '[REDACTED]', req: { headers: { accept: '*/*', authorization: '[REDACTED]' } } });
  });

  it('logs at info by default and at the level asked', () => {
    const byDefault = capture();
    byDefault.logger.debug('hidden');
    byDefault.logger.info('shown');
    expect(byDefault.lines.map((l) => l['msg'])).toEqual(['shown']);
    const quiet = capture('warn');
    quiet.logger.info('hidden');
    expect(quiet.lines).toEqual([]);
  });
});
