// DESIGN.md: dependencies point one way — no two folders import each other, directly
// or round a longer loop. `npm run lint` enforces it import by import
// (eslint/no-folder-cycles.mjs); this proves the graph it reads has no loop and that
// the detector sees one when there is one.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderEdges, loopEdges } from '../../eslint/folder-graph.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

describe('folder-level imports', () => {
  const edges = folderEdges(ROOT);

  it('sees a loop when there is one, of two folders or more, and reads the tree\'s imports at all', () => {
    const edge = (from: string, to: string) => ({ from, to, example: `${from} → ${to}` });
    expect(loopEdges([edge('a/x', 'a/y'), edge('a/y', 'a/x'), edge('a/x', 'a/z')]).map((e) => e.example)).toEqual(['a/x → a/y', 'a/y → a/x']);
    expect(loopEdges([edge('a/x', 'a/y'), edge('a/y', 'a/z'), edge('a/z', 'a/x')])).toHaveLength(3);
    expect(loopEdges([edge('a/x', 'a/y'), edge('a/y', 'a/z')])).toEqual([]);
    expect(edges.some((e) => e.from === 'harness/run' && e.to === 'harness/systems')).toBe(true);
  });

  it('have no loop', () => {
    expect(loopEdges(edges).map((e) => `${e.from} → ${e.to}: ${e.example}`)).toEqual([]);
  });
});
