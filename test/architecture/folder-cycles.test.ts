// A ratchet on DESIGN.md's "no two folders import each other" until the architecture
// issue (18) removes the last pairs and lint enforces it: no new pair may appear, and a
// pair that is gone must leave this list, so the list only ever shrinks.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { folderEdges, mutualImports } from './folder-imports.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** The pairs left; each goes when its system becomes a module of harness/systems/ (issue 18). */
const REMAINING = [
  'harness/checks <-> harness/target',
  'harness/device-server <-> harness/target',
  'harness/evidence <-> harness/target',
  'harness/resource-api <-> harness/target',
  'harness/target <-> harness/webhook',
];

describe('folders that import each other', () => {
  const edges = folderEdges(ROOT, ['harness', 'suites', 'reference-impl', 'bench', 'test']);
  const pairs = mutualImports(edges);

  it('sees a pair when there is one, and reads the tree\'s imports at all', () => {
    expect(mutualImports([
      { from: 'a/x', to: 'a/y', example: 'x → y' },
      { from: 'a/y', to: 'a/x', example: 'y → x' },
      { from: 'a/x', to: 'a/z', example: 'x → z' },
    ])).toEqual(new Map([['a/x <-> a/y', ['x → y', 'y → x']]]));
    expect(edges.some((e) => e.from === 'harness/run' && e.to === 'harness/report')).toBe(true);
  });

  it('are none but the remaining ones', () => {
    const fresh = [...pairs].filter(([pair]) => !REMAINING.includes(pair));
    expect(fresh.map(([pair, examples]) => `${pair}: ${examples.join('; ')}`)).toEqual([]);
  });

  it('lists only pairs that still exist', () => {
    expect(REMAINING.filter((pair) => !pairs.has(pair))).toEqual([]);
  });
});
