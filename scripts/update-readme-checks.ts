// `npm run docs`: regenerates the check tables and the table of run's options in
// README.md from the catalog and the option tables.
import { readFileSync, writeFileSync } from 'node:fs';
import { systemNames } from '../harness/systems/registry.ts';
import { projectPath } from '../harness/project-paths.ts';
import { withCheckTables } from '../harness/report/check-table.ts';
import { withRunOptionsTable } from '../harness/run/readme-options.ts';

const file = projectPath('README.md');
writeFileSync(file, withRunOptionsTable(withCheckTables(readFileSync(file, 'utf8'), systemNames())));
console.log('README.md check tables and option table updated');
