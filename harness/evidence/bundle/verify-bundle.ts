// `wirecheck verify`: a bundle is valid when manifest.sig is an Ed25519 signature of
// manifest.json by the given public key, and the bundle holds exactly the files the
// manifest lists, each with its sha256. Every problem is named: which file changed,
// was added or removed; a missing or invalid signature; a manifest that is not one.
import type { KeyObject } from 'node:crypto';
import { MANIFEST_FILE, SIGNATURE_FILE, type Manifest } from './manifest.ts';
import type { BundleContents } from './read-bundle.ts';
import { sha256Hex } from './sha256.ts';
import { keyFingerprint, verifyBytes } from './signing-key.ts';

export type ProblemKind = 'changed' | 'added' | 'removed' | 'archive' | 'unsigned' | 'signature' | 'manifest';

export interface BundleProblem {
  readonly kind: ProblemKind;
  readonly file?: string;
  readonly message: string;
}

export interface Verification {
  readonly valid: boolean;
  readonly problems: readonly BundleProblem[];
  readonly manifest?: Manifest;
  readonly publicKey: string;
  readonly filesChecked: number;
}

function parseManifest(bytes: Buffer | undefined, problems: BundleProblem[]): Manifest | undefined {
  if (!bytes) {
    problems.push({ kind: 'manifest', file: MANIFEST_FILE, message: `${MANIFEST_FILE} is missing: not a wirecheck bundle, or the manifest was removed` });
    return undefined;
  }
  try {
    const manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
    if (manifest && typeof manifest.files === 'object' && manifest.files !== null) return manifest;
  } catch { /* reported below */ }
  problems.push({ kind: 'manifest', file: MANIFEST_FILE, message: `${MANIFEST_FILE} is not a wirecheck manifest (no "files" object of sha256 sums)` });
  return undefined;
}

function checkSignature(contents: BundleContents, manifest: Manifest | undefined, publicKey: KeyObject, problems: BundleProblem[]): void {
  const bytes = contents.files.get(MANIFEST_FILE);
  const signature = contents.files.get(SIGNATURE_FILE);
  if (!bytes) return;
  if (!signature) {
    problems.push({ kind: 'unsigned', file: SIGNATURE_FILE, message: `manifest unsigned: ${SIGNATURE_FILE} is missing (the bundle was written without --sign-key, or its signature was removed)` });
    return;
  }
  if (verifyBytes(bytes, signature, publicKey)) return;
  const expected = keyFingerprint(publicKey);
  const signer = manifest?.signer?.publicKey;
  const why = signer && signer !== expected
    ? `the manifest names another signing key (${signer}) than the one given (${expected}): signed by someone else, or re-signed after a change`
    : `${MANIFEST_FILE} was changed after it was signed, or ${SIGNATURE_FILE} was replaced`;
  problems.push({ kind: 'signature', file: SIGNATURE_FILE, message: `signature invalid: ${SIGNATURE_FILE} does not verify ${MANIFEST_FILE} with the given public key — ${why}` });
}

function checkFiles(contents: BundleContents, manifest: Manifest, problems: BundleProblem[]): number {
  const listed = Object.entries(manifest.files);
  for (const [file, sum] of listed) {
    const bytes = contents.files.get(file);
    if (!bytes) problems.push({ kind: 'removed', file, message: `removed: ${file} is listed in the manifest but missing from the bundle` });
    else if (sha256Hex(bytes) !== sum) problems.push({ kind: 'changed', file, message: `changed: ${file} (sha256 ${sha256Hex(bytes)}, the manifest says ${sum})` });
  }
  for (const file of contents.files.keys()) {
    if (file === MANIFEST_FILE || file === SIGNATURE_FILE || file in manifest.files) continue;
    problems.push({ kind: 'added', file, message: `added: ${file} is in the bundle but not in the manifest` });
  }
  return listed.length;
}

export function verifyContents(contents: BundleContents, publicKey: KeyObject): Verification {
  const problems: BundleProblem[] = contents.problems.map((message) => ({ kind: 'archive', message: `archive: ${message}` }));
  const manifest = parseManifest(contents.files.get(MANIFEST_FILE), problems);
  checkSignature(contents, manifest, publicKey, problems);
  const filesChecked = manifest ? checkFiles(contents, manifest, problems) : 0;
  return { valid: problems.length === 0, problems, ...(manifest ? { manifest } : {}), publicKey: keyFingerprint(publicKey), filesChecked };
}
