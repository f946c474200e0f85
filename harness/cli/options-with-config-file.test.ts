import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { optionsProblems } from '../testing/options-problems.ts';
import type { Output } from '../report/output.ts';
import { resolveRunConfig } from '../run/run-config.ts';
import { runOptionSpec } from '../run/run-options.ts';
import type { WebhookOptions } from '../systems/webhook/webhook-options.ts';
import { optionsWithConfigFile } from './options-with-config-file.ts';
import { parseCommandLine } from './parse-command-line.ts';

let dir: string;
let printed: string[];
const io: Output = { out: (text) => printed.push(text), err: (text) => printed.push(text), color: false };
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wirecheck-config-'));
  printed = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const STAGING = {
  target: 'external', 'base-url': ['http://10.0.0.1:3000', 'http://10.0.0.2:3000'], secret: 'file-s3cr3t-9f2c', probe: true, seed: 5, only: 'WH-SIG-*',
};

/** `wirecheck run webhook ARGS` in `dir`: the options as the run resolves them. */
function run(args: readonly string[]) {
  const spec = runOptionSpec();
  const { values } = optionsWithConfigFile(parseCommandLine(args, spec, 'h').values, spec, dir, io);
  return resolveRunConfig({ ...values, system: 'webhook' }, {}, dir);
}

describe('optionsWithConfigFile', () => {
  it('takes the options of wirecheck.config.json, and the command line over them', () => {
    writeFileSync(join(dir, 'wirecheck.config.json'), JSON.stringify(STAGING));
    const fromFile = run([]);
    expect(fromFile).toMatchObject({ target: 'external', baseUrls: ['http://10.0.0.1:3000/', 'http://10.0.0.2:3000/'], probe: true, seed: 5, only: { spec: 'WH-SIG-*' } });
    expect((fromFile.own['webhook'] as WebhookOptions).secret).toBe('file-s3cr3t-9f2c');
    // A repeatable option given on the command line replaces the file's list.
    const over = run(['--seed', '9', '--base-url', 'http://10.0.0.3:3000', '--only', 'WH-ACK-01', '--secret', 'line-s3cr3t']);
    expect(over).toMatchObject({ seed: 9, baseUrls: ['http://10.0.0.3:3000/'], only: { spec: 'WH-ACK-01' }, probe: true });
    expect((over.own['webhook'] as WebhookOptions).secret).toBe('line-s3cr3t');
  });

  it('takes a YAML file named by --config-file over the default one', () => {
    writeFileSync(join(dir, 'wirecheck.config.json'), JSON.stringify({ seed: 1 }));
    writeFileSync(join(dir, 'staging.yml'), 'seed: 2\nstrict: true\n');
    expect(run(['--config-file', 'staging.yml'])).toMatchObject({ seed: 2, strict: true });
    expect(run([])).toMatchObject({ seed: 1, strict: false });
  });

  it('uses a secret from the file but never shows it: the reproduce command needs no file and holds a placeholder', () => {
    writeFileSync(join(dir, 'wirecheck.config.yaml'), 'target: external\nbase-url: http://10.0.0.1:3000\nsecret: file-s3cr3t-9f2c\nprobe: true\nseed: 5\nwork-timeout: 3\n');
    const config = run([]);
    expect(config.reproduce).toBe('npx wirecheck run webhook --target external --base-url http://10.0.0.1:3000 --probe --seed 5 --work-timeout 3 --secret "$WEBHOOK_SECRET"');
    expect(printed).toEqual([
      'wirecheck: warning: wirecheck.config.yaml holds the secret "secret". It is used, and kept out of every report and log, '
      + 'but a file is easily shared or committed: give it from the environment instead (env WEBHOOK_SECRET).',
    ]);
    expect(`${config.reproduce}\n${printed.join('\n')}`).not.toContain('file-s3cr3t');
  });

  it('says which key of the file a problem of the options is about, with the option\'s own message', () => {
    writeFileSync(join(dir, 'wirecheck.config.json'), JSON.stringify({ seed: 'abc', 'wait-for': 5, strict: true }));
    const spec = runOptionSpec();
    const { values, origin } = optionsWithConfigFile(parseCommandLine(['--work-timeout', '0'], spec, 'h').values, spec, dir, io);
    expect(origin).toEqual({ file: 'wirecheck.config.json', flags: ['seed', 'wait-for', 'strict'] });
    expect(optionsProblems(() => resolveRunConfig({ ...values, system: 'webhook' }, {}, dir, origin))).toEqual([
      '--seed "abc" must be an integer from 0 to 2147483647 (in wirecheck.config.json: key "seed")',
      '--work-timeout "0" must be a number of seconds above 0 and at most 3600 (default 10)',
      '--wait-for is for --target external: a reference is started, and waited for, by wirecheck itself (in wirecheck.config.json: key "wait-for")',
    ]);
  });

  it('leaves out the keys a command does not take (replay takes no --only)', () => {
    writeFileSync(join(dir, 'wirecheck.config.json'), JSON.stringify({ only: 'WH-SIG-*', seed: 3 }));
    const spec = { seed: { type: 'string' } } as const;
    expect(optionsWithConfigFile({}, spec, dir, io)).toEqual({ values: { seed: '3' }, origin: { file: 'wirecheck.config.json', flags: ['seed'] } });
  });
});
