// manifest.json of a certification bundle: what was run (harness version, lockfile
// and suite hashes), against what (target fingerprint), where (environment), and
// the sha256 of every other file in the bundle. manifest.sig signs these bytes.
import { existsSync } from 'node:fs';
import { arch, cpus, platform, release } from 'node:os';
import { projectPath } from '../../project-paths.ts';
import { HARNESS_VERSION } from '../../version.ts';
import { filesUnder, sha256File } from './sha256.ts';
import type { SystemFingerprint } from './target-fingerprint.ts';

export const MANIFEST_SCHEMA = 'wirecheck.bundle-manifest/v1';
export const MANIFEST_FILE = 'manifest.json';
export const SIGNATURE_FILE = 'manifest.sig';

export interface ManifestRun {
  readonly runId: string;
  readonly systems: readonly string[];
  readonly startedAt: string;
  readonly seed: number;
  readonly exitCode: number;
  readonly totals: Readonly<Record<string, number>>;
}

export interface Manifest {
  readonly schema: typeof MANIFEST_SCHEMA;
  readonly createdAt: string;
  readonly harness: {
    readonly name: 'wirecheck';
    readonly version: string;
    /**
     * sha256 of package-lock.json: the exact dependency tree. null when wirecheck runs as an
     * installed package: npm publishes no lockfile, so the tree is whatever the installing
     * project resolved (its own lockfile); the version and the suite hashes still say which
     * harness ran.
     */
    readonly lockfileSha256: string | null;
    /** sha256 of every file under suites/, by path. */
    readonly suites: Readonly<Record<string, string>>;
  };
  readonly run: ManifestRun;
  readonly target: { readonly kind: string; readonly systems: readonly SystemFingerprint[] };
  readonly environment: {
    readonly node: string;
    readonly platform: string;
    readonly arch: string;
    readonly osRelease: string;
    readonly cpuCount: number;
    /** As typed, secrets as placeholders. */
    readonly commandLine: string;
  };
  /** Present when signed: the fingerprint of the key that made manifest.sig. */
  readonly signer?: { readonly algorithm: 'Ed25519'; readonly publicKey: string };
  /** sha256 of every file in the bundle but manifest.json and manifest.sig, by path. */
  readonly files: Readonly<Record<string, string>>;
}

export function harnessOf(): Manifest['harness'] {
  const suitesDir = projectPath('suites');
  const lockfile = projectPath('package-lock.json');
  return {
    name: 'wirecheck',
    version: HARNESS_VERSION,
    lockfileSha256: existsSync(lockfile) ? sha256File(lockfile) : null,
    suites: Object.fromEntries(filesUnder(suitesDir).map((path) => [`suites/${path}`, sha256File(projectPath('suites', path))])),
  };
}

export function environmentOf(commandLine: string): Manifest['environment'] {
  return { node: process.version, platform: platform(), arch: arch(), osRelease: release(), cpuCount: cpus().length, commandLine };
}
