import { describe, expect, it } from 'vitest';
import { optionsProblems as problems } from '../testing/options-problems.ts';
import type { ResourceApiOptions } from '../systems/resource-api/resource-api-options.ts';
import type { WebhookOptions } from '../systems/webhook/webhook-options.ts';
import { resolveRunConfig, type RunConfig } from './run-config.ts';

const webhookOf = (config: RunConfig) => config.own['webhook'] as WebhookOptions;
const resourceApiOf = (config: RunConfig) => config.own['resource-api'] as ResourceApiOptions;

const cwd = '/work/project';

describe('resolveRunConfig', () => {
  it('defaults to the reference target, a random seed and reports/<run-id>/', () => {
    const config = resolveRunConfig({ system: 'webhook' }, {}, cwd);
    expect(config.target).toBe('reference');
    expect(config.probe).toBe(true);
    expect(config.reportDir.startsWith('/work/project/reports/')).toBe(true);
    expect(config.seed).toBeGreaterThanOrEqual(0);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('expands all to every system', () => {
    expect(resolveRunConfig({ system: 'all' }, {}, cwd).systems).toEqual(['webhook', 'webhook-sender', 'resource-api', 'device-server']);
  });

  it('lists every problem at once', () => {
    const found = problems(() => resolveRunConfig({ system: 'all', target: 'external', seed: '-1', only: ' ', app: 'relative/app.apk' }, {}, cwd));
    expect(found).toEqual(expect.arrayContaining([
      expect.stringContaining('--target external needs --base-url'),
      expect.stringContaining('--secret S or env WEBHOOK_SECRET'),
      expect.stringContaining('--token'),
      expect.stringContaining('--user-id'),
      expect.stringContaining('--other-user-id'),
      expect.stringContaining('--platform-name'),
      expect.stringContaining('--automation-name'),
      expect.stringContaining('--app "relative/app.apk" must be an absolute path'),
      expect.stringContaining('--seed "-1"'),
      expect.stringContaining('--only needs a check-id glob'),
    ]));
  });

  it('reads the webhook secret from WEBHOOK_SECRET and keeps it out of the reproduction command', () => {
    const config = resolveRunConfig({ system: 'webhook', target: 'external', baseUrl: 'http://h:1', secret: 's3cr3t-value' }, {}, cwd);
    expect(webhookOf(config).secret).toBe('s3cr3t-value');
    expect(config.baseUrl).toBe('http://h:1/');
    expect(config.reproduce).not.toContain('s3cr3t-value');
    expect(config.reproduce).toContain('--secret "$WEBHOOK_SECRET"');
    expect(webhookOf(resolveRunConfig({ system: 'webhook', target: 'external', baseUrl: 'http://h:1' }, { WEBHOOK_SECRET: 'from-env' }, cwd)).secret).toBe('from-env');
  });

  it('refuses --base-url with the reference target and a non-http URL', () => {
    expect(problems(() => resolveRunConfig({ system: 'webhook', baseUrl: 'http://h' }, {}, cwd))[0]).toContain('--base-url is for --target external');
    expect(problems(() => resolveRunConfig({ system: 'webhook', target: 'external', baseUrl: 'ftp://h', secret: 'abcd' }, {}, cwd))[0]).toContain('is not an http:// or https:// URL');
  });

  it('names a --base-url without its scheme, with the http:// URL it likely meant, for each system (localhost:3000 too, which new URL reads as a scheme)', () => {
    const cases = [
      { system: 'resource-api', token: 'tok-1', userId: 'u', otherUserId: 'o', baseUrl: '127.0.0.1:3000' },
      { system: 'resource-api', token: 'tok-1', userId: 'u', otherUserId: 'o', baseUrl: 'localhost:3000' },
      { system: 'device-server', platformName: 'Android', automationName: 'SimAndroid', baseUrl: '127.0.0.1:4723/wd/hub/' },
      { system: 'device-server', platformName: 'Android', automationName: 'SimAndroid', baseUrl: 'localhost:4723' },
    ];
    for (const { baseUrl, ...options } of cases) {
      expect(problems(() => resolveRunConfig({ ...options, target: 'external', baseUrl }, {}, cwd)), `${options.system} ${baseUrl}`)
        .toEqual([`--base-url "${baseUrl}" has no scheme: did you mean http://${baseUrl}?`]);
    }
  });

  it('names a --database-url or DATABASE_URL without its scheme, with the postgres:// URL it likely meant and no password', () => {
    expect(problems(() => resolveRunConfig({ system: 'webhook', databaseUrl: 'localhost:5432/test' }, {}, cwd)))
      .toEqual(['--database-url / DATABASE_URL "localhost:5432/test" has no scheme: did you mean postgres://localhost:5432/test?']);
    const found = problems(() => resolveRunConfig({ system: 'resource-api' }, { DATABASE_URL: 'postgres:s3cr3t-pw@127.0.0.1:5432/test' }, cwd));
    expect(found).toEqual(['--database-url / DATABASE_URL "[REDACTED]@127.0.0.1:5432/test" has no scheme: did you mean postgres://[REDACTED]@127.0.0.1:5432/test?']);
    expect(problems(() => resolveRunConfig({ system: 'webhook', databaseUrl: 'mysql://u:pw@h/db' }, {}, cwd)))
      .toEqual(['--database-url / DATABASE_URL "mysql://[REDACTED]@h/db" is not a postgres:// URL']);
  });

  it('takes --target docker as the reference in containers, and rejects unknown kinds', () => {
    const config = resolveRunConfig({ system: 'webhook', target: 'docker', image: 'ghcr.io/acme/ref:1.2' }, { DATABASE_URL: 'postgres://u@h/db' }, cwd);
    expect(config.target).toBe('reference');
    expect(config.docker).toEqual({ image: 'ghcr.io/acme/ref:1.2' });
    expect(config.probe).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.reproduce).toContain('--target docker --image ghcr.io/acme/ref:1.2');
    expect(resolveRunConfig({ system: 'webhook' }, {}, cwd).docker).toBeUndefined();
    expect(resolveRunConfig({ system: 'all', target: 'docker', image: 'localhost:5000/wirecheck-reference:ci' }, {}, cwd).docker?.image).toBe('localhost:5000/wirecheck-reference:ci');
    expect(problems(() => resolveRunConfig({ system: 'webhook', target: 'staging' }, {}, cwd))[0]).toContain('--target "staging" is not a target kind');
  });

  it('keeps --image to --target docker, and --database-url and --reference-fault away from it', () => {
    expect(problems(() => resolveRunConfig({ system: 'webhook', image: 'x:1' }, {}, cwd))[0]).toContain('--image is for --target docker');
    expect(problems(() => resolveRunConfig({ system: 'webhook', target: 'docker', databaseUrl: 'postgres://h/db', referenceFault: 'ack-200', image: 'a b' }, {}, cwd))).toEqual([
      expect.stringContaining('--database-url is for --target reference'),
      expect.stringContaining('--image "a b" is not an image reference'),
      expect.stringContaining('--reference-fault is for the self-test'),
    ]);
  });

  it('takes --fail-on-skipped-must into the configuration and the reproduction command', () => {
    const config = resolveRunConfig({ system: 'webhook', failOnSkippedMust: true }, {}, cwd);
    expect(config.failOnSkippedMust).toBe(true);
    expect(config.reproduce).toMatch(/^npx wirecheck run webhook .*--fail-on-skipped-must/);
    const without = resolveRunConfig({ system: 'webhook' }, {}, cwd);
    expect(without.failOnSkippedMust).toBe(false);
    expect(without.reproduce).not.toContain('--fail-on-skipped-must');
  });

  it('keeps --reference-fault to one system on the reference target', () => {
    expect(problems(() => resolveRunConfig({ system: 'all', referenceFault: 'ack-200' }, {}, cwd))[0]).toContain('--reference-fault is for the self-test');
  });

  it('takes DATABASE_URL for the reference unless --database-url is given, and redacts its password in errors', () => {
    expect(resolveRunConfig({ system: 'webhook' }, { DATABASE_URL: 'postgres://u@h/db' }, cwd).databaseUrl).toBe('postgres://u@h/db');
    const found = problems(() => resolveRunConfig({ system: 'webhook', databaseUrl: 'mysql://u:pw@h/db' }, {}, cwd));
    expect(found[0]).toContain('mysql://[REDACTED]@h/db');
  });

  it('takes several --base-url as the instances of one webhook receiver, and names the service root of a URL that is not one', () => {
    const config = resolveRunConfig({ system: 'webhook', target: 'external', baseUrl: ['http://h:1', 'http://h:2/'], secret: 's3cr3t-value' }, {}, cwd);
    expect(config.baseUrls).toEqual(['http://h:1/', 'http://h:2/']);
    expect(config.reproduce).toContain('--base-url http://h:1 --base-url http://h:2/');
    expect(problems(() => resolveRunConfig({ system: 'resource-api', target: 'external', baseUrl: ['http://h:1', 'http://h:2'], token: 'tok-1', userId: 'u', otherUserId: 'o' }, {}, cwd))[0])
      .toContain('only `wirecheck run webhook` takes several');
    expect(problems(() => resolveRunConfig({ system: 'webhook', target: 'external', baseUrl: 'http://h:1/webhooks/payments', secret: 's3cr3t' }, {}, cwd))[0])
      .toContain('ends in the delivery path: give the service root, http://h:1/');
    expect(problems(() => resolveRunConfig({ system: 'resource-api', target: 'external', baseUrl: 'http://h:1/api/v1/', token: 'tok-1', userId: 'u', otherUserId: 'o' }, {}, cwd))[0])
      .toContain('ends in the API version prefix: give the service root, http://h:1/api/');
    expect(problems(() => resolveRunConfig({ system: 'webhook', target: 'external', baseUrl: '127.0.0.1:3000', secret: 's3cr3t' }, {}, cwd))[0])
      .toContain('did you mean http://127.0.0.1:3000?');
  });

  it('validates --work-timeout (seconds, default 10), --version-field (a dotted path) and --other-token', () => {
    expect(resolveRunConfig({ system: 'webhook' }, {}, cwd).workTimeoutMs).toBe(10_000);
    expect(resolveRunConfig({ system: 'webhook', workTimeout: '2.5' }, {}, cwd).workTimeoutMs).toBe(2_500);
    expect(problems(() => resolveRunConfig({ system: 'webhook', workTimeout: '0' }, {}, cwd))[0]).toContain('--work-timeout "0" must be a number of seconds above 0');
    const external = { system: 'webhook', target: 'external', baseUrl: 'http://h:1', secret: 's3cr3t' } as const;
    expect(webhookOf(resolveRunConfig({ ...external, versionField: 'data.sequence' }, {}, cwd)).versionField).toBe('data.sequence');
    expect(problems(() => resolveRunConfig({ ...external, versionField: 'data..version' }, {}, cwd))[0]).toContain('must be a dotted path into the event');
    expect(problems(() => resolveRunConfig({ system: 'resource-api', otherToken: 'tok-x' }, {}, cwd))[0]).toContain('--other-token is for --target external, with --other-user-id');
    const api = resolveRunConfig({ system: 'resource-api', target: 'external', baseUrl: 'http://h:1', token: 'tok-1', userId: 'u', otherUserId: 'o', otherToken: 'tok-2' }, {}, cwd);
    expect(resourceApiOf(api).otherToken).toBe('tok-2');
    expect(api.reproduce).toContain('--other-token "$OTHER_TOKEN"');
    expect(api.reproduce).not.toContain('tok-2');
  });

  it('validates --max-response-bytes (a whole number of bytes from 1 to 1 GiB, default 4 MiB) and keeps it in the reproduction command', () => {
    expect(resolveRunConfig({ system: 'webhook' }, {}, cwd).maxResponseBytes).toBe(4 * 1024 * 1024);
    const given = resolveRunConfig({ system: 'webhook', maxResponseBytes: '65536' }, {}, cwd);
    expect(given.maxResponseBytes).toBe(65_536);
    expect(given.reproduce).toContain('--max-response-bytes 65536');
    for (const bad of ['0', '-1', '1.5', '4MiB', '', '1073741825']) {
      expect(problems(() => resolveRunConfig({ system: 'webhook', maxResponseBytes: bad }, {}, cwd))[0])
        .toBe(`--max-response-bytes "${bad}" must be a whole number of bytes from 1 to 1073741824 (default 4194304, 4 MiB)`);
    }
  });

  it('validates --workers (a whole number from 1 to 16, default 1) and keeps it in the reproduction command', () => {
    expect(resolveRunConfig({ system: 'webhook' }, {}, cwd).workers).toBe(1);
    const given = resolveRunConfig({ system: 'webhook', workers: '4' }, {}, cwd);
    expect(given.workers).toBe(4);
    expect(given.reproduce).toContain('--workers 4');
    for (const bad of ['0', '17', '1.5', 'four', '']) {
      expect(problems(() => resolveRunConfig({ system: 'webhook', workers: bad }, {}, cwd))[0]).toBe(`--workers "${bad}" must be a whole number from 1 to 16 (default 1)`);
    }
  });

  it('validates --wait-for (seconds from 0 to 3600, external targets only, default 0) and keeps it in the reproduction command', () => {
    const external = { system: 'webhook', target: 'external', baseUrl: 'http://h:1', secret: 's3cr3t' };
    expect(resolveRunConfig(external, {}, cwd).waitForMs).toBe(0);
    const given = resolveRunConfig({ ...external, waitFor: '2.5' }, {}, cwd);
    expect(given.waitForMs).toBe(2_500);
    expect(given.reproduce).toContain('--wait-for 2.5');
    for (const bad of ['-1', '1s', '', '3601']) {
      expect(problems(() => resolveRunConfig({ ...external, waitFor: bad }, {}, cwd))).toEqual([`--wait-for "${bad}" must be a number of seconds from 0 to 3600 (default 0: no wait)`]);
    }
    expect(problems(() => resolveRunConfig({ system: 'webhook', waitFor: '30' }, {}, cwd)))
      .toEqual(['--wait-for is for --target external: a reference is started, and waited for, by wirecheck itself']);
  });

  it('takes --header and --secret-header, the secret as an environment reference in the reproduction command', () => {
    const config = resolveRunConfig({
      system: 'webhook', header: ['X-Client-Tag: e2e run'], secretHeader: ['X-Gateway-Key: gw-secret-1', 'X-Other-Key: env:OTHER_KEY'],
    }, { OTHER_KEY: 'other-secret-2' }, cwd);
    expect(config.extraHeaders).toEqual([
      { name: 'X-Client-Tag', value: 'e2e run', secret: false },
      { name: 'X-Gateway-Key', value: 'gw-secret-1', secret: true },
      { name: 'X-Other-Key', value: 'other-secret-2', secret: true, env: 'OTHER_KEY' },
    ]);
    expect(config.reproduce).toContain("--header 'X-Client-Tag: e2e run' --secret-header 'X-Gateway-Key: env:X_GATEWAY_KEY' --secret-header 'X-Other-Key: env:OTHER_KEY'");
    expect(config.reproduce).not.toMatch(/gw-secret-1|other-secret-2/);
  });

  it('refuses bad headers with exit 2 and the fix, never quoting a secret value', () => {
    const found = problems(() => resolveRunConfig({
      system: 'webhook', header: ['X-Client-Tag', 'Content-Length: 5'], secretHeader: ['X-Gateway-Key: gw\u0001hunter42', 'X-Missing: env:UNSET_KEY'],
    }, {}, cwd));
    expect(found).toEqual([
      expect.stringMatching(/^--header "X-Client-Tag" has no colon: give it as "Name: value"/),
      expect.stringMatching(/^--header Content-Length: the harness does not add Content-Length, which frames the body/),
      expect.stringMatching(/^--secret-header X-Gateway-Key: its value holds \\x01 at character 3/),
      expect.stringMatching(/^--secret-header X-Missing: the environment variable UNSET_KEY/),
    ]);
    expect(found.join('\n')).not.toContain('hunter42');
  });

  it('validates --rate-limit (N/s or N/min, N from 1 to 10000) and keeps it in the reproduction command', () => {
    expect(resolveRunConfig({ system: 'webhook' }, {}, cwd).rateLimit).toBeUndefined();
    const given = resolveRunConfig({ system: 'webhook', rateLimit: '20/s' }, {}, cwd);
    expect(given.rateLimit).toEqual({ count: 20, windowMs: 1000, text: '20/s' });
    expect(given.reproduce).toContain('--rate-limit 20/s');
    expect(resolveRunConfig({ system: 'webhook', rateLimit: '30/min' }, {}, cwd).rateLimit).toEqual({ count: 30, windowMs: 60_000, text: '30/min' });
    for (const bad of ['20', '0/s', '1.5/s', '20/h', '10001/s', '']) {
      expect(problems(() => resolveRunConfig({ system: 'webhook', rateLimit: bad }, {}, cwd))[0])
        .toBe(`--rate-limit "${bad}" must be N/s or N/min, N a whole number from 1 to 10000: e.g. --rate-limit 20/s, or 30/min for less than one a second`);
    }
  });
});
