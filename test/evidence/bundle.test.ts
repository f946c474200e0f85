// `wirecheck run --bundle --sign-key` against an external target, then `wirecheck
// verify`: valid as written; tampered (a byte changed, a file added or removed, the
// manifest edited, re-signed by another key) it names each problem with exit 1.
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBundle } from '../../harness/evidence/bundle/read-bundle.ts';
import type { Manifest } from '../../harness/evidence/bundle/manifest.ts';
import { signBytes } from '../../harness/evidence/bundle/signing-key.ts';
import { runWirecheck, type WirecheckRun } from '../testing/run-wirecheck.ts';
import { startFakeReceiver, type FakeReceiver } from './testing/fake-receiver.ts';

const SECRET = 'bundle-test-secret-81f3';

/** A copy of the bundle with its files changed by `edit`, as a tamperer would repack it. */
async function tampered(bundle: string, edit: (files: Map<string, Buffer>) => void): Promise<string> {
  const files = new Map((await readBundle(bundle)).files);
  edit(files);
  const dir = mkdtempSync(join(tmpdir(), 'wirecheck-tamper-'));
  for (const [name, bytes] of files) {
    const path = join(dir, 'content', name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
  }
  const file = join(dir, 'bundle.tar.gz');
  await create({ gzip: true, file, cwd: join(dir, 'content'), portable: true }, [...files.keys()]);
  return file;
}

describe('certification bundle: wirecheck run --bundle, wirecheck verify', () => {
  let receiver: FakeReceiver;
  let keys: string;
  let run: WirecheckRun;
  let bundle: string;

  beforeAll(async () => {
    receiver = await startFakeReceiver({ secret: SECRET });
    keys = mkdtempSync(join(tmpdir(), 'wirecheck-keys-'));
    const keygen = await runWirecheck(['keygen', '--out', keys]);
    expect(keygen.exitCode, keygen.stderr).toBe(0);
    run = await runWirecheck(['run', 'webhook', '--target', 'external', '--base-url', receiver.baseUrl, '--secret', SECRET,
      '--only', 'WH-SIG-01,WH-SIG-04', '--no-allure', '--bundle', '--sign-key', join(keys, 'wirecheck-signing.key.pem')]);
    bundle = join(run.reportDir, 'bundle.tar.gz');
  }, 120_000);

  afterAll(async () => { await receiver.stop(); });

  it('writes bundle.tar.gz with the reports, a manifest fingerprinting the target, and no secret', async () => {
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/bundle {3}.*bundle\.tar\.gz \(\d+ files, manifest signed\)/);
    const { files } = await readBundle(bundle);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['manifest.json', 'manifest.sig', 'summary.json', 'junit.xml', 'report.html']));
    const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '') as Manifest;
    expect(manifest.target).toEqual({ kind: 'external', systems: [expect.objectContaining({
      system: 'webhook', baseUrl: receiver.baseUrl,
      preflight: expect.objectContaining({ method: 'POST', statusLine: 'HTTP/1.1 401 Unauthorized', server: 'fake-receiver/1.0' }),
    })] });
    expect(manifest.environment.commandLine).toContain("--secret '<secret>'");
    for (const [name, bytes] of files) expect(bytes.includes(SECRET), name).toBe(false);
  });

  it('verifies as valid: exit 0', async () => {
    const verify = await runWirecheck(['verify', bundle, '--pub', join(keys, 'wirecheck-signing.pub.pem')]);
    expect(verify.exitCode, verify.stderr).toBe(0);
    expect(verify.stdout).toContain('VALID: the bundle is exactly what was signed');
    expect(verify.stdout).toContain('Server: fake-receiver/1.0');
  }, 30_000);

  it('names every tampering, with exit 1', async () => {
    const forger = generateKeyPairSync('ed25519');
    const copy = await tampered(bundle, (files) => {
      const summary = Buffer.from(files.get('summary.json') ?? '');
      summary[10] = summary[10] === 0x61 ? 0x62 : 0x61;
      files.set('summary.json', summary);
      files.set('transcripts/WH-SIG-77.txt', Buffer.from('planted evidence'));
      files.delete('junit.xml');
      const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '') as Manifest;
      const edited = Buffer.from(JSON.stringify({ ...manifest, run: { ...manifest.run, exitCode: 0 } }));
      files.set('manifest.json', edited);
      files.set('manifest.sig', signBytes(edited, forger.privateKey));
    });
    const verify = await runWirecheck(['verify', copy, '--pub', join(keys, 'wirecheck-signing.pub.pem')]);
    expect(verify.exitCode).toBe(1);
    expect(verify.stderr).toContain('TAMPERED OR INVALID — 4 problems');
    expect(verify.stderr).toMatch(/- signature invalid: manifest\.sig does not verify manifest\.json with the given public key/);
    expect(verify.stderr).toMatch(/- changed: summary\.json \(sha256 [0-9a-f]{64}, the manifest says [0-9a-f]{64}\)/);
    expect(verify.stderr).toContain('- removed: junit.xml is listed in the manifest but missing from the bundle');
    expect(verify.stderr).toContain('- added: transcripts/WH-SIG-77.txt is in the bundle but not in the manifest');
  }, 30_000);

  it('reports an unsigned manifest with exit 1, and usage problems with exit 2', async () => {
    const unsigned = await tampered(bundle, (files) => files.delete('manifest.sig'));
    const verify = await runWirecheck(['verify', unsigned, '--pub', join(keys, 'wirecheck-signing.pub.pem')]);
    expect(verify.exitCode).toBe(1);
    expect(verify.stderr).toContain('manifest unsigned: manifest.sig is missing');
    const usage = await runWirecheck(['verify', bundle]);
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain('missing --pub KEY.pem');
    writeFileSync(join(keys, 'not-a-key.pem'), readFileSync(bundle).subarray(0, 40));
    const badKey = await runWirecheck(['verify', bundle, '--pub', join(keys, 'not-a-key.pem')]);
    expect(badKey.exitCode).toBe(2);
    expect(badKey.stderr).toContain('is not a PEM public key');
  }, 30_000);
});
