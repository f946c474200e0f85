// docs/rules/<system>.md are what `npm run docs` makes of the catalog: regenerated in
// memory they are unchanged, there is one per registered system and none besides, and
// each holds every rule of its system's clause list and every check of its catalog.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../harness/project-paths.ts';
import { checksOf, clausesOf } from '../../harness/systems/catalog.ts';
import { systemNames } from '../../harness/systems/registry.ts';
import { rulesDoc, rulesDocPath, sectionOf } from '../../scripts/rules-docs.ts';

const read = (system: string) => readFileSync(projectPath(rulesDocPath(system)), 'utf8');

describe('docs/rules/', () => {
  it.each(systemNames())('%s.md is current (npm run docs regenerates it)', (system) => {
    expect(existsSync(projectPath(rulesDocPath(system))), `${rulesDocPath(system)} is missing: run npm run docs`).toBe(true);
    expect(read(system), `${rulesDocPath(system)} is stale: run npm run docs`).toBe(rulesDoc(system));
  });

  it('holds a file per registered system and nothing else', () => {
    expect(readdirSync(projectPath('docs', 'rules')).sort()).toEqual(systemNames().map((s) => `${s}.md`).sort());
  });

  it.each(systemNames())('%s.md has every rule under its heading, in the clause list\'s order, and every check', (system) => {
    const doc = read(system);
    const headings = [...doc.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(clausesOf(system).map((c) => c.clause.replace(/</g, '\\<').replace(/\*/g, '\\*')));
    expect(checksOf(system).filter((c) => !doc.includes(`${c.id} `) && !doc.includes(`**${c.id}**`)).map((c) => c.id)).toEqual([]);
  });

  it('groups rules by the section their name begins with', () => {
    expect(['Processing order 1', 'Authentication 2: scope narrowly', 'Request headers: Content-Type', 'Neighbouring success statuses', '204 rules 12'].map(sectionOf))
      .toEqual(['Processing order', 'Authentication', 'Request headers', 'Neighbouring success statuses', '204 rules']);
  });
});
