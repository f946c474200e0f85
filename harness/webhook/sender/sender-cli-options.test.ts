import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionsProblems as problems } from '../../testing/options-problems.ts';
import { resolveDeliveriesConfig, resolveSendConfig } from './sender-cli-options.ts';

const cwd = mkdtempSync(join(tmpdir(), 'wirecheck-send-options-'));
writeFileSync(join(cwd, 'event.json'), '{ "id": "evt_1" }\n');
writeFileSync(join(cwd, 'empty.json'), '');

describe('resolveSendConfig', () => {
  it('reads the event file byte for byte, applies the defaults and freezes the result', () => {
    const config = resolveSendConfig([], { url: 'http://127.0.0.1:3000/webhooks/payments', secret: 's3cret', event: 'event.json' }, {}, cwd);
    expect(config.body.toString()).toBe('{ "id": "evt_1" }\n');
    expect(config).toMatchObject({ maxAttempts: 4, timeoutMs: 10_000, jitter: false, deadLetterFile: join(cwd, 'wirecheck-dead-letters.jsonl') });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('takes the secret from WEBHOOK_SECRET when --secret is absent, and --secret over it', () => {
    const values = { url: 'http://h/x', event: 'event.json' };
    expect(resolveSendConfig([], values, { WEBHOOK_SECRET: 'from-env' }, cwd).secret).toBe('from-env');
    expect(resolveSendConfig([], { ...values, secret: 'given' }, { WEBHOOK_SECRET: 'from-env' }, cwd).secret).toBe('given');
  });

  it('lists every problem at once', () => {
    const found = problems(() => resolveSendConfig(['extra'], { url: 'ftp://h', secret: '', event: 'missing.json', maxAttempts: '0', timeoutMs: 'soon' }, {}, cwd));
    expect(found).toEqual([
      expect.stringContaining('unexpected argument "extra"'),
      expect.stringContaining('--url "ftp://h" must be an http:// or https:// URL'),
      '--secret must not be empty',
      expect.stringContaining('--event "missing.json" cannot be read (ENOENT)'),
      '--max-attempts must be an integer from 1 to 100, got "0"',
      '--timeout-ms must be an integer from 1 to 600000, got "soon"',
    ]);
    expect(problems(() => resolveSendConfig([], {}, {}, cwd))).toEqual([
      expect.stringContaining('--url U is required'),
      expect.stringContaining('--secret S or env WEBHOOK_SECRET'),
      expect.stringContaining('--event FILE is required'),
    ]);
  });

  it('refuses an empty event file and a URL carrying credentials', () => {
    const found = problems(() => resolveSendConfig([], { url: 'http://user:pw@h/x', secret: 's', event: 'empty.json' }, {}, cwd));
    expect(found).toEqual([expect.stringContaining('must not carry credentials'), expect.stringContaining('"empty.json" is empty')]);
    expect(found.join('\n')).not.toContain('pw');
  });
});

describe('--url without its scheme', () => {
  it('is named, with the http:// URL it likely meant, for send and deliveries replay (localhost:3000 too, which new URL reads as a scheme)', () => {
    for (const url of ['127.0.0.1:3000/webhooks/payments', 'localhost:3000/webhooks/payments']) {
      const problem = `--url "${url}" has no scheme: did you mean http://${url}?`;
      expect(problems(() => resolveSendConfig([], { url, secret: 's', event: 'event.json' }, {}, cwd))).toEqual([problem]);
      expect(problems(() => resolveDeliveriesConfig(['replay'], { url, all: true, secret: 's' }, {}, cwd))).toEqual([problem]);
    }
  });
});

describe('resolveDeliveriesConfig', () => {
  it('lists with a dead-letter file relative to the working directory', () => {
    expect(resolveDeliveriesConfig(['list'], { deadLetter: 'dl.jsonl', json: true }, {}, cwd)).toEqual({ action: 'list', deadLetterFile: join(cwd, 'dl.jsonl'), json: true });
  });

  it('refuses replay options on list and an unknown action', () => {
    expect(problems(() => resolveDeliveriesConfig(['list'], { secret: 's', all: true }, {}, cwd))).toEqual([
      '--secret is an option of deliveries replay, not of list', '--all is an option of deliveries replay, not of list',
    ]);
    expect(problems(() => resolveDeliveriesConfig(['show'], {}, {}, cwd))[0]).toContain('unknown action "show"');
    expect(problems(() => resolveDeliveriesConfig([], {}, {}, cwd))[0]).toContain('needs an action');
  });

  it('replays ids or --all (not both, not neither), with a secret from the options or the environment', () => {
    const config = resolveDeliveriesConfig(['replay', 'dl_0123456789abcdef'], { url: 'http://h/x', maxAttempts: '2' }, { WEBHOOK_SECRET: 'env' }, cwd);
    expect(config).toMatchObject({ action: 'replay', ids: ['dl_0123456789abcdef'], all: false, secret: 'env', url: 'http://h/x', maxAttempts: 2 });
    expect(problems(() => resolveDeliveriesConfig(['replay'], {}, {}, cwd))).toEqual([
      expect.stringContaining('either delivery ids'), expect.stringContaining('--secret S or env WEBHOOK_SECRET'),
    ]);
    expect(problems(() => resolveDeliveriesConfig(['replay', 'dl_1'], { all: true, secret: 's' }, {}, cwd))).toEqual([
      expect.stringContaining('either delivery ids'), expect.stringContaining('"dl_1" is not a delivery id'),
    ]);
  });
});
