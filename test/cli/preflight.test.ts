// The preflight, through the real executable against `wirecheck serve`d receivers and
// APIs: each set-up mistake ends the run with exit 2 and a message naming the fix,
// before any check, while what the spec makes the target's fault (a record status it
// does not name) fails the checks that depend on it — and several --base-url of one
// deployment run the races across instances, while instances that do not share a
// store are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWirecheck } from '../testing/run-wirecheck.ts';
import { serveReference, type Served } from '../testing/serve-reference.ts';
import { databaseUrl, dropSchema, postgresSkipReason, uniqueSchemaName } from '../testing/postgres.ts';

const SECRET = 'preflight-shared-secret-8d1e33a0';

function external(baseUrls: readonly string[], extra: readonly string[]): string[] {
  return ['run', 'webhook', '--target', 'external', ...baseUrls.flatMap((u) => ['--base-url', u]), '--no-allure', '--seed', '11', ...extra];
}

describe('the webhook preflight', () => {
  let withProbe: Served;
  let withoutProbe: Served;
  let statusDone: Served;
  beforeAll(async () => {
    [withProbe, withoutProbe, statusDone] = await Promise.all([
      serveReference('webhook', { WEBHOOK_SECRET: SECRET, CONFORMANCE_PROBE: '1' }),
      serveReference('webhook', { WEBHOOK_SECRET: SECRET }),
      // Its probe reports a completed record as "done": a status the spec does not name.
      serveReference('webhook', { WEBHOOK_SECRET: SECRET, CONFORMANCE_PROBE: '1', CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'record-status-done' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([withProbe?.stop(), withoutProbe?.stop(), statusDone?.stop()]);
  });

  it('ends a run with the wrong --secret in exit 2, naming the secret, before any check', async () => {
    const run = await runWirecheck(external([withProbe.baseUrl], ['--secret', 'not-the-receivers-secret', '--probe']));
    expect(run.exitCode, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain('the secret is not the receiver\'s WEBHOOK_SECRET');
    expect(run.stdout).not.toMatch(/[✓✗] WH-/);
    expect(run.stdout + run.stderr).not.toContain('not-the-receivers-secret');
  }, 60_000);

  it('ends a run with --probe against a receiver that serves no probe in exit 2, naming the probe', async () => {
    const run = await runWirecheck(external([withoutProbe.baseUrl], ['--secret', SECRET, '--probe']));
    expect(run.exitCode, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain('the probe does not see the event it was just acknowledged');
    expect(run.stderr).toContain('drop --probe');
  }, 60_000);

  it('fails, not exit 2, a receiver whose probe reports a record status the spec does not name: the MUST check and the checks that need the probe, naming the spec\'s four', async () => {
    const run = await runWirecheck(external([statusDone.baseUrl], ['--secret', SECRET, '--probe', '--only', 'WH-PROC-04,WH-ACK-03,WH-ACK-01']));
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    const outcome = (id: string) => run.summary?.checks.find((c) => c.id === id);
    for (const id of ['WH-PROC-04', 'WH-ACK-03']) {
      expect(outcome(id)?.outcome, id).toBe('failed');
      expect(outcome(id)?.reason, id).toContain('the probe reports the record status "done", which the spec does not name: a record\'s status is one of accepted, processing, completed, failed');
      expect(outcome(id)?.reason, id).toContain('Operators distinguish `accepted`, `processing`, `completed`, `failed`.');
    }
    // A check without the probe is judged as always.
    expect(outcome('WH-ACK-01')?.outcome).toBe('passed');
  }, 90_000);

  it('ends a run whose --base-url is the delivery URL in exit 2, naming the service root', async () => {
    const run = await runWirecheck(external([`${withProbe.baseUrl}webhooks/payments`], ['--secret', SECRET]));
    expect(run.exitCode, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain(`ends in the delivery path: give the service root, ${withProbe.baseUrl}`);
  }, 30_000);

  it('refuses two --base-url that do not share one store (exit 2)', async () => {
    const other = await serveReference('webhook', { WEBHOOK_SECRET: SECRET, CONFORMANCE_PROBE: '1' });
    try {
      const run = await runWirecheck(external([withProbe.baseUrl, other.baseUrl], ['--secret', SECRET, '--probe', '--only', 'WH-CONC-02']));
      expect(run.exitCode, run.stdout + run.stderr).toBe(2);
      expect(run.stderr).toContain('the instances do not share one store');
    } finally {
      await other.stop();
    }
  }, 60_000);

  it('skips the races across instances with one --base-url, saying how to give more', async () => {
    const run = await runWirecheck(external([withProbe.baseUrl], ['--secret', SECRET, '--probe', '--only', 'WH-CONC-02,WH-ACK-01']));
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.summary?.checks.find((c) => c.id === 'WH-CONC-02')?.reason).toContain('--base-url once per instance');
  }, 60_000);
});

describe.skipIf(!databaseUrl)(`several --base-url of one receiver${databaseUrl ? '' : ` (skipped: ${postgresSkipReason()})`}`, () => {
  const schema = uniqueSchemaName('wcpre');
  let instances: Served[] = [];
  beforeAll(async () => {
    const env = { WEBHOOK_SECRET: SECRET, CONFORMANCE_PROBE: '1', DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: schema };
    // One after the other: the first creates the schema's tables.
    instances = [await serveReference('webhook', env)];
    instances.push(await serveReference('webhook', env));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await dropSchema(schema);
  });

  it('run the duplicate race across the instances (WH-CONC-02)', async () => {
    const run = await runWirecheck(external(instances.map((i) => i.baseUrl), ['--secret', SECRET, '--probe', '--only', 'WH-CONC-02']));
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.summary?.checks.find((c) => c.id === 'WH-CONC-02')?.outcome).toBe('passed');
  }, 120_000);
});

describe('the resource-API preflight', () => {
  let api: Served;
  beforeAll(async () => {
    api = await serveReference('resource-api', { API_TOKENS: 'preflight-token-1:alice,preflight-token-2:bob', CONFORMANCE_PROBE: '1' });
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  const ra = (baseUrl: string, token: string, extra: readonly string[] = []) => ['run', 'resource-api', '--target', 'external', '--base-url', baseUrl,
    '--token', token, '--user-id', 'alice', '--other-user-id', 'bob', '--no-allure', '--seed', '11', ...extra];

  it('ends a run with a token that is not accepted in exit 2, naming --token', async () => {
    const run = await runWirecheck(ra(api.baseUrl, 'not-a-token'));
    expect(run.exitCode, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain('answered 401');
    expect(run.stderr).toContain('--token');
  }, 60_000);

  it('ends a run whose --base-url ends in /v1 in exit 2, naming the service root', async () => {
    const run = await runWirecheck(ra(`${api.baseUrl}v1`, 'preflight-token-1'));
    expect(run.exitCode, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain(`ends in the API version prefix: give the service root, ${api.baseUrl}`);
  }, 30_000);

  it('proves the probe with a deletion of its own before any check', async () => {
    const run = await runWirecheck(ra(api.baseUrl, 'preflight-token-1', ['--probe', '--only', 'RA-DEL-04']));
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.summary?.checks.find((c) => c.id === 'RA-DEL-04')?.outcome).toBe('passed');
  }, 60_000);
});
