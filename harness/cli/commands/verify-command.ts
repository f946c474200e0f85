// `wirecheck verify BUNDLE --pub KEY.pem`: checks a certification bundle's signature
// and every file's hash; names each problem. Exit 0 valid, 1 tampered or invalid,
// 2 usage (no such bundle, no usable public key).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ERROR_CODES, OptionsError, WirecheckError } from '../../errors.ts';
import { readBundle } from '../../evidence/bundle/read-bundle.ts';
import { loadPublicKey } from '../../evidence/bundle/signing-key.ts';
import { verifyContents, type Verification } from '../../evidence/bundle/verify-bundle.ts';
import { EXIT } from '../../exit-codes.ts';
import { VERIFY_HELP } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine } from '../parse-command-line.ts';

const HELP = 'wirecheck verify --help';

function describe(result: Verification): string[] {
  const m = result.manifest;
  if (!m) return [];
  const target = (m.target?.systems ?? []).map((s) => `${s.system} ${s.kind} ${s.baseUrl} (${s.preflight?.statusLine ?? s.preflight?.error ?? 'no answer'}${s.preflight?.server ? `, Server: ${s.preflight.server}` : ''})`);
  return [
    `manifest   wirecheck ${m.harness?.version ?? '?'} · ${(m.run?.systems ?? []).join(', ')} · run ${m.run?.runId ?? '?'} started ${m.run?.startedAt ?? '?'} · seed ${m.run?.seed ?? '?'} · exit ${m.run?.exitCode ?? '?'}`,
    ...target.map((t) => `target     ${t}`),
    `command    ${m.environment?.commandLine ?? '?'}`,
  ];
}

export async function verifyCommand(args: readonly string[], io: Output): Promise<number> {
  const { positionals, values } = parseCommandLine(args, { pub: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, HELP);
  if (values['help']) {
    io.out(VERIFY_HELP);
    return 0;
  }
  const problems: string[] = [];
  if (positionals.length !== 1) problems.push(positionals.length === 0 ? 'missing BUNDLE: the bundle.tar.gz to verify' : `one bundle at a time: got ${positionals.join(', ')}`);
  if (typeof values['pub'] !== 'string') problems.push('missing --pub KEY.pem: the public key of whoever signed the bundle');
  if (problems.length > 0) throw new OptionsError(problems, HELP);
  const bundle = resolve(positionals[0] ?? '');
  if (!existsSync(bundle)) throw new WirecheckError(ERROR_CODES.bundleUnreadable, `no bundle at ${bundle}: give the bundle.tar.gz a run with --bundle wrote`);
  let publicKey;
  try {
    publicKey = loadPublicKey(resolve(String(values['pub'])));
  } catch (error) {
    throw new WirecheckError(ERROR_CODES.keyInvalid, `--pub: ${(error as Error).message}`);
  }
  let result: Verification;
  try {
    result = verifyContents(await readBundle(bundle), publicKey);
  } catch (error) {
    io.err(`INVALID: ${bundle} is not a readable .tar.gz archive (${(error as Error).message})`);
    return EXIT.failed;
  }
  if (values['json']) {
    io.out(JSON.stringify({ bundle, valid: result.valid, publicKey: result.publicKey, filesChecked: result.filesChecked, problems: result.problems }, null, 2));
    return result.valid ? EXIT.passed : EXIT.failed;
  }
  io.out(`bundle     ${bundle}`);
  io.out(`key        ${result.publicKey} (Ed25519)`);
  for (const line of describe(result)) io.out(line);
  if (result.valid) {
    io.out(`files      ${result.filesChecked} listed in the manifest, every sha256 matches, nothing added`);
    io.out('signature  valid');
    io.out('\nVALID: the bundle is exactly what was signed');
    return EXIT.passed;
  }
  io.err(`\nTAMPERED OR INVALID — ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}:`);
  for (const problem of result.problems) io.err(`  - ${problem.message}`);
  return EXIT.failed;
}
