// Docs that match behaviour: each system's page (docs/systems/<system>.md) holds its check
// table as the catalog has it, docs/options.md the table of run's options as the option
// tables have it (npm run docs regenerates both), and between them they document every
// option of `wirecheck run` and of `wirecheck serve`. The README stays a newcomer's page:
// short, naming the set-up commands, and reaching every page of docs/ through its links.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemModules, systemNames } from '../../harness/systems/registry.ts';
import { projectPath } from '../../harness/project-paths.ts';
import { withCheckTables } from '../../harness/report/check-table.ts';
import { runOptionSpec } from '../../harness/run/run-options.ts';
import { withRunOptionsTable } from '../../harness/run/readme-options.ts';

const read = (path: string) => readFileSync(projectPath(path), 'utf8');
const readme = read('README.md');
const systemPage = (system: string) => `docs/systems/${system}.md`;

function filesUnder(dir: string): string[] {
  return readdirSync(projectPath(dir)).flatMap((name) => {
    const path = posix.join(dir, name);
    return statSync(projectPath(path)).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The files a page's relative links lead to (a link to a folder: every file under it). */
function linkedFiles(page: string): string[] {
  const prose = read(page).replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => posix.normalize(posix.join(posix.dirname(page), decodeURIComponent(target.split(/[#?]/)[0] ?? ''))))
    .flatMap((path) => (existsSync(projectPath(path)) && statSync(projectPath(path)).isDirectory() ? filesUnder(path) : [path]));
}

describe('README and the generated docs', () => {
  it.each(systemNames())('docs/systems/%s.md has its check table, identical to the catalog (npm run docs regenerates it)', (system) => {
    const page = read(systemPage(system));
    expect(page).toContain(`<!-- checks:${system} -->`);
    expect(withCheckTables(page, systemNames())).toBe(page);
  });

  it('gives the two set-up commands', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
  });

  it('has the table of run\'s options in docs/options.md, generated from the option tables (npm run docs regenerates it)', () => {
    const options = read('docs/options.md');
    expect(options).toContain('<!-- options:run -->');
    expect(withRunOptionsTable(options)).toBe(options);
  });

  it('documents every option of wirecheck run (docs/options.md)', () => {
    const options = read('docs/options.md');
    const missing = Object.keys(runOptionSpec()).filter((name) => name !== 'help' && !options.includes(`--${name}`));
    expect(missing).toEqual([]);
  });

  it('documents every option of wirecheck serve, each system\'s own on its page', () => {
    const undocumented = systemModules().flatMap((m) => (m.reference?.serveOptions ?? []).map((o) => `--${o.flag}`).filter((flag) => !read(systemPage(m.name)).includes(flag)));
    expect(systemModules().flatMap((m) => (m.reference?.serveOptions ?? []).map((o) => o.flag))).toContain('install-driver');
    expect(undocumented).toEqual([]);
  });

  it('is a newcomer\'s page: at most 300 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  });

  it('reaches every page of docs/ through a chain of links', () => {
    const reached = new Set<string>(['README.md']);
    const queue = ['README.md'];
    for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
      for (const file of linkedFiles(page)) {
        if (reached.has(file) || !existsSync(projectPath(file))) continue;
        reached.add(file);
        if (file.endsWith('.md')) queue.push(file);
      }
    }
    expect(filesUnder('docs').filter((file) => file.endsWith('.md') && !reached.has(file))).toEqual([]);
  });
});
