// The webhook's options of `wirecheck run`: the receiver's secret and where it reads
// an event's version; and the bundled sender's self-test faults, which come in
// through the generic --reference-fault.
import { randomBytes } from 'node:crypto';
import { isSenderFaultName } from '../../webhook/sender/sender-faults.ts';
import { stringValue, type OptionRow } from '../option-table.ts';
import type { ResolveInputs } from '../system-module.ts';

export interface WebhookOptions {
  /** The shared secret: given, from WEBHOOK_SECRET, or made for the run (reference). */
  readonly secret: string;
  /** The secret came from WEBHOOK_SECRET, not --secret. */
  readonly secretFromEnv: boolean;
  /** --version-field: where the receiver under test reads an event's version (external targets). */
  readonly versionField?: string;
  /** The `sender-` names of --reference-fault: bugs of the bundled sender, for WH-SEND-14/15 only. */
  readonly senderFaults: readonly string[];
}

const SECRET: OptionRow = {
  flag: 'secret', type: 'string', usage: '--secret S', env: 'WEBHOOK_SECRET',
  help: ['the receiver\'s shared secret (or env WEBHOOK_SECRET); the', 'preflight proves it (a wrong one: exit 2)'],
  readme: ['`--secret S`', 'webhook: the receiver\'s shared secret (or env `WEBHOOK_SECRET`)'],
  reproduce: { placeholder: '"$WEBHOOK_SECRET"', externalOnly: true },
};

const VERSION_FIELD: OptionRow = {
  flag: 'version-field', type: 'string', usage: '--version-field PATH',
  help: [
    'where the receiver reads an event\'s version, e.g. data.version:',
    'the ordering checks send versions there. Without it, --probe has',
    'the preflight find it; found nowhere, they are skipped (the spec',
    'does not say where a version is carried)',
  ],
  readme: ['`--version-field PATH`', 'webhook: where the receiver reads an event\'s version, a dotted path such as `data.version`; the ordering checks (WH-ORD-01/02/03) send versions there. Without it, with `--probe`, the preflight finds the field and says which (one event carrying a different value at `data.version`, `version`, `data.sequence`, `sequence`, `data.revision`, … and a distinct `createdAt`; the payment\'s version read back through the probe names the one read); found nowhere, or without `--probe`, the ordering checks are skipped, saying why, because the spec does not say where a version is carried (the reference reads `data.version`, CONTRACTS §5)'],
};

export const WEBHOOK_OPTION_ROWS: readonly OptionRow[] = [SECRET, VERSION_FIELD];

export function resolveWebhookOptions({ values, env, external, selected, faults, problems }: ResolveInputs): WebhookOptions {
  const given = values['secret'] as string | undefined;
  const secret = stringValue(SECRET, values, env);
  if (external && selected && !secret) problems.push('webhook: --target external needs the receiver\'s shared secret: --secret S or env WEBHOOK_SECRET');
  if (given !== undefined && given.length === 0) problems.push('--secret must not be empty');
  const versionField = values['versionField'] as string | undefined;
  if (versionField !== undefined && !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(versionField)) {
    problems.push(`--version-field "${versionField}" must be a dotted path into the event, e.g. data.version`);
  }
  if (versionField !== undefined && !external) problems.push('--version-field is for --target external: the reference reads data.version');
  // An unknown name, sender-* too, is refused with every known one (systems/unknown-fault-problem.ts).
  const senderFaults = selected ? faults.filter(isSenderFaultName) : [];
  return {
    secret: secret ?? randomBytes(24).toString('hex'),
    secretFromEnv: given === undefined && secret !== undefined,
    ...(versionField ? { versionField } : {}),
    senderFaults,
  };
}
