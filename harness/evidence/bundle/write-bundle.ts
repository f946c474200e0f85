// --bundle: bundle.tar.gz in the report dir, holding the evidence of the run
// (summary.json, junit.xml, report.html, transcripts/, logs/, dead-letters/), its
// manifest.json and, with --sign-key, manifest.sig (Ed25519 over manifest.json's
// exact bytes). Written after the report dir was scrubbed of the run's secrets.
// Unlike the other reports, which are drawn from the run's record in memory, it packs
// the files from disk: what it certifies are the bytes there, as scrubbed.
import type { KeyObject } from 'node:crypto';
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'tar';
import { environmentOf, harnessOf, MANIFEST_FILE, MANIFEST_SCHEMA, SIGNATURE_FILE, type Manifest, type ManifestRun } from './manifest.ts';
import { filesUnder, sha256File } from './sha256.ts';
import { keyFingerprint, signBytes } from './signing-key.ts';
import type { SystemFingerprint } from './target-fingerprint.ts';

export const BUNDLE_FILE = 'bundle.tar.gz';
const BUNDLED = ['summary.json', 'junit.xml', 'report.html', 'transcripts', 'logs', 'dead-letters'];

export interface BundleInput {
  readonly reportDir: string;
  readonly run: ManifestRun;
  readonly target: { readonly kind: string; readonly systems: readonly SystemFingerprint[] };
  readonly commandLine: string;
  readonly signKey?: KeyObject;
  /** Redacted from the manifest, should a target have echoed one. */
  readonly secrets: readonly string[];
}

function bundledFiles(reportDir: string): string[] {
  return BUNDLED.flatMap((name) => {
    const path = join(reportDir, name);
    if (!existsSync(path)) return [];
    return statSync(path).isDirectory() ? filesUnder(path).map((f) => `${name}/${f}`) : [name];
  });
}

function redact(text: string, secrets: readonly string[]): string {
  return secrets.filter((s) => s.length >= 4).reduce((t, s) => t.split(s).join('[REDACTED]'), text);
}

export function buildManifest(input: BundleInput, files: readonly string[]): Manifest {
  return {
    schema: MANIFEST_SCHEMA,
    createdAt: new Date().toISOString(),
    harness: harnessOf(),
    run: input.run,
    target: input.target,
    environment: environmentOf(input.commandLine),
    ...(input.signKey ? { signer: { algorithm: 'Ed25519', publicKey: keyFingerprint(input.signKey) } } : {}),
    files: Object.fromEntries(files.map((f) => [f, sha256File(join(input.reportDir, f))])),
  };
}

export async function writeBundle(input: BundleInput): Promise<{ file: string; signed: boolean; fileCount: number }> {
  const files = bundledFiles(input.reportDir);
  const manifest = Buffer.from(`${redact(JSON.stringify(buildManifest(input, files), null, 2), input.secrets)}\n`);
  writeFileSync(join(input.reportDir, MANIFEST_FILE), manifest);
  const signature = join(input.reportDir, SIGNATURE_FILE);
  rmSync(signature, { force: true });
  if (input.signKey) writeFileSync(signature, signBytes(manifest, input.signKey));
  const file = join(input.reportDir, BUNDLE_FILE);
  const entries = [MANIFEST_FILE, ...(input.signKey ? [SIGNATURE_FILE] : []), ...files];
  await create({ gzip: true, file, cwd: input.reportDir, portable: true }, entries);
  return { file, signed: input.signKey !== undefined, fileCount: files.length };
}
