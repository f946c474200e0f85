// Every equivalent-mutant exemption in the reference code must take effect and say why:
// Stryker drops a directive that is not a leading comment of a syntax node (one above a
// closing `}` or `} catch`), and a dropped `restore all` silently widens the region above
// it to the end of the file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { strykerDirectives, type Directive } from '../../mutation/stryker-directives.ts';
import { projectPath } from '../../harness/project-paths.ts';

const files = execFileSync('git', ['ls-files', 'reference-impl/**/*.ts'], { cwd: projectPath('.'), encoding: 'utf8' })
  .split('\n').filter((f) => f && !f.endsWith('.test.ts'));
const directives: Directive[] = (await Promise.all(files.map((f) => strykerDirectives(projectPath(f))))).flat();
const where = (d: Directive): string => `${d.file.slice(projectPath('.').length + 1)}:${d.line} ${d.text.slice(0, 60)}`;

describe('Stryker directives in reference-impl', () => {
  it('exist (the list is read)', () => {
    expect(directives.length).toBeGreaterThan(50);
  });

  it('are all read by Stryker', () => {
    expect(directives.filter((d) => !d.effective).map(where)).toEqual([]);
  });

  it('apply next-line to the line right below the comment', () => {
    expect(directives.filter((d) => d.appliesTo !== undefined && d.appliesTo !== d.line + 1).map(where)).toEqual([]);
  });

  it('give a reason for every disable', () => {
    expect(directives.filter((d) => d.kind === 'disable' && (d.reason ?? '').length < 15).map(where)).toEqual([]);
  });
});

describe('strykerDirectives', () => {
  it('tells a directive Stryker reads from one it drops', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wirecheck-directives-')), 'x.ts');
    writeFileSync(file, [
      'export async function f(g: () => Promise<void>): Promise<void> {',
      '  try {',
      '    await g();',
      '    // Stryker disable next-line BlockStatement: dropped, above a closing brace',
      '  }',
      '  // Stryker disable next-line BlockStatement: read, it leads the catch clause',
      '  catch {',
      '    // Stryker restore all',
      '  }',
      '}',
    ].join('\n'));
    const found = await strykerDirectives(file);
    expect(found.map((d) => [d.line, d.effective, d.appliesTo])).toEqual([[4, false, undefined], [6, true, 7], [8, false, undefined]]);
  });
});
