// Docs that match behaviour: the README's check tables are the catalog's, its table of
// run's options is the option tables', and it names the two set-up commands and every
// option of `wirecheck run`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { systemModules, systemNames } from '../../harness/systems/registry.ts';
import { projectPath } from '../../harness/project-paths.ts';
import { withCheckTables } from '../../harness/report/check-table.ts';
import { runOptionSpec } from '../../harness/run/run-options.ts';
import { withRunOptionsTable } from '../../harness/run/readme-options.ts';

const readme = readFileSync(projectPath('README.md'), 'utf8');

describe('README', () => {
  it('has check tables identical to the catalog (npm run docs regenerates them)', () => {
    expect(withCheckTables(readme, systemNames())).toBe(readme);
  });

  it('gives the two set-up commands', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
  });

  it('has the table of run\'s options generated from the option tables (npm run docs regenerates it)', () => {
    expect(readme).toContain('<!-- options:run -->');
    expect(withRunOptionsTable(readme)).toBe(readme);
  });

  it('documents every option of wirecheck run', () => {
    const missing = Object.keys(runOptionSpec()).filter((name) => name !== 'help' && !readme.includes(`--${name}`));
    expect(missing).toEqual([]);
  });

  it('documents every option of wirecheck serve, each system\'s own with it', () => {
    const flags = systemModules().flatMap((m) => (m.reference?.serveOptions ?? []).map((o) => `--${o.flag}`));
    expect(flags).toContain('--install-driver');
    expect(flags.filter((flag) => !readme.includes(flag))).toEqual([]);
  });
});
