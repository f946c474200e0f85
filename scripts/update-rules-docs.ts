// `npm run docs` (after the README's tables): writes docs/rules/<system>.md for every
// registered system from its catalog (scripts/rules-docs.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { projectPath } from '../harness/project-paths.ts';
import { systemNames } from '../harness/systems/registry.ts';
import { rulesDoc, rulesDocPath } from './rules-docs.ts';

for (const system of systemNames()) {
  const file = projectPath(rulesDocPath(system));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, rulesDoc(system));
}
console.log(`docs/rules/ updated: ${systemNames().map((s) => `${s}.md`).join(', ')}`);
