// `npm run docs`: regenerates the check tables in README.md from the catalog.
import { readFileSync, writeFileSync } from 'node:fs';
import { systemNames } from '../harness/systems/registry.ts';
import { projectPath } from '../harness/project-paths.ts';
import { withCheckTables } from '../harness/report/check-table.ts';

const file = projectPath('README.md');
writeFileSync(file, withCheckTables(readFileSync(file, 'utf8'), systemNames()));
console.log('README.md check tables updated');
