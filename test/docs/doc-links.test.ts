// Every relative link of README.md and docs/**/*.md leads somewhere a reader has: to a
// file of the repository, and to one the package ships (npm pack's list), since the
// README and docs/ ship and are read from node_modules too. A link out of the project
// (../shared/, beside a clone only) or to a file that stays in the repository
// (bench/, mutation/, alternatives/, docker/ READMEs) is named as such in words instead.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../testing/run-wirecheck.ts';
import { packedFiles } from '../testing/packed-files.ts';

function markdownUnder(dir: string): string[] {
  return readdirSync(join(PROJECT_ROOT, dir)).flatMap((name) => {
    const path = posix.join(dir, name);
    if (statSync(join(PROJECT_ROOT, path)).isDirectory()) return markdownUnder(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The targets of a Markdown file's inline links and images, code blocks and code spans left out. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
}

/** A link into the project: no scheme, not only an anchor. */
const isRelative = (target: string): boolean => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#');

const DOCS = ['README.md', ...markdownUnder('docs')];

describe('relative links of README.md and docs/', () => {
  let packed: ReadonlySet<string>;
  beforeAll(async () => {
    packed = await packedFiles();
  }, 120_000);

  it('finds links where Markdown has them, and none in code', () => {
    const text = 'see [a](docs/a.md#x) and ![b](img/b.png "t") `[c](c.md)`\n```\n[d](d.md)\n```\n[e](https://example.com) [f](#g)';
    expect(linkTargets(text)).toEqual(['docs/a.md#x', 'img/b.png', 'https://example.com', '#g']);
  });

  it.each(DOCS)('%s: each resolves to a file of the repository that the package ships', (doc) => {
    const problems: string[] = [];
    for (const target of linkTargets(readFileSync(join(PROJECT_ROOT, doc), 'utf8')).filter(isRelative)) {
      const path = decodeURIComponent(target.split(/[#?]/)[0] ?? '');
      const absolute = join(PROJECT_ROOT, dirname(doc), path);
      const inProject = relative(PROJECT_ROOT, absolute).split(sep).join('/');
      if (inProject.startsWith('../') || inProject === '..') {
        problems.push(`${target}: outside the repository (a reader of a clone or of the package has no ${inProject})`);
      } else if (!existsSync(absolute)) {
        problems.push(`${target}: no such file or directory`);
      } else if (statSync(absolute).isDirectory() ? ![...packed].some((f) => f.startsWith(`${inProject.replace(/\/$/, '')}/`)) : !packed.has(inProject)) {
        problems.push(`${target}: ${inProject} does not ship in the package (package.json "files"): name it in words, or ship it`);
      }
    }
    expect(problems).toEqual([]);
  });
});
