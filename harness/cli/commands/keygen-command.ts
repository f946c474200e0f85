// `wirecheck keygen --out DIR`: an Ed25519 key pair for signing bundles. The private
// key is written readable by its owner only; neither file is ever overwritten.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createPublicKey } from 'node:crypto';
import { ERROR_CODES, OptionsError, WirecheckError } from '../../errors.ts';
import { generateSigningKeys, keyFingerprint } from '../../evidence/bundle/signing-key.ts';
import { KEYGEN_HELP } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine } from '../parse-command-line.ts';

const HELP = 'wirecheck keygen --help';

export function keygenCommand(args: readonly string[], io: Output): number {
  const { positionals, values } = parseCommandLine(args, { out: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, HELP);
  if (values['help']) {
    io.out(KEYGEN_HELP);
    return 0;
  }
  const problems: string[] = [];
  if (positionals.length > 0) problems.push(`unexpected argument "${positionals[0]}": keygen takes --out DIR`);
  if (typeof values['out'] !== 'string' || values['out'] === '') problems.push('missing --out DIR: where to write the key pair');
  const name = typeof values['name'] === 'string' ? values['name'] : 'wirecheck-signing';
  if (!/^[\w.-]+$/.test(name)) problems.push(`--name "${name}" must be a plain file name stem, e.g. acme-release`);
  if (problems.length > 0) throw new OptionsError(problems, HELP);
  const dir = resolve(String(values['out']));
  const [privateFile, publicFile] = [join(dir, `${name}.key.pem`), join(dir, `${name}.pub.pem`)];
  const existing = [privateFile, publicFile].filter((f) => existsSync(f));
  if (existing.length > 0) throw new WirecheckError(ERROR_CODES.keyExists, `${existing.join(' and ')} already exist${existing.length === 1 ? 's' : ''}: keygen never overwrites a key; choose another --out or --name`);
  mkdirSync(dir, { recursive: true });
  const { privatePem, publicPem } = generateSigningKeys();
  writeFileSync(privateFile, privatePem, { mode: 0o600, flag: 'wx' });
  writeFileSync(publicFile, publicPem, { flag: 'wx' });
  io.out(`private key  ${privateFile}  (keep it secret: \`wirecheck run ... --bundle --sign-key ${privateFile}\`)`);
  io.out(`public key   ${publicFile}  (give it to auditors: \`wirecheck verify bundle.tar.gz --pub ${publicFile}\`)`);
  io.out(`fingerprint  ${keyFingerprint(createPublicKey(publicPem))}`);
  return 0;
}
