// Every exemption in the ledger (mutation/exemptions/<system>.json) must still hide what
// it was written for: its file exists and belongs to its system, its lines are found
// exactly once, and Stryker's instrumenter, with the ledger's ignorer, ignores at least
// one mutant there with the entry's reason and one of its mutators. An entry that hides
// nothing any more (its code changed or moved) fails here, not silently in a mutation run.
// The reference code itself carries no Stryker directive.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Mutant } from '@stryker-mutator/api/core';
import { findAnchor, readExemptions, type Anchor, type Exemption } from '../../mutation/exemption-ledger.mjs';
import { instrumentLikeStryker } from '../../mutation/instrument-like-stryker.ts';
import { mutatedFiles, SYSTEM_NAMES } from '../../mutation/mutated-files.ts';
import { projectPath } from '../../harness/project-paths.ts';

const entries = readExemptions();
const files = [...new Set(entries.map((e) => e.file))];
const present = files.filter((f) => existsSync(projectPath(f)));
const sources = new Map(present.map((f) => [f, readFileSync(projectPath(f), 'utf8')]));
const where = (e: Exemption): string => `${e.file} "${e.line.slice(0, 60)}"${e.occurrence ? ` #${e.occurrence}` : ''}`;

/** The 0-based line an anchor names in its file, or undefined. */
function lineOf(file: string, anchor: Anchor): number | undefined {
  return findAnchor((sources.get(file) ?? '').split('\n'), anchor).index;
}

describe('exemption ledger', () => {
  it('has a ledger for each system, and entries in it', () => {
    expect([...new Set(entries.map((e) => e.system))].sort()).toEqual([...SYSTEM_NAMES].sort());
    expect(entries.length).toBeGreaterThan(100);
  });

  it('leaves no Stryker directive in the reference code or the harness', () => {
    // git grep exits 1 when it finds nothing.
    const grep = spawnSync('git', ['grep', '-n', '-E', 'Stryker (disable|restore)', '--', 'reference-impl', 'harness'], { cwd: projectPath('.'), encoding: 'utf8' });
    expect(grep.stdout).toBe('');
    expect(grep.status).toBe(1);
  }, 10_000);

  it('names only files that exist, each in the ledger of the system that mutates it', () => {
    expect(files.filter((f) => !present.includes(f))).toEqual([]);
    const mutated = new Map(SYSTEM_NAMES.map((system) => [system, mutatedFiles(system)]));
    const misfiled = entries.filter((e) => !mutated.get(e.system)?.includes(e.file)).map((e) => `${e.system}: ${where(e)}`);
    expect([...new Set(misfiled)]).toEqual([]);
  });

  it('gives every entry mutators and a reason', () => {
    expect(entries.filter((e) => e.mutators.length === 0 || e.reason.trim().length < 15).map(where)).toEqual([]);
  });

  it('finds the line of every entry (and of the end of every block) exactly once', () => {
    const lost = entries.flatMap((e) => [
      ...(lineOf(e.file, e) === undefined ? [`${where(e)}: ${findAnchor((sources.get(e.file) ?? '').split('\n'), e).problem}`] : []),
      ...(e.until && lineOf(e.file, e.until) === undefined ? [`${where(e)} until "${e.until.line}": not found once`] : []),
    ]);
    expect(lost).toEqual([]);
  });

  it('ignores, for every entry, at least one mutant there with its reason and one of its mutators', async () => {
    const { mutants, warnings } = await instrumentLikeStryker(present.map((f) => ({ name: projectPath(f), content: sources.get(f) ?? '' })));
    expect(warnings).toEqual([]);
    const byFile = new Map<string, Mutant[]>();
    for (const m of mutants) {
      const file = m.fileName.slice(projectPath('.').length + 1);
      byFile.set(file, [...(byFile.get(file) ?? []), m]);
    }
    const hidesNothing = entries.filter((e) => {
      const first = lineOf(e.file, e) ?? -1;
      const end = e.until === undefined ? first + 1 : e.until === null ? Infinity : lineOf(e.file, e.until) ?? -1;
      const named = e.mutators.map((m) => m.toLowerCase());
      return !(byFile.get(e.file) ?? []).some((m) => m.statusReason === e.reason
        && (named.includes('all') || named.includes(m.mutatorName.toLowerCase()))
        && m.location.start.line >= first && m.location.start.line < end);
    });
    expect(hidesNothing.map(where)).toEqual([]);
  }, 60_000);
});
