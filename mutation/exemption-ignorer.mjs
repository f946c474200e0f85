// Stryker ignorer that applies the exemption ledger (exemption-ledger.mjs) exactly as the
// `// Stryker disable` comments it replaces were applied. Stryker's instrumenter reads those
// comments on entering each node, from the node's leadingComments (directive-bookkeeper in
// @stryker-mutator/instrumenter), before it asks the ignorers about the node; the Program
// is entered first. So on the Program of a file with entries this puts each entry back as
// a comment, on the node the written comment led (the outermost node starting at the first
// token of the entry's line), and Stryker's own bookkeeping does the rest: mutator names,
// `next-line` taking the node's line, a block running from its first line to the restore
// at `until` (or to the end of the file), the reason shown in the report.
// Per node, restores come first, then the disables in ledger order (the written order).
// The comments stay in the instrumented AST, as the written ones did.
import { relative, resolve } from 'node:path';
import babel from '@babel/core';
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';
import { findAnchor, readExemptions } from './exemption-ledger.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const { VISITOR_KEYS } = babel.types;

/** file → its entries; read on first use (the plugin module also loads in Stryker's workers). */
let ledger;
function ledgerEntriesOf(file) {
  if (!ledger) {
    ledger = new Map();
    for (const entry of readExemptions()) ledger.set(entry.file, [...(ledger.get(entry.file) ?? []), entry]);
  }
  return ledger.get(file) ?? [];
}

/** The directive comments of a file's entries, keyed by the offset of the node each leads. */
export function exemptionDirectives(file, code, entries) {
  const lines = code.split('\n');
  const lineStarts = [0];
  for (const text of lines) lineStarts.push(lineStarts.at(-1) + text.length + 1);
  const at = new Map();
  const place = (anchor, kind, comment) => {
    const found = findAnchor(lines, anchor);
    if (found.problem !== undefined) throw new Error(`Exemption ledger, ${file}: ${found.problem}; update mutation/exemptions/ (see mutation/README.md)`);
    const offset = lineStarts[found.index] + (lines[found.index].length - lines[found.index].trimStart().length);
    const directives = at.get(offset) ?? { line: found.index + 1, restores: [], disables: [] };
    directives[kind].push(comment);
    at.set(offset, directives);
  };
  for (const entry of entries) {
    const mutators = entry.mutators.join(',');
    if (entry.until === undefined) {
      place(entry, 'disables', ` Stryker disable next-line ${mutators}: ${entry.reason}`);
    } else {
      place(entry, 'disables', ` Stryker disable ${mutators}: ${entry.reason}`);
      if (entry.until !== null) place(entry.until, 'restores', ` Stryker restore ${mutators}`);
    }
  }
  return new Map([...at].map(([offset, { line, restores, disables }]) => [offset, { line, comments: [...restores, ...disables] }]));
}

/** The outermost node below the Program that starts at each offset of `starts`, and that ends at each of `ends`. */
function outermostNodes(program, starts, ends) {
  const byStart = new Map();
  const byEnd = new Map();
  const visit = (node) => {
    if (typeof node?.type !== 'string') return;
    if (starts.has(node.start) && !byStart.has(node.start)) byStart.set(node.start, node);
    if (ends.has(node.end) && !byEnd.has(node.end)) byEnd.set(node.end, node);
    for (const key of VISITOR_KEYS[node.type] ?? []) {
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else visit(child);
    }
  };
  for (const key of VISITOR_KEYS.Program) program[key].forEach(visit);
  return { byStart, byEnd };
}

/** Where the last token before `offset` ends, past whitespace and comments. */
function previousTokenEnd(code, comments, offset) {
  let at = offset;
  for (;;) {
    while (at > 0 && /\s/.test(code[at - 1])) at--;
    const comment = comments.find((c) => c.end === at);
    if (!comment) return at;
    at = comment.start;
  }
}

function attachExemptions(programPath, entriesOf) {
  const file = programPath.hub?.file;
  if (typeof file?.opts?.filename !== 'string' || typeof file.code !== 'string') throw new Error('exemption ignorer: Stryker gave no file name or source with the Program');
  const name = relative(ROOT, resolve(file.opts.filename)).split('\\').join('/');
  const directives = exemptionDirectives(name, file.code, entriesOf(name));
  if (directives.size === 0) return;
  const previousEnd = new Map([...directives.keys()].map((offset) => [offset, previousTokenEnd(file.code, file.ast?.comments ?? [], offset)]));
  const { byStart, byEnd } = outermostNodes(programPath.node, directives, new Set(previousEnd.values()));
  for (const [offset, { line, comments }] of directives) {
    const node = byStart.get(offset);
    if (!node) throw new Error(`Exemption ledger, ${name}:${line}: no syntax node starts the line; anchor an entry on the line where its code starts`);
    // A line between the node's and the one above it, where the written comment was:
    // Babel's printer counts newlines from comment lines (the instrumented code and the
    // replacement code of a mutant that keeps its comments come out as before).
    const synthetic = comments.map((value, i) => {
      const commentLine = line - 1 + (i + 1) / (comments.length + 1);
      return { type: 'CommentLine', value, loc: { start: { line: commentLine, column: 0 }, end: { line: commentLine, column: value.length + 2 } } };
    });
    node.leadingComments = [...(node.leadingComments ?? []), ...synthetic];
    // Babel also gave a written comment to the node before it as a trailing comment
    // (the outermost node ending at the token before); a mutant of that node that keeps
    // its comments shows it in its replacement code, so it goes there too.
    const before = byEnd.get(previousEnd.get(offset));
    if (before) before.trailingComments = [...(before.trailingComments ?? []), ...synthetic];
  }
}

/** The ignorer; `entriesOf` (file → its entries) defaults to the committed ledger. */
export function exemptionIgnorer(entriesOf = ledgerEntriesOf) {
  return {
    shouldIgnore(path) {
      if (path.node.type === 'Program') attachExemptions(path, entriesOf);
      return undefined;
    },
  };
}

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'exemptions', exemptionIgnorer())];
