// The ledger of exempted mutants: mutation/exemptions/<system>.json, one entry per
// exemption, kept out of the reference code (issue 18: references free of test tooling).
// An entry names its line by the line's exact text (trimmed), so it survives edits
// elsewhere in the file; `occurrence` (1-based) picks one line where that text repeats.
// Plain JS: the Stryker plugin (exemption-ignorer.mjs) loads it before any TypeScript.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LEDGER_DIR = join(import.meta.dirname, 'exemptions');

/** Every entry of every system's ledger, in ledger order, each with its system's name. */
export function readExemptions(dir = LEDGER_DIR) {
  return readdirSync(dir).filter((name) => name.endsWith('.json')).sort().flatMap((name) => {
    const entries = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    return entries.map((entry) => ({ system: name.slice(0, -'.json'.length), ...entry }));
  });
}

/** The 0-based index of the line an anchor names in `lines`, or why there is none. */
export function findAnchor(lines, anchor) {
  const matching = [];
  lines.forEach((text, index) => { if (text.trim() === anchor.line) matching.push(index); });
  if (anchor.occurrence === undefined) {
    if (matching.length === 1) return { index: matching[0] };
    return { problem: `${matching.length} lines read "${anchor.line}"${matching.length > 1 ? ' (give an occurrence)' : ''}` };
  }
  const index = matching[anchor.occurrence - 1];
  return index === undefined ? { problem: `no occurrence ${anchor.occurrence} of "${anchor.line}" (${matching.length} found)` } : { index };
}
