// The exemption ignorer must ignore what a `// Stryker disable` comment on that line would
// have: the named mutators on the entry's line only, or every mutant of a block up to its
// restore; and refuse an entry whose line is gone rather than drop it.
import { describe, expect, it } from 'vitest';
import type { Ignorer } from '@stryker-mutator/api/ignore';
import type { Exemption } from '../../mutation/exemption-ledger.mjs';
import { exemptionIgnorer } from '../../mutation/exemption-ignorer.mjs';
import { instrumentLikeStryker } from '../../mutation/instrument-like-stryker.ts';
import { projectPath } from '../../harness/project-paths.ts';

const FILE = 'reference-impl/sample.ts';
const CODE = [
  'export function f(a: number): string {',
  "  if (a > 1) return 'big';",
  "  return 'small';",
  '}',
  'export function g(b: boolean): string {',
  "  return b ? 'yes' : 'no';",
  '}',
  "export const h = (): string => 'h';",
].join('\n');

/** line (1-based) → `mutator: reason` of each mutant on it, '' when it counts. */
async function mutantsWith(entries: Exemption[]): Promise<Map<number, string[]>> {
  const ignorer = exemptionIgnorer((file) => (file === FILE ? entries : [])) as Ignorer;
  const { mutants } = await instrumentLikeStryker([{ name: projectPath(FILE), content: CODE }], [ignorer]);
  const byLine = new Map<number, string[]>();
  for (const m of mutants) byLine.set(m.location.start.line + 1, [...(byLine.get(m.location.start.line + 1) ?? []), `${m.mutatorName}: ${m.statusReason ?? ''}`]);
  return byLine;
}

describe('exemption ignorer', () => {
  it('ignores the named mutators on the entry line only, with its reason', async () => {
    const byLine = await mutantsWith([{ file: FILE, line: "if (a > 1) return 'big';", mutators: ['ConditionalExpression'], reason: 'reason one' }]);
    expect(byLine.get(2)).toContain('ConditionalExpression: reason one');
    expect(byLine.get(2)).toContain('EqualityOperator: ');
    expect(byLine.get(2)).toContain('StringLiteral: ');
    expect(byLine.get(3)).toEqual(['StringLiteral: ']);
  });

  it('ignores every mutant of a block, up to the line of its restore', async () => {
    const byLine = await mutantsWith([{ file: FILE, line: 'export function g(b: boolean): string {', until: { line: "export const h = (): string => 'h';" }, mutators: ['all'], reason: 'reason two' }]);
    const inside = [...byLine].filter(([line]) => line >= 5 && line < 8).flatMap(([, m]) => m);
    expect(inside.length).toBeGreaterThan(2);
    expect(inside.every((m) => m.endsWith(': reason two'))).toBe(true);
    expect(byLine.get(8)?.every((m) => m.endsWith(': '))).toBe(true);
    expect(byLine.get(2)?.every((m) => m.endsWith(': '))).toBe(true);
  });

  it('refuses an entry whose line is not in the file', async () => {
    await expect(mutantsWith([{ file: FILE, line: 'return gone;', mutators: ['all'], reason: 'reason three' }])).rejects.toThrow(/reference-impl\/sample\.ts: 0 lines read "return gone;"/);
  });
});
