// Moves `// Stryker disable|restore` comments out of the mutated reference files into the
// exemption ledger (mutation/exemptions/<system>.json), then strips them from the files:
//   npx tsx mutation/exemptions/extract.ts
// It did the migration of issue 18, and it is one way to add an exemption: write the
// comment as Stryker documents it, run this, commit the ledger and the cleaned file.
// Each comment becomes an entry anchored on the line of the node Stryker attached the
// comment to (what `next-line` applies to, where a block starts or stops); exemption-
// ignorer.mjs puts it back on that node at instrumentation time. Only directive lines are
// removed (and a blank line that would double one above it); a directive after code on
// its line loses only the comment.
// It refuses what it cannot carry over exactly: a comment Stryker does not read (no node
// leads with it), a node that does not start its line, a restore that closes nothing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findAnchor, LEDGER_DIR, type Anchor, type Exemption } from '../exemption-ledger.mjs';
import { mutatedFiles, SYSTEM_NAMES } from '../mutated-files.ts';
import { functionName, writtenDirectives, type Written } from './written-directives.ts';
import { projectPath } from '../../harness/project-paths.ts';

/**
 * The file without its directive comments, and where each kept line went (1-based → 0-based).
 * A directive line between two blank lines leaves one blank line, not two.
 */
function strip(code: string, written: readonly Written[]) {
  const lines = code.split('\n');
  const kept: string[] = [];
  const newIndex = new Map<number, number>();
  let dropped = false;
  const keep = (line: number, text: string) => {
    if (text.trim() === '' && dropped && kept.length > 0 && kept.at(-1)?.trim() === '') return;
    dropped = false;
    newIndex.set(line, kept.length);
    kept.push(text);
  };
  let offset = 0;
  lines.forEach((text, i) => {
    const line = i + 1;
    const startOfLine = offset;
    offset += text.length + 1;
    const here = written.filter((w) => w.comment.loc.start.line === line);
    if (here.some((w) => w.comment.loc.end.line !== line)) throw new Error(`line ${line}: a directive over several lines`);
    if (here.length === 0) { keep(line, text); return; }
    const cut = Math.min(...here.map((w) => w.comment.start)) - startOfLine;
    const before = text.slice(0, cut).trimEnd();
    if (text.slice(cut).trim() !== here.map((w) => `//${w.comment.value}`).join(' ').trim()) throw new Error(`line ${line}: more than the directive after it`);
    if (before === '') dropped = true;
    else keep(line, before);
  });
  return { lines: kept, newIndex };
}

function anchorAt(lines: readonly string[], index: number): Anchor {
  const line = (lines[index] ?? '').trim();
  const same = lines.flatMap((text, i) => (text.trim() === line ? [i] : []));
  return same.length > 1 ? { line, occurrence: same.indexOf(index) + 1 } : { line };
}

function nodeLine(file: string, code: string, w: Written): number {
  const { start, loc } = w.path.node;
  const lineText = code.split('\n')[loc.start.line - 1] ?? '';
  if (lineText.length - lineText.trimStart().length !== start - code.lastIndexOf('\n', start - 1) - 1) {
    throw new Error(`${file}:${loc.start.line}: the node a directive leads does not start its line`);
  }
  return loc.start.line;
}

/** The ledger entries of one file's directives, and the file without them. */
export function extractFile(file: string, code: string): { entries: Exemption[]; stripped: string; newIndex: ReadonlyMap<number, number>; written: number } {
  const written = writtenDirectives(file, code);
  const { lines, newIndex } = strip(code, written);
  const anchor = (w: Written) => anchorAt(lines, newIndex.get(nodeLine(file, code, w)) ?? -1);
  // Per node the ignorer puts restores before disables; the written order must agree.
  for (const [i, w] of written.entries()) {
    if (w.kind === 'restore' && written.slice(0, i).some((o) => o.path === w.path && o.kind === 'disable')) throw new Error(`${file}:${w.comment.loc.start.line}: a restore after a disable on one node`);
  }
  const closing = new Map<Written, Written | null>();
  const closed = new Set<Written>();
  for (const [i, w] of written.entries()) {
    if (w.kind === 'restore') {
      if (!closed.has(w)) throw new Error(`${file}:${w.comment.loc.start.line}: a restore that closes no block (or only part of one)`);
      continue;
    }
    if (w.nextLine) continue;
    // The first restore of all its mutators (or of all) ends it, as in Stryker's bookkeeping.
    const names = (d: Written) => d.mutators.map((m) => m.toLowerCase());
    const restore = written.slice(i + 1).find((r) => r.kind === 'restore' && (names(r).includes('all') || names(w).every((m) => names(r).includes(m)))) ?? null;
    const between = written.slice(i + 1, restore ? written.indexOf(restore) : undefined).filter((o) => o.kind === 'disable' && !o.nextLine);
    if (between.length > 0) throw new Error(`${file}:${w.comment.loc.start.line}: a block inside a block`);
    closing.set(w, restore);
    if (restore) closed.add(restore);
  }
  const entries = written.filter((w) => w.kind === 'disable').map((w): Exemption => {
    const name = functionName(w.path);
    const restore = closing.get(w);
    return {
      file, ...(name ? { function: name } : {}), ...anchor(w),
      ...(w.nextLine ? {} : { until: restore ? anchor(restore) : null }),
      mutators: w.mutators, reason: w.reason,
    };
  });
  return { entries, stripped: lines.join('\n'), newIndex, written: written.length };
}

/** The entries already in the ledger for a file, re-anchored in its stripped text. */
function reanchored(old: readonly Exemption[], code: string, stripped: string, newIndex: ReadonlyMap<number, number>): Array<{ entry: Exemption; index: number }> {
  const before = code.split('\n');
  const after = stripped.split('\n');
  const move = (a: Anchor): { anchor: Anchor; index: number } => {
    const found = findAnchor(before, a);
    const index = found.index === undefined ? undefined : newIndex.get(found.index + 1);
    if (index === undefined) throw new Error(`${old[0]?.file}: ledger entry "${a.line}" not found: ${found.problem ?? 'its line was a directive'}`);
    return { anchor: anchorAt(after, index), index };
  };
  return old.map((entry) => {
    const { anchor, index } = move(entry);
    const { line: _line, occurrence: _occurrence, until, ...rest } = entry;
    return { entry: { ...rest, ...anchor, ...(until === undefined ? {} : { until: until === null ? null : move(until).anchor }) } as Exemption, index };
  });
}

const KEY_ORDER = ['file', 'function', 'line', 'occurrence', 'until', 'mutators', 'reason'];

/** One key a line, each value on its key's line: a reviewer reads an entry at a glance. */
function formatLedger(entries: readonly Exemption[]): string {
  const entry = (e: Exemption) => {
    const keys = Object.keys(e).sort((a, b) => KEY_ORDER.indexOf(a) - KEY_ORDER.indexOf(b));
    return `  {\n${keys.map((key) => `    ${JSON.stringify(key)}: ${JSON.stringify(e[key as keyof Exemption])}`).join(',\n')}\n  }`;
  };
  return `[\n${entries.map(entry).join(',\n')}\n]\n`;
}

function main(): void {
  // Everything is worked out before anything is written: a refusal leaves the tree as it was.
  const writes = new Map<string, string>();
  let moved = 0;
  for (const system of SYSTEM_NAMES) {
    const ledgerFile = join(LEDGER_DIR, `${system}.json`);
    let ledger: Exemption[] = existsSync(ledgerFile) ? JSON.parse(readFileSync(ledgerFile, 'utf8')) as Exemption[] : [];
    for (const file of mutatedFiles(system)) {
      const code = readFileSync(projectPath(file), 'utf8');
      if (!/Stryker (disable|restore)/.test(code)) continue;
      const { entries, stripped, newIndex, written } = extractFile(file, code);
      // Entries already in the ledger keep their place before new ones on the same line.
      const old = reanchored(ledger.filter((e) => e.file === file), code, stripped, newIndex);
      const fresh = entries.map((entry) => ({ entry, index: findAnchor(stripped.split('\n'), entry).index ?? -1 }));
      const merged = [...old, ...fresh].sort((a, b) => a.index - b.index).map((e) => e.entry);
      ledger = [...ledger.filter((e) => e.file !== file), ...merged].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
      writes.set(projectPath(file), stripped);
      writes.set(ledgerFile, formatLedger(ledger));
      console.log(`${file}: ${written} directives → ${entries.length} entries`);
      moved += written;
    }
  }
  for (const [path, content] of writes) writeFileSync(path, content);
  console.log(`${moved} directives moved into ${LEDGER_DIR}`);
}

if (import.meta.filename === process.argv[1]) main();
