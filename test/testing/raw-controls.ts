// The oracle of "no raw control character reaches an output": written apart from the
// harness's escaping function, so a test does not grade that function by itself.
// A terminal acts on these (ESC starts a sequence that can clear the screen or set the
// window title, a bare CR rewrites the line, C1 0x9B is CSI on 8-bit terminals), XML 1.0
// cannot carry most of them, and the bidi controls and line/paragraph separators
// reorder or break text as it is displayed (Trojan source).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A code point that must never reach an output raw; `newline` says whether LF is the sink's own line break. */
export function isRawControl(cp: number, options: { newline: boolean }): boolean {
  if (cp === 0x0a) return !options.newline;
  return cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f) || cp === 0x2028 || cp === 0x2029
    || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

/** `text` with its raw controls spelled as `<U+001B>`: a failure message must not carry them either. */
function shown(text: string, options: { newline: boolean }): string {
  return [...text].map((ch) => (isRawControl(ch.codePointAt(0) ?? 0, options) ? `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>` : ch)).join('');
}

/**
 * The raw controls in `text`, as `U+001B at 120 in "…context…"` (the first `max` of them, then
 * how many more), so a failure shows where they are; empty when there is none.
 */
export function rawControlsIn(text: string, options: { newline: boolean } = { newline: true }, max = 5): string[] {
  const found: string[] = [];
  let count = 0;
  let index = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (isRawControl(cp, options) && count++ < max) {
      const context = shown(text.slice(Math.max(0, index - 40), index + 20), options);
      found.push(`U+${cp.toString(16).toUpperCase().padStart(4, '0')} at ${index} in "${context}"`);
    }
    index += ch.length;
  }
  if (count > max) found.push(`… and ${count - max} more`);
  return found;
}

/** Every string inside a parsed JSON value (keys too): what a reader of the JSON file gets back. */
export function jsonStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(jsonStrings);
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => [k, ...jsonStrings(v)]);
  return [];
}

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

/** What a reader gets from a file: a JSON file's strings once parsed, any other file's text. */
function readerText(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.json') ? jsonStrings(JSON.parse(text)) : [text];
}

/**
 * The text files under a report directory (a bundle's gzip is left out: its files are
 * these), and the raw controls of each that holds any, by path relative to `dir`.
 */
export function rawControlsInReport(dir: string): { files: string[]; found: Record<string, string[]> } {
  const files = allFiles(dir).filter((f) => !f.endsWith('.tar.gz')).map((f) => relative(dir, f));
  const found = Object.fromEntries(files
    .map((file) => [file, readerText(join(dir, file)).flatMap((text) => rawControlsIn(text, { newline: true }, 2))] as const)
    .filter(([, raw]) => raw.length > 0));
  return { files, found };
}
