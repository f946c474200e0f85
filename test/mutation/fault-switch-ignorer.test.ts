// The ignorer must take the fault switches and what only they guard — and nothing
// else: a mutant next to a switch still counts.
import { describe, expect, it } from 'vitest';
import { strykerPlugins } from '../../mutation/fault-switch-ignorer.mjs';

interface Path {
  readonly node: { readonly start: number; readonly end: number };
  skip(): void;
}
interface Babel {
  parseSync(code: string, options: object): unknown;
  traverse(ast: unknown, visitors: { enter(path: Path): void }): void;
}
// Stryker's own parser (a dependency of @stryker-mutator/instrumenter), untyped here.
const BABEL = '@babel/core';
const babel = (await import(BABEL)) as Babel;

const ignorer = strykerPlugins.find((p) => p.name === 'fault-switches')?.value;

/** The source of every outermost node the ignorer ignores. */
function ignoredIn(code: string): string[] {
  if (!ignorer) throw new Error('no fault-switches ignorer');
  const ast = babel.parseSync(code, { filename: 'x.ts', presets: [], plugins: [], parserOpts: { plugins: ['typescript'] }, configFile: false, babelrc: false });
  const ignored: string[] = [];
  babel.traverse(ast, {
    enter(path) {
      if (ignorer.shouldIgnore(path) === undefined) return;
      ignored.push(code.slice(path.node.start, path.node.end));
      path.skip();
    },
  });
  return ignored;
}

describe('fault-switch ignorer', () => {
  it('ignores a switch and the consequent it alone guards', () => {
    expect(ignoredIn("function f() { if (faults.has('x')) return 'TRUE'; return 'guard'; }")).toEqual(["faults.has('x')", "return 'TRUE';"]);
  });

  it('ignores the ? branch of a switch, not the : branch', () => {
    expect(ignoredIn("const s = deps.faults.has('y') ? 'paid' : SUCCEEDED;")).toEqual(["deps.faults.has('y')", "'paid'"]);
  });

  it('ignores a test that needs a switch, with what it guards', () => {
    expect(ignoredIn("if (a === 'd' && env.faults.has('z')) b();")).toEqual(["a === 'd' && env.faults.has('z')", 'b();']);
    expect(ignoredIn("if (faults.has('z') && Array.isArray(v.w)) b();")).toEqual(["faults.has('z') && Array.isArray(v.w)", 'b();']);
    expect(ignoredIn("if (faults.has('y') || faults.has('z')) b();")).toEqual(["faults.has('y') || faults.has('z')", 'b();']);
  });

  it('keeps a test whose other operands have effects, or that holds without a switch', () => {
    expect(ignoredIn("if (next() && faults.has('z')) b();")).toEqual(["faults.has('z')", 'b();']);
    expect(ignoredIn("if (faults.has('y') || a) b();")).toEqual(["faults.has('y')"]);
  });

  it('ignores the right side of a switch && x', () => {
    expect(ignoredIn("const v = faults.has('w') && sideEffect();")).toEqual(["faults.has('w')", 'sideEffect()']);
  });

  it('keeps what runs while the switch is off', () => {
    expect(ignoredIn("if (!faults.has('q') && x) y();")).toEqual(["faults.has('q')"]);
    expect(ignoredIn("if (faults.has('r')) { on(); } else { off(); }")).toEqual(["faults.has('r')", '{ on(); }']);
  });

  it("takes the resource API's ctx.has as a switch", () => {
    expect(ignoredIn("const c = ctx.has('public-caching') ? 'public' : 'private';")).toEqual(["ctx.has('public-caching')", "'public'"]);
  });

  it('ignores nothing that is not a fault switch', () => {
    expect(ignoredIn("if (other.has('x')) z(); if (faults.get('x')) z();")).toEqual([]);
  });
});
