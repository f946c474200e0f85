// The `// Stryker disable|restore` comments written in a reference file, each with the
// syntax node Stryker attaches it to (the node whose leading comment it is: what a
// `next-line` applies to, where a block starts or stops), parsed as Stryker parses.
// extract.ts turns them into ledger entries.
import { createRequire } from 'node:module';
import { projectPath } from '../../harness/project-paths.ts';

interface Comment { readonly value: string; readonly start: number; readonly end: number; readonly loc: { readonly start: { readonly line: number }; readonly end: { readonly line: number } } }
interface Node {
  readonly type: string;
  readonly start: number;
  readonly loc: { readonly start: { readonly line: number } };
  readonly leadingComments?: readonly Comment[];
  readonly id?: { readonly name?: string } | null;
  readonly key?: { readonly name?: string };
  readonly declaration?: Node | null;
  readonly declarations?: ReadonlyArray<{ readonly id: { readonly name?: string }; readonly init?: Node | null }>;
}
export interface Path { readonly node: Node; readonly parentPath: Path | null }
interface Babel {
  parseSync(code: string, options: object): { readonly comments: readonly Comment[] } | null;
  traverse(ast: unknown, visitors: { enter(path: Path): void }): void;
}

/** Stryker's pattern (instrumenter/directive-bookkeeper): kind, scope, mutators, reason. */
const DIRECTIVE = /^\s?Stryker (disable|restore)(?: (next-line))? ([a-zA-Z, ]+)(?::(.+)?)?/;

// Stryker's parser set-up (instrumenter/parsers/ts-parser), so comments attach as there.
const strykerRequire = createRequire(projectPath('node_modules/@stryker-mutator/instrumenter/package.json'));
const babel = strykerRequire('@babel/core') as Babel;
function parseLikeStryker(code: string, filename: string) {
  return babel.parseSync(code, {
    filename, configFile: false, babelrc: false, parserOpts: { ranges: true },
    presets: [[strykerRequire.resolve('@babel/preset-typescript'), { isTSX: false, allExtensions: true }]],
    plugins: [[strykerRequire.resolve('@babel/plugin-proposal-decorators'), { legacy: true }], strykerRequire.resolve('@babel/plugin-transform-explicit-resource-management')],
  });
}

export interface Written {
  readonly comment: Comment;
  readonly kind: 'disable' | 'restore';
  readonly nextLine: boolean;
  readonly mutators: readonly string[];
  readonly reason: string;
  /** The node Stryker attached it to. */
  readonly path: Path;
}

/** The name a reader looks for: the function (or class) the node declares or sits in. */
export function functionName(path: Path): string | undefined {
  const declared = (node: Node | null | undefined): string | undefined => {
    if (!node) return undefined;
    if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') return node.id?.name;
    if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportDefaultDeclaration') return declared(node.declaration);
    const first = node.type === 'VariableDeclaration' ? node.declarations?.[0] : undefined;
    return first?.init && /Function/.test(first.init.type) ? first.id.name : undefined;
  };
  const own = declared(path.node);
  if (own) return own;
  for (let p: Path | null = path; p; p = p.parentPath) {
    const { node } = p;
    if (node.type === 'FunctionDeclaration' && node.id?.name) return node.id.name;
    if (/^(ClassMethod|ClassPrivateMethod|ObjectMethod)$/.test(node.type) && node.key?.name) {
      const owner = p.parentPath?.parentPath?.node;
      return owner?.type === 'ClassDeclaration' && owner.id?.name ? `${owner.id.name}.${node.key.name}` : node.key.name;
    }
    if (/^(ArrowFunctionExpression|FunctionExpression)$/.test(node.type)) {
      const holder = p.parentPath?.node;
      if (holder?.type === 'VariableDeclarator') return (holder as unknown as { id: { name?: string } }).id.name;
      if (holder && /^(ObjectProperty|ClassProperty)$/.test(holder.type) && holder.key?.name) return holder.key.name;
    }
  }
  return undefined;
}

export function writtenDirectives(file: string, code: string): Written[] {
  const ast = parseLikeStryker(code, projectPath(file));
  if (!ast) throw new Error(`${file}: no syntax tree`);
  const leads = new Map<number, Path>();
  babel.traverse(ast, {
    enter(path) {
      for (const comment of path.node.leadingComments ?? []) if (!leads.has(comment.start)) leads.set(comment.start, path);
    },
  });
  return ast.comments.flatMap((comment) => {
    const match = DIRECTIVE.exec(comment.value);
    if (!match) return [];
    const path = leads.get(comment.start);
    if (!path) throw new Error(`${file}:${comment.loc.start.line}: Stryker does not read this directive (no node leads with it); move it first`);
    return [{
      comment, path, kind: match[1] as 'disable' | 'restore', nextLine: match[2] === 'next-line',
      mutators: (match[3] ?? '').split(',').map((m) => m.trim()), reason: (match[4] ?? 'Ignored using a comment').trim(),
    }];
  });
}
