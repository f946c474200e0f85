// The folder-level import graph of the TypeScript sources: which folder (two path
// segments, e.g. harness/run) imports which, and the pairs that import each other.
// DESIGN.md: dependencies point one way, and no two folders import each other.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const IMPORT = /(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** harness/run/x.ts → harness/run; files at a top folder's root (harness/errors.ts) belong to no folder. */
function folderOf(root: string, file: string): string | undefined {
  const parts = relative(root, dirname(file)).split('/');
  return parts.length >= 2 ? parts.slice(0, 2).join('/') : undefined;
}

export interface FolderEdge {
  readonly from: string;
  readonly to: string;
  /** One import that makes the edge, "file → file", for the failure message. */
  readonly example: string;
}

export function folderEdges(root: string, tops: readonly string[]): FolderEdge[] {
  const edges = new Map<string, FolderEdge>();
  for (const file of tops.flatMap((top) => sources(join(root, top)))) {
    const from = folderOf(root, file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = normalize(join(dirname(file), specifier ?? ''));
      const to = folderOf(root, target);
      if (!from || !to || from === to || edges.has(`${from} ${to}`)) continue;
      edges.set(`${from} ${to}`, { from, to, example: `${relative(root, file)} → ${relative(root, target)}` });
    }
  }
  return [...edges.values()];
}

/** Pairs of folders that import each other, as "a <-> b" with a before b. */
export function mutualImports(edges: readonly FolderEdge[]): Map<string, string[]> {
  const keyed = new Map(edges.map((e) => [`${e.from} ${e.to}`, e]));
  const pairs = new Map<string, string[]>();
  for (const e of edges) {
    const back = keyed.get(`${e.to} ${e.from}`);
    if (back && e.from < e.to) pairs.set(`${e.from} <-> ${e.to}`, [e.example, back.example]);
  }
  return pairs;
}
