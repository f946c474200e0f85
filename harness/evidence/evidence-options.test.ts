import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionsProblems } from '../testing/options-problems.ts';
import { resolveRunConfig } from '../run/run-config.ts';

const dir = mkdtempSync(join(tmpdir(), 'wirecheck-evidence-options-'));
const keyFile = join(dir, 'signing.key.pem');
writeFileSync(keyFile, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
const rsaFile = join(dir, 'rsa.key.pem');
writeFileSync(rsaFile, generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
writeFileSync(join(dir, 'known.yaml'), 'entries:\n  - {id: WH-SIG-02, reason: PAY-1, expires: 2027-01-31}\n');
writeFileSync(join(dir, 'bad.yaml'), 'entries:\n  - {id: WH-NOPE-01, reason: r, expires: 2027-01-31}\n');

function problemsOf(options: Record<string, unknown>): readonly string[] {
  return optionsProblems(() => resolveRunConfig({ system: 'webhook', ...options }, {}, dir));
}

describe('evidence options of wirecheck run', () => {
  it('resolves --repeat, --baseline, --bundle and --sign-key into the frozen config', () => {
    const config = resolveRunConfig({ system: 'webhook', repeat: '3', baseline: 'known.yaml', bundle: true, signKey: 'signing.key.pem' }, {}, dir);
    expect(config.repeat).toBe(3);
    expect(config.baseline).toEqual({ file: join(dir, 'known.yaml'), entries: [{ id: 'WH-SIG-02', reason: 'PAY-1', expires: '2027-01-31' }] });
    expect(config.bundle?.signKey?.asymmetricKeyType).toBe('ed25519');
    expect(resolveRunConfig({ system: 'webhook' }, {}, dir)).toMatchObject({ repeat: 1 });
    expect(resolveRunConfig({ system: 'webhook' }, {}, dir).bundle).toBeUndefined();
  });

  it('lists every problem of them at once, with the others of the run', () => {
    expect(problemsOf({ system: 'webhooks', repeat: '0', baseline: 'bad.yaml', signKey: 'rsa.key.pem' })).toEqual([
      'unknown system "webhooks": did you mean webhook? (the systems: webhook, webhook-sender, resource-api, device-server, all)',
      '--repeat "0" must be a whole number from 1 to 20 (how many times every selected check runs)',
      '--baseline bad.yaml: entry 1 (WH-NOPE-01): unknown check id "WH-NOPE-01" (`wirecheck list` shows every id)',
      '--sign-key signs the certification bundle: add --bundle',
      expect.stringMatching(/^--sign-key: the signing key .*rsa\.key\.pem is not an Ed25519 key \(it is rsa\): create one with `wirecheck keygen --out DIR`/),
    ]);
    expect(problemsOf({ baseline: 'missing.yaml', bundle: true, signKey: 'known.yaml' })).toEqual([
      '--baseline missing.yaml: no such file; `wirecheck baseline write` creates one',
      expect.stringMatching(/^--sign-key: the signing key .*known\.yaml is not a PEM private key/),
    ]);
  });
});
