// ESLint rule: an import from one folder into another that leads back to the first
// (directly or round a longer loop) is an error, named with the import that closes
// the loop. The graph is read from disk once per lint run (folder-graph.mjs).
import { dirname, join, normalize } from 'node:path';
import { folderEdges, folderOf, loopEdges } from './folder-graph.mjs';

const ROOT = join(import.meta.dirname, '..');
let loops;

function loopsByEdge() {
  loops ??= new Map(loopEdges(folderEdges(ROOT)).map((e) => [`${e.from} ${e.to}`, e]));
  return loops;
}

export const noFolderCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'no two folders import each other, directly or round a loop (DESIGN.md: dependencies point one way)' },
    schema: [],
    messages: { loop: '{{from}} imports {{to}}, and {{to}} leads back to {{from}}: a folder-level import cycle. Move the shared part down to a folder both may import.' },
  },
  create(context) {
    const from = folderOf(ROOT, context.filename);
    const check = (node) => {
      const specifier = node.source?.value;
      if (!from || typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = folderOf(ROOT, normalize(join(dirname(context.filename), specifier)));
      if (to && to !== from && loopsByEdge().has(`${from} ${to}`)) context.report({ node, messageId: 'loop', data: { from, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
