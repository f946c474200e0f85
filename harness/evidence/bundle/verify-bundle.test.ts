import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../project-paths.ts';
import { HARNESS_VERSION } from '../../version.ts';
import { MANIFEST_FILE, SIGNATURE_FILE, type Manifest } from './manifest.ts';
import { readBundle, type BundleContents } from './read-bundle.ts';
import { sha256File } from './sha256.ts';
import { keyFingerprint, signBytes } from './signing-key.ts';
import { verifyContents } from './verify-bundle.ts';
import { writeBundle } from './write-bundle.ts';

const keys = () => generateKeyPairSync('ed25519');
const signer = keys();
const stranger = keys();

function reportDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wirecheck-bundle-'));
  mkdirSync(join(dir, 'transcripts'));
  mkdirSync(join(dir, 'logs'));
  writeFileSync(join(dir, 'summary.json'), '{"schema":"wirecheck.summary/v1","exitCode":1}\n');
  writeFileSync(join(dir, 'junit.xml'), '<testsuites/>\n');
  writeFileSync(join(dir, 'report.html'), '<!doctype html><title>r</title>\n');
  writeFileSync(join(dir, 'transcripts', 'WH-SIG-02.txt'), '>>> POST /webhooks/payments\n');
  writeFileSync(join(dir, 'logs', 'webhook-reference.log'), '{"msg":"listening"}\n');
  writeFileSync(join(dir, 'allure-results.json'), 'not bundled\n');
  return dir;
}

async function bundle(signKey: KeyObject | undefined, secrets: string[] = []): Promise<{ dir: string; contents: BundleContents }> {
  const dir = reportDir();
  const { file } = await writeBundle({
    reportDir: dir,
    run: { runId: 'r1', systems: ['webhook'], startedAt: '2026-11-21T10:00:00.000Z', seed: 7, exitCode: 1, totals: { passed: 1, failed: 1 } },
    target: { kind: 'external', systems: [{ system: 'webhook', kind: 'external', baseUrl: 'http://127.0.0.1:9/', preflight: { method: 'POST', url: 'http://127.0.0.1:9/webhooks/payments', statusLine: 'HTTP/1.1 401 Unauthorized', server: 'echo s3cret-value' } }] },
    commandLine: 'wirecheck run webhook --secret <secret>',
    ...(signKey ? { signKey } : {}),
    secrets,
  });
  return { dir, contents: await readBundle(file) };
}

function edited(contents: BundleContents, change: (files: Map<string, Buffer>) => void): BundleContents {
  const files = new Map(contents.files);
  change(files);
  return { files, problems: [] };
}

describe('certification bundle', () => {
  let signed: { dir: string; contents: BundleContents };
  beforeAll(async () => { signed = await bundle(signer.privateKey, ['s3cret-value']); });

  it('holds the reports, transcripts and logs, and a manifest of their sha256 sums, harness, lockfile, suites and environment', () => {
    expect([...signed.contents.files.keys()].sort()).toEqual([MANIFEST_FILE, SIGNATURE_FILE, 'junit.xml', 'logs/webhook-reference.log', 'report.html', 'summary.json', 'transcripts/WH-SIG-02.txt'].sort());
    const manifest = JSON.parse(signed.contents.files.get(MANIFEST_FILE)?.toString() ?? '') as Manifest;
    expect(manifest.files['summary.json']).toBe(sha256File(join(signed.dir, 'summary.json')));
    expect(manifest.harness.version).toBe(HARNESS_VERSION);
    expect(manifest.harness.lockfileSha256).toBe(sha256File(projectPath('package-lock.json')));
    expect(manifest.harness.suites['suites/webhook/contract/signature.test.ts']).toBe(sha256File(projectPath('suites/webhook/contract/signature.test.ts')));
    expect(manifest.environment).toMatchObject({ node: process.version, platform: process.platform, commandLine: 'wirecheck run webhook --secret <secret>' });
    expect(manifest.environment.cpuCount).toBeGreaterThan(0);
    expect(manifest.signer).toEqual({ algorithm: 'Ed25519', publicKey: keyFingerprint(signer.publicKey) });
    expect(manifest.target.systems[0]?.preflight.server).toBe('echo [REDACTED]');
    expect(readFileSync(join(signed.dir, SIGNATURE_FILE))).toHaveLength(64);
  });

  it('verifies as valid with the signer\'s public key', () => {
    const result = verifyContents(signed.contents, signer.publicKey);
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ valid: true, filesChecked: 5 });
  });

  it('names a changed file: one byte of summary.json', () => {
    const result = verifyContents(edited(signed.contents, (files) => {
      const bytes = Buffer.from(files.get('summary.json') ?? '');
      bytes[bytes.length - 3] = 0x30;
      files.set('summary.json', bytes);
    }), signer.publicKey);
    expect(result.valid).toBe(false);
    expect(result.problems.map((p) => [p.kind, p.file])).toEqual([['changed', 'summary.json']]);
    expect(result.problems[0]?.message).toMatch(/^changed: summary\.json \(sha256 [0-9a-f]{64}, the manifest says [0-9a-f]{64}\)$/);
  });

  it('names an added file and a removed file', () => {
    const result = verifyContents(edited(signed.contents, (files) => {
      files.set('transcripts/WH-SIG-99.txt', Buffer.from('planted'));
      files.delete('transcripts/WH-SIG-02.txt');
    }), signer.publicKey);
    expect(result.problems.map((p) => p.message)).toEqual([
      'removed: transcripts/WH-SIG-02.txt is listed in the manifest but missing from the bundle',
      'added: transcripts/WH-SIG-99.txt is in the bundle but not in the manifest',
    ]);
  });

  it('a changed manifest breaks the signature, even when its sums were updated to match', () => {
    const result = verifyContents(edited(signed.contents, (files) => {
      const manifest = JSON.parse(files.get(MANIFEST_FILE)?.toString() ?? '') as Manifest;
      files.set(MANIFEST_FILE, Buffer.from(JSON.stringify({ ...manifest, run: { ...manifest.run, exitCode: 0 } }, null, 2)));
    }), signer.publicKey);
    expect(result.problems.map((p) => p.kind)).toEqual(['signature']);
    expect(result.problems[0]?.message).toContain('manifest.json was changed after it was signed');
  });

  it('a manifest re-signed with another key fails, naming the other key', () => {
    const result = verifyContents(edited(signed.contents, (files) => {
      const manifest = JSON.parse(files.get(MANIFEST_FILE)?.toString() ?? '') as Manifest;
      const forged = Buffer.from(JSON.stringify({ ...manifest, signer: { algorithm: 'Ed25519', publicKey: keyFingerprint(stranger.publicKey) } }));
      files.set(MANIFEST_FILE, forged);
      files.set(SIGNATURE_FILE, signBytes(forged, stranger.privateKey));
    }), signer.publicKey);
    expect(result.problems.map((p) => p.kind)).toEqual(['signature']);
    expect(result.problems[0]?.message).toContain(`names another signing key (${keyFingerprint(stranger.publicKey)}) than the one given (${keyFingerprint(signer.publicKey)})`);
  });

  it('checked with someone else\'s public key, a genuine bundle is invalid', () => {
    expect(verifyContents(signed.contents, stranger.publicKey).problems.map((p) => p.kind)).toEqual(['signature']);
  });

  it('a bundle without manifest.sig is reported unsigned; one without manifest.json is not a bundle', async () => {
    const unsigned = await bundle(undefined);
    expect(unsigned.contents.files.has(SIGNATURE_FILE)).toBe(false);
    expect(verifyContents(unsigned.contents, signer.publicKey).problems.map((p) => p.message)).toEqual([
      'manifest unsigned: manifest.sig is missing (the bundle was written without --sign-key, or its signature was removed)',
    ]);
    const headless = verifyContents(edited(signed.contents, (files) => files.delete(MANIFEST_FILE)), signer.publicKey);
    expect(headless.problems.map((p) => p.kind)).toEqual(['manifest']);
  });
});
