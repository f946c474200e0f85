// The proof that the ledger reproduces the directives it replaced:
//   npx tsx mutation/exemptions/check-equivalence.ts <git ref whose reference files hold the directives>
// For every system, Stryker's instrumenter runs over its mutated files as they are at
// <ref> (directives in the code, the fault-switch ignorer) and as they are now (no
// directive, the ledger ignorer and the fault-switch ignorer). Every mutant must match:
// file, location (lines mapped across the removed comment lines), mutator, original code,
// replacement, ignore reason; and the instrumented code must be the same once the lines
// of directive comments and blank lines are left out (a directive that shared its node
// with another comment may come out above or below it; Babel's printer keeps blank lines
// after comments). It also checks that only directive comments were removed from the
// files (and a blank line a removed one left doubled).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Mutant } from '@stryker-mutator/api/core';
import { projectPath } from '../../harness/project-paths.ts';
import { CONFIGURED_IGNORERS, instrumentLikeStryker, type SourceFile } from '../instrument-like-stryker.ts';
import { mutatedFiles, SYSTEM_NAMES } from '../mutated-files.ts';
import { strykerPlugins as faultSwitchPlugins } from '../fault-switch-ignorer.mjs';

const WHOLE_LINE = /^\s*\/\/\s?Stryker (disable|restore)\b/;
const TRAILING = /\s*\/\/\s?Stryker (disable|restore)\b.*$/;

/**
 * Lines of `now` → lines of `before`; throws unless `now` is `before` less its directive
 * comments (and a blank line a removed one left doubled).
 */
function lineMap(file: string, before: string, now: string): number[] {
  const was = before.split('\n');
  const is = now.split('\n');
  const map: number[] = [];
  let dropped = false;
  for (const [j, text] of was.entries()) {
    if (WHOLE_LINE.test(text)) { dropped = true; continue; }
    if (text.trim() === '' && dropped && is[map.length - 1]?.trim() === '' && is[map.length]?.trim() !== '') continue;
    dropped = false;
    const expected = text.replace(TRAILING, '');
    if (is[map.length] !== expected) throw new Error(`${file}:${j + 1}: changed beyond its directive comments`);
    map.push(j);
  }
  if (map.length !== is.length) throw new Error(`${file}: lines added`);
  return map;
}

function snippet(content: string, { start, end }: Mutant['location']): string {
  const lines = content.split('\n');
  if (start.line === end.line) return (lines[start.line] ?? '').slice(start.column, end.column);
  return [(lines[start.line] ?? '').slice(start.column), ...lines.slice(start.line + 1, end.line), (lines[end.line] ?? '').slice(0, end.column)].join('\n');
}

const withoutDirectives = (code: string): string => code.split('\n').filter((l) => !WHOLE_LINE.test(l)).map((l) => l.replace(TRAILING, '')).join('\n');

const printed = (code = ''): string => withoutDirectives(code).split('\n').filter((l) => l.trim() !== '').join('\n');

interface Row { readonly id: string; readonly file: string; readonly at: string; readonly mutator: string; readonly original: string; readonly replacement: string; readonly ignored: string }

async function main(ref: string): Promise<void> {
  let failed = false;
  for (const system of SYSTEM_NAMES) {
    const files = mutatedFiles(system);
    const before: SourceFile[] = files.map((f) => ({ name: projectPath(f), content: execFileSync('git', ['show', `${ref}:${f}`], { cwd: projectPath('.'), encoding: 'utf8' }) }));
    const now: SourceFile[] = files.map((f) => ({ name: projectPath(f), content: readFileSync(projectPath(f), 'utf8') }));
    const maps = new Map(files.map((f, i) => [projectPath(f), lineMap(f, before[i]!.content, now[i]!.content)]));
    const content = (set: SourceFile[], name: string) => set.find((f) => f.name === name)?.content ?? '';

    const a = await instrumentLikeStryker(before, faultSwitchPlugins.map((p) => p.value));
    const b = await instrumentLikeStryker(now, CONFIGURED_IGNORERS);
    const row = (m: Mutant, set: SourceFile[], map?: number[]): Row => {
      const line = (l: number) => (map ? map[l]! : l);
      const { start, end } = m.location;
      const original = snippet(content(set, m.fileName), m.location);
      return {
        id: m.id, file: m.fileName.slice(projectPath('.').length + 1), at: `${line(start.line) + 1}:${start.column}-${line(end.line) + 1}:${end.column}`,
        mutator: m.mutatorName, original: map ? original : withoutDirectives(original), replacement: m.replacement, ignored: m.statusReason ?? '',
      };
    };
    const rowsA = a.mutants.map((m) => row(m, before));
    const rowsB = b.mutants.map((m) => row(m, now, maps.get(m.fileName)));
    const differing = rowsA.flatMap((r, i) => (JSON.stringify(r) === JSON.stringify(rowsB[i]) ? [] : [[r, rowsB[i]]]));
    const codeDiffers = files.filter((f) => printed(a.code.get(projectPath(f))) !== printed(b.code.get(projectPath(f))));
    const ignored = rowsA.filter((r) => r.ignored !== '');
    const byDirective = rowsB.filter((r) => r.ignored !== '' && r.ignored !== faultSwitchReason(rowsA)).length;
    console.log(`${system}: ${files.length} files; mutants ${rowsA.length} with directives, ${rowsB.length} with the ledger; ignored ${ignored.length} (${byDirective} by a directive / ledger entry); differing ${differing.length + Math.abs(rowsA.length - rowsB.length)}; instrumented code differing in ${codeDiffers.length} files; warnings ${a.warnings.length} / ${b.warnings.length}`);
    for (const [x, y] of differing.slice(0, 5)) console.log('  before:', JSON.stringify(x), '\n  now:   ', JSON.stringify(y));
    for (const f of codeDiffers.slice(0, 5)) console.log('  instrumented code differs:', f);
    for (const w of [...a.warnings, ...b.warnings].slice(0, 5)) console.log('  warning:', w);
    if (differing.length > 0 || rowsA.length !== rowsB.length || codeDiffers.length > 0) failed = true;
  }
  console.log(failed ? 'NOT equivalent' : 'equivalent');
  process.exitCode = failed ? 1 : 0;
}

/** The fault-switch ignorer's one reason, to tell its mutants from the directives'. */
function faultSwitchReason(rows: readonly Row[]): string {
  return rows.find((r) => r.ignored.startsWith('fault switch (off in every conformance run'))?.ignored ?? '';
}

const ref = process.argv[2];
if (!ref) {
  console.error('usage: npx tsx mutation/exemptions/check-equivalence.ts <git ref with the directives>');
  process.exitCode = 2;
} else {
  await main(ref);
}
