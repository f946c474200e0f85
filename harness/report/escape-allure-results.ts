// Allure's sink. allure-vitest writes its results while the checks run, in the worker:
// a failed assertion is recorded as a step, with its message and stack, before the
// check escapes the error it throws (checks/escape-error.ts). So once the run is over
// the results dir is escaped as a whole, before the Allure report is drawn from it and
// before anything reads it: every string of every result and container file, and every
// text attachment (the transcripts), with escapeControls, line breaks kept.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeControls } from '../http/escape-controls.ts';

const KEEP_LINES = { keepNewlines: true } as const;

function escapeStrings(value: unknown): unknown {
  if (typeof value === 'string') return escapeControls(value, KEEP_LINES);
  if (Array.isArray(value)) return value.map(escapeStrings);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [escapeControls(k), escapeStrings(v)]));
  }
  return value;
}

/** The file's text escaped, or undefined when it is not a file this sink shows as text. */
function escaped(name: string, text: string): string | undefined {
  if (name.endsWith('-attachment.txt')) return escapeControls(text, KEEP_LINES);
  if (!name.endsWith('-result.json') && !name.endsWith('-container.json')) return undefined;
  try {
    return JSON.stringify(escapeStrings(JSON.parse(text)));
  } catch {
    // Not JSON (a result cut short): shown as the text it is.
    return escapeControls(text, KEEP_LINES);
  }
}

/** Escapes the Allure results in `dir` in place; the names of the files it changed. */
export function escapeAllureResults(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const changed: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const { name } = entry;
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    const result = escaped(name, text);
    if (result === undefined || result === text) continue;
    writeFileSync(file, result);
    changed.push(name);
  }
  return changed;
}
