// The catalog and the suites must agree: every declared check is implemented by
// exactly one check() call, and no suite implements an undeclared id.
import { describe, expect, it } from 'vitest';
import { allChecks, clausesOf, suiteFilesOf } from './catalog.ts';
import { systemModules, systemNames } from './registry.ts';
import { implementations } from './suite-scan.ts';

const scanned = implementations();
const implemented = scanned.map((i) => i.id);
const ALL_CHECKS = allChecks();

describe('check catalog', () => {
  it('has every declared check implemented exactly once in suites/', () => {
    const counts = new Map<string, number>();
    for (const id of implemented) counts.set(id, (counts.get(id) ?? 0) + 1);
    const problems = ALL_CHECKS.filter((c) => counts.get(c.id) !== 1).map((c) => `${c.id}: implemented ${counts.get(c.id) ?? 0} times`);
    expect(problems).toEqual([]);
  });

  it('finds the file of a check, and no file for an id nobody implements', () => {
    expect(suiteFilesOf('webhook', ['WH-SIG-03'])).toEqual(['suites/webhook/contract/signature.test.ts']);
    expect(suiteFilesOf('webhook', ['WH-NOPE-99'])).toEqual([]);
  });

  it('has each system\'s suite index (which files a run forks) say what the files hold', () => {
    for (const module of systemModules()) {
      const index = Object.entries(module.suites).flatMap(([file, ids]) => ids.map((id) => `${file} ${id}`)).sort();
      const found = scanned.filter((i) => i.file.startsWith(`suites/${module.name}/`)).map((i) => `${i.file} ${i.id}`).sort();
      expect(index, module.name).toEqual(found);
    }
  });

  it('has no implementation of an undeclared id', () => {
    const declared = new Set(ALL_CHECKS.map((c) => c.id));
    expect(implemented.filter((id) => !declared.has(id))).toEqual([]);
  });

  it('gives every check a title, a level and a clause from its system\'s clause list', () => {
    for (const check of ALL_CHECKS) {
      expect(check.title.length, check.id).toBeGreaterThan(10);
      expect(clausesOf(check.system).map((c) => c.clause), check.id).toContain(check.clause);
    }
  });

  it('states for each INFO check what the spec leaves open', () => {
    expect(ALL_CHECKS.filter((c) => c.level === 'INFO' && !c.allows).map((c) => c.id)).toEqual([]);
  });

  it('lists clauses without duplicates', () => {
    for (const system of systemNames()) {
      const names = clausesOf(system).map((c) => c.clause);
      expect(new Set(names).size, system).toBe(names.length);
    }
  });
});
