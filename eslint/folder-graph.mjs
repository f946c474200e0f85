// The folder-level import graph of the project's sources: which folder (two path
// segments, e.g. harness/run) imports which. DESIGN.md: dependencies point one way,
// and no folders import each other, directly or round a longer loop. Plain JS: the
// lint rule (no-folder-cycles.mjs) and test/architecture read it alike.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const IMPORT = /(?:\bfrom|\bimport\s*\(|\bimport)\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The source folders of the project whose imports are judged. */
export const SOURCE_TOPS = ['harness', 'suites', 'reference-impl', 'bench', 'test', 'mutation', 'scripts'];

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.(ts|mts|mjs)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** harness/run/x.ts → harness/run; a file at a top folder's root (harness/errors.ts) belongs to no folder. */
export function folderOf(root, file) {
  const parts = relative(root, dirname(file)).split(/[\\/]/);
  return parts.length >= 2 && parts[0] !== '..' ? parts.slice(0, 2).join('/') : undefined;
}

/** The relative specifiers a source imports (static, dynamic, re-exports). */
export function importsOf(text) {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? '');
}

/** Every edge between two folders, each with one import that makes it ("file → file"). */
export function folderEdges(root, tops = SOURCE_TOPS) {
  const edges = new Map();
  for (const file of tops.flatMap((top) => sources(join(root, top)))) {
    const from = folderOf(root, file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const target = normalize(join(dirname(file), specifier));
      const to = folderOf(root, target);
      if (!from || !to || from === to || edges.has(`${from} ${to}`)) continue;
      edges.set(`${from} ${to}`, { from, to, example: `${relative(root, file)} → ${relative(root, target)}` });
    }
  }
  return [...edges.values()];
}

/** The folders `start` reaches through the edges (itself excluded unless on a loop). */
function reachable(edges, start) {
  const next = new Map();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const seen = new Set();
  const stack = [...(next.get(start) ?? [])];
  while (stack.length > 0) {
    const folder = stack.pop();
    if (seen.has(folder)) continue;
    seen.add(folder);
    stack.push(...(next.get(folder) ?? []));
  }
  return seen;
}

/** The edges that close a loop: `to` leads back to `from`. */
export function loopEdges(edges) {
  return edges.filter((e) => reachable(edges, e.to).has(e.from));
}
