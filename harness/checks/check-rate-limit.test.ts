// check() under --rate-limit: the time a check's requests wait for their slots does not
// count against its time limit (a slow rate never fails a check), a check whose requests
// must go together in a burst larger than the limit is skipped naming it, and a check
// that is slow by itself still fails its limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVitest, type TestCase } from 'vitest/node';
import { startRawServer, type RawServer } from '../http/testing/raw-server.ts';
import { PROJECT_ROOT } from '../project-paths.ts';
import type { SystemCheck } from './check-definition.ts';
import { SUITE_RUN_KEY, type SuiteRun } from './suite-run.ts';

const declared = (id: string): SystemCheck => ({ id, level: 'MUST', title: `title of ${id}`, clause: 'Wire framing', system: 'resource-api', area: 'FRAME' });

let server: RawServer;
beforeAll(async () => {
  server = await startRawServer(() => 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
});
afterAll(() => server.close());

async function run(): Promise<Map<string, { state: string; message: string }>> {
  const context: SuiteRun = {
    seed: 1, strict: false, reportDir: '/nonexistent', reproduce: 'wirecheck run', secrets: [],
    targets: { 'resource-api': { system: 'resource-api', kind: 'external', baseUrl: server.url, capabilities: [] } as unknown as NonNullable<SuiteRun['targets']['resource-api']> },
    traffic: { headers: [], rateLimit: { count: 10, windowMs: 1000, text: '10/s' } },
    checks: ['RA-FRAME-01', 'RA-FRAME-02', 'RA-FRAME-03'].map(declared),
  };
  const seen = new Map<string, { state: string; message: string }>();
  const vitest = await createVitest('test', {
    config: false,
    root: PROJECT_ROOT,
    include: ['harness/checks/testing/paced-checks.suite.ts'],
    watch: false,
    pool: 'forks',
    maxWorkers: 1,
    reporters: [{
      onTestCaseResult: (test: TestCase) => {
        const result = test.result();
        const message = result.state === 'failed' ? result.errors[0]?.message ?? '' : result.state === 'skipped' ? result.note ?? '' : '';
        seen.set(test.name.split(' ')[0] ?? '', { state: result.state, message });
      },
    }],
    provide: { [SUITE_RUN_KEY]: context },
  });
  try {
    await vitest.start();
  } finally {
    await vitest.close();
  }
  return seen;
}

describe('check() under --rate-limit', () => {
  it('leaves waits for slots out of the limit, skips a burst over the limit, keeps the limit for slowness of its own', async () => {
    const seen = await run();
    expect(seen.get('RA-FRAME-01')).toEqual({ state: 'passed', message: '' });
    expect(server.requests.filter((r) => r.line.includes('paced-'))).toHaveLength(4);
    expect(seen.get('RA-FRAME-02')).toEqual({
      state: 'skipped',
      message: 'not applicable under --rate-limit 10/s: this check sends 11 requests together (a race or a pipeline), more than the limit allows in one second; give --rate-limit 11/s or more to run it',
    });
    expect(server.requests.filter((r) => r.line.includes('race'))).toHaveLength(0);
    // A limit of the harness's own that runs out is its trouble, not the target's: the reason says so (outcome error).
    expect(seen.get('RA-FRAME-03')?.state).toBe('failed');
    expect(seen.get('RA-FRAME-03')?.message).toMatch(/^the harness could not judge this check: RA-FRAME-03 did not finish within 0\.2 s \(the harness's own limit\); no exchange with the target had ended yet, and it had recorded nothing yet — not a finding about the target/);
  }, 60_000);
});
