// `npm run docs`: regenerates the generated tables of the docs from the catalog and the
// option tables, between their markers — each system's check table in its page,
// docs/systems/<system>.md, and the table of run's options in docs/options.md (the README
// links to both). test/docs/readme.test.ts keeps them current.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { systemNames } from '../harness/systems/registry.ts';
import { projectPath } from '../harness/project-paths.ts';
import { withCheckTables } from '../harness/report/check-table.ts';
import { withRunOptionsTable } from '../harness/run/readme-options.ts';

/** The pages holding generated tables: each system's page, and the options page. */
const GENERATED_PAGES: readonly string[] = [...systemNames().map((system) => `docs/systems/${system}.md`), 'docs/options.md'];

const updated: string[] = [];
for (const page of GENERATED_PAGES) {
  const file = projectPath(page);
  if (!existsSync(file)) {
    console.error(`${page} is missing: a system's page holds its check table (see docs/systems/)`);
    process.exitCode = 1;
    continue;
  }
  const text = readFileSync(file, 'utf8');
  const next = withRunOptionsTable(withCheckTables(text, systemNames()));
  if (next !== text) {
    writeFileSync(file, next);
    updated.push(page);
  }
}
console.log(`check tables and option table: ${updated.length ? `updated ${updated.join(', ')}` : 'current'}`);
