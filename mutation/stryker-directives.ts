// Every `// Stryker disable|restore` comment in the reference code, and whether Stryker
// will act on it. Stryker reads a directive only as a leading comment of a syntax node
// (mutation/README.md): one before a closing `}` or before `} catch` is silently
// dropped, and a dropped `restore all` leaves the region above it disabled to the end
// of the file. A `next-line` directive applies to the line its node starts on.
import { readFileSync } from 'node:fs';

// Stryker's own parser stack (a dependency of @stryker-mutator/instrumenter), untyped here.
const BABEL = '@babel/core';

interface Comment { readonly value: string; readonly start: number; readonly loc: { readonly start: { readonly line: number } } }
interface Node { readonly leadingComments?: readonly Comment[]; readonly loc?: { readonly start: { readonly line: number } } }
interface Babel {
  parseSync(code: string, options: object): (Node & { comments?: readonly Comment[] }) | null;
  traverse(ast: unknown, visitors: { enter(path: { node: Node }): void }): void;
}

/** Stryker's pattern (instrumenter/directive-bookkeeper): kind, scope, mutators, reason. */
const DIRECTIVE = /^\s?Stryker (disable|restore)(?: (next-line))? ([a-zA-Z, ]+)(?::(.+)?)?/;

export interface Directive {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly kind: 'disable' | 'restore';
  readonly reason: string | undefined;
  /** Stryker attaches it to a node and acts on it. */
  readonly effective: boolean;
  /** For an effective `next-line`: the line it applies to. */
  readonly appliesTo: number | undefined;
}

export async function strykerDirectives(file: string): Promise<Directive[]> {
  const babel = (await import(BABEL)) as Babel;
  const code = readFileSync(file, 'utf8');
  const ast = babel.parseSync(code, { filename: file, configFile: false, babelrc: false, parserOpts: { plugins: ['typescript'] } });
  // Comment offset → the line of the node it leads (what Stryker's bookkeeper sees).
  const leads = new Map<number, number>();
  babel.traverse(ast, {
    enter({ node }) {
      for (const comment of node.leadingComments ?? []) leads.set(comment.start, node.loc?.start.line ?? 0);
    },
  });
  return (ast?.comments ?? []).flatMap((comment) => {
    const match = DIRECTIVE.exec(comment.value);
    if (!match) return [];
    const nodeLine = leads.get(comment.start);
    return [{
      file,
      line: comment.loc.start.line,
      text: comment.value.trim(),
      kind: match[1] as 'disable' | 'restore',
      reason: match[4]?.trim() || undefined,
      effective: nodeLine !== undefined,
      appliesTo: match[2] === 'next-line' ? nodeLine : undefined,
    }];
  });
}
