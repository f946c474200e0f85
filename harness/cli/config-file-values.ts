// A config file's document (parsed JSON or YAML) as the option values the command line
// would give: keys are the long option names, flat (a system's options beside the
// core's: no two options share a name, and one file serves `run all`). Every problem
// at once, each naming the file, the key and the fix. A value is never quoted in a
// problem: a key may hold a secret.
import { valueKey, type OptionRow, type OptionValues } from '../systems/option-table.ts';
import { nearestName } from '../systems/nearest-name.ts';

export interface ConfigFileValues {
  /** By camelCase key, as parseCommandLine gives them. */
  readonly values: OptionValues;
  /** The flags the file gives (kebab-case). */
  readonly flags: readonly string[];
  readonly problems: readonly string[];
}

const isMapping = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a value is, without saying what it holds. */
function kindOf(value: unknown): string {
  if (value === null) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'boolean') return String(value);
  return typeof value === 'number' ? 'a number' : 'a string';
}

/** `baseUrl`, `base_url`, `--base-url` → `base-url`, for the suggestion. */
const kebab = (key: string) => key.replace(/^-+/, '').replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function unknownKey(key: string, rows: readonly OptionRow[]): string {
  if (key === 'system') return '"system" is not an option: name the system on the command line, `wirecheck run webhook`';
  if (key === 'config-file') return '"config-file" names the file itself: give it on the command line';
  const known = rows.map((row) => row.flag).filter((flag) => flag !== 'config-file');
  const nearest = known.includes(kebab(key)) ? kebab(key) : nearestName(kebab(key), known);
  return `unknown key "${key}"${nearest ? `: did you mean "${nearest}"?` : ''} (the keys are run's long option names: \`wirecheck run --help\`)`;
}

/** A scalar as the command line would give it: text (a number as written, e.g. seed: 42). */
const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

function valueOf(row: OptionRow, raw: unknown, problems: string[]): string | boolean | string[] | undefined {
  const key = `key "${row.flag}"`;
  if (raw === null) {
    problems.push(`${key} has no value: give one, or leave the key out`);
    return undefined;
  }
  if (row.type === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    problems.push(`${key} is a switch (--${row.flag}): write true or false, not ${kindOf(raw)}`);
    return undefined;
  }
  // The flag and its value's name, as --help shows them: `--seed N`.
  const usage = (row.usage ?? `--${row.flag} VALUE`).split(' ').slice(0, 2).join(' ');
  if (Array.isArray(raw) && row.multiple) {
    const items = raw.map(asText);
    if (items.every((item): item is string => item !== undefined)) return items;
    problems.push(`${key} must be a list of strings (${usage}, repeatable), but an item is ${kindOf(raw[items.indexOf(undefined)])}`);
    return undefined;
  }
  const one = asText(raw);
  if (one !== undefined) return row.multiple ? [one] : one;
  problems.push(`${key} must be ${row.multiple ? 'a string or a list of strings' : 'a string or a number'} (${usage}), not ${kindOf(raw)}`);
  return undefined;
}

export function configFileValues(document: unknown, file: string, rows: readonly OptionRow[]): ConfigFileValues {
  const problems: string[] = [];
  if (!isMapping(document)) {
    return { values: {}, flags: [], problems: [`${file}: expected a mapping of option names to values, e.g. {"base-url": "https://staging.example.com", "probe": true}, not ${kindOf(document)}`] };
  }
  // A flag's first row: its usage names the value (several rows may share a flag: --target's kinds).
  const byFlag = new Map<string, OptionRow>();
  for (const row of rows) if (row.flag !== 'config-file' && !byFlag.has(row.flag)) byFlag.set(row.flag, row);
  const values: OptionValues = {};
  const flags: string[] = [];
  for (const [key, raw] of Object.entries(document)) {
    const row = byFlag.get(key);
    if (!row) {
      problems.push(`${file}: ${unknownKey(key, rows)}`);
      continue;
    }
    const found: string[] = [];
    const value = valueOf(row, raw, found);
    problems.push(...found.map((problem) => `${file}: ${problem}`));
    // false is a switch left off, as when the flag is not given.
    if (value === undefined || value === false) continue;
    values[valueKey(row.flag)] = value;
    flags.push(row.flag);
  }
  return { values, flags, problems };
}
