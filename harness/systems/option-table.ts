// A system's options of `wirecheck run`, declared once: the parseArgs spec, the
// --help section, the README's option table and the reproduce command are all
// generated from these rows, so an option cannot be documented in one place and
// missing from another.
import type { ParseArgsConfig } from 'node:util';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Parsed values by camelCase key; an option declared `multiple` keeps every value given, in order. */
export type OptionValues = Record<string, string | boolean | string[] | undefined>;

export interface OptionRow {
  /** The flag without dashes, kebab-case: `other-user-id`. */
  readonly flag: string;
  readonly type: 'string' | 'boolean';
  /** Given more than once: every value, in order. */
  readonly multiple?: boolean;
  /** The left column of --help: `--token T` (default `--<flag>`). */
  readonly usage?: string;
  /**
   * The right column of --help, one string per line. Absent: the row shares the help of
   * the row before it (a usage naming several options together).
   */
  readonly help?: readonly string[];
  /** The README table's row: [usage cell, meaning] in Markdown; absent: shares the previous row's. */
  readonly readme?: readonly [string, string];
  /** The environment variable read when the option is not given. */
  readonly env?: string;
  /**
   * How the reproduce command carries it: 'value' (default) as given, 'never', or a
   * placeholder for a secret (`"$TOKEN"`), optionally only for an external target.
   */
  readonly reproduce?: 'value' | 'never' | { readonly placeholder: string; readonly externalOnly?: boolean };
}

export interface OptionSection {
  /** The heading of its --help section: `webhook:`. */
  readonly title: string;
  readonly rows: readonly OptionRow[];
}

/** The parseArgs spec of some rows. */
export function parseSpecOf(rows: readonly OptionRow[]): OptionSpec {
  return Object.fromEntries(rows.map((row) => [row.flag, {
    type: row.type, ...(row.multiple ? { multiple: true } : {}),
  }]));
}

const USAGE_WIDTH = 26;

/** One --help section: `title` then each row, the help text in a column of its own. */
export function helpSectionOf(section: OptionSection): string {
  const lines = [section.title];
  for (const row of section.rows) {
    if (!row.help) continue;
    const usage = `  ${row.usage ?? `--${row.flag}`}`;
    const [first = '', ...rest] = row.help;
    if (usage.length > USAGE_WIDTH) lines.push(usage, `${' '.repeat(USAGE_WIDTH + 2)}${first}`);
    else lines.push(`${usage.padEnd(USAGE_WIDTH + 2)}${first}`);
    for (const line of rest) lines.push(`${' '.repeat(USAGE_WIDTH + 2)}${line}`);
  }
  return lines.join('\n');
}

/** The README's table rows (`| usage | meaning |`) of some rows. */
export function readmeRowsOf(rows: readonly OptionRow[]): string[] {
  return rows.flatMap((row) => (row.readme ? [`| ${row.readme[0]} | ${row.readme[1]} |`] : []));
}

/** The camelCase key parseCommandLine gives a flag's value. */
export function valueKey(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** A string option's value: given, or from its environment variable (empty counts as unset). */
export function stringValue(row: OptionRow, values: OptionValues, env: NodeJS.ProcessEnv): string | undefined {
  const given = values[valueKey(row.flag)];
  if (typeof given === 'string') return given;
  return row.env ? env[row.env] || undefined : undefined;
}

/** A shell word: as it is when safe, else single-quoted. */
export function quote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The reproduce command's arguments for some rows: secrets as placeholders. */
export function reproduceArgsOf(rows: readonly OptionRow[], values: OptionValues, external: boolean): string[] {
  const args: string[] = [];
  for (const row of rows) {
    const value = values[valueKey(row.flag)];
    const rule = row.reproduce ?? 'value';
    if (value === undefined || value === false || rule === 'never') continue;
    if (typeof rule === 'object') {
      if (!rule.externalOnly || external) args.push(`--${row.flag}`, rule.placeholder);
      continue;
    }
    if (value === true) args.push(`--${row.flag}`);
    else for (const one of Array.isArray(value) ? value : [value]) args.push(`--${row.flag}`, quote(String(one)));
  }
  return args;
}
