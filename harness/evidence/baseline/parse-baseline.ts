// Reads a baseline file's text (JSON or YAML) and validates every entry, collecting
// every problem at once: the caller turns them into one usage error (exit 2).
import { parse as parseYaml } from 'yaml';
import type { SystemCheck } from '../../checks/check-definition.ts';
import { BASELINE_SCHEMA, isCalendarDate, type BaselineEntry } from './baseline-entry.ts';

export type FindCheck = (id: string) => SystemCheck | undefined;

const KEYS = new Set(['id', 'reason', 'expires']);

function decode(text: string, file: string, problems: string[]): unknown {
  try {
    return /\.json$/i.test(file) ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    problems.push(`not valid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
}

/** The entry list: `{schema?, entries: [...]}` or a bare list. */
function entryList(document: unknown, problems: string[]): unknown[] | undefined {
  if (Array.isArray(document)) return document;
  if (document && typeof document === 'object') {
    const { schema, entries, ...rest } = document as Record<string, unknown>;
    if (schema !== undefined && schema !== BASELINE_SCHEMA) problems.push(`schema "${String(schema)}" is not ${BASELINE_SCHEMA}`);
    for (const key of Object.keys(rest)) problems.push(`unknown top-level key "${key}": a baseline has "schema" and "entries"`);
    if (Array.isArray(entries)) return entries;
  }
  problems.push('expected a list of entries, or an object with "entries": [{id, reason, expires}]');
  return undefined;
}

function entryOf(raw: unknown, label: string, findCheck: FindCheck, problems: string[]): BaselineEntry | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(`${label}: expected an object {id, reason, expires}`);
    return undefined;
  }
  const record = raw as Record<string, unknown>;
  const before = problems.length;
  for (const key of Object.keys(record)) if (!KEYS.has(key)) problems.push(`${label}: unknown key "${key}" (an entry has id, reason, expires)`);
  const { id, reason, expires } = record;
  if (typeof id !== 'string' || id === '') problems.push(`${label}: "id" must be a check id such as WH-SIG-02`);
  else if (!findCheck(id)) problems.push(`${label}: unknown check id "${id}" (\`wirecheck list\` shows every id)`);
  else if (findCheck(id)?.level === 'INFO') problems.push(`${label}: ${id} is an INFO check, which never fails: it has no place in a baseline`);
  if (typeof reason !== 'string' || reason.trim() === '') problems.push(`${label}: "reason" must say why the failure is accepted (e.g. a ticket)`);
  if (typeof expires !== 'string' || !isCalendarDate(expires)) {
    problems.push(`${label}: "expires" ${expires === undefined ? 'is missing' : `"${String(expires)}" is not a date`}: write YYYY-MM-DD, e.g. 2027-01-31`);
  }
  if (problems.length > before) return undefined;
  return { id: id as string, reason: (reason as string).trim(), expires: expires as string };
}

function duplicates(list: readonly unknown[]): string[] {
  const seen = new Map<string, number[]>();
  list.forEach((raw, index) => {
    const id = (raw as { id?: unknown } | null)?.id;
    if (typeof id === 'string') seen.set(id, [...(seen.get(id) ?? []), index + 1]);
  });
  return [...seen].filter(([, at]) => at.length > 1).map(([id, at]) => `${id} is listed ${at.length} times (entries ${at.join(', ')}): keep one entry per check`);
}

/** Every problem is prefixed with the file; `entries` is undefined when there is any. */
export function parseBaseline(text: string, file: string, findCheck: FindCheck): { entries?: BaselineEntry[]; problems: string[] } {
  const problems: string[] = [];
  const list = entryList(decode(text, file, problems), problems);
  const entries: BaselineEntry[] = [];
  for (const [index, raw] of (list ?? []).entries()) {
    const id = (raw as { id?: unknown } | null)?.id;
    const entry = entryOf(raw, `entry ${index + 1}${typeof id === 'string' ? ` (${id})` : ''}`, findCheck, problems);
    if (entry) entries.push(entry);
  }
  problems.push(...duplicates(list ?? []));
  const prefixed = problems.map((p) => `--baseline ${file}: ${p}`);
  return prefixed.length > 0 ? { problems: prefixed } : { entries, problems: [] };
}
