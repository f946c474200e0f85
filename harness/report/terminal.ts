// What a person sees on the terminal: a line per check as it finishes, then a table
// of outcomes per system.
import type { SystemName } from '../checks/check-definition.ts';
import { OUTCOMES, type Outcome } from '../checks/outcome.ts';
import type { CheckResult } from './check-result.ts';
import { totalsOf } from './summary.ts';

const MARK: Readonly<Record<Outcome, string>> = { passed: '✓', failed: '✗', warned: '!', skipped: '-', info: 'i' };

export function progressLine(result: CheckResult, color: boolean): string {
  const paint = (code: number, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const colors: Record<Outcome, number> = { passed: 32, failed: 31, warned: 33, skipped: 90, info: 36 };
  const { check } = result;
  const head = `${paint(colors[result.outcome], MARK[result.outcome])} ${check.id.padEnd(11)} ${check.level.padEnd(6)} ${check.title}`;
  const tail = result.outcome === 'info' ? ` — ${result.observed ?? ''}` : result.reason ? ` — ${result.reason}` : '';
  return `${head} ${paint(90, `(${result.durationMs} ms)`)}${tail}`;
}

export function finalTable(results: readonly CheckResult[]): string {
  const systems = [...new Set(results.map((r) => r.check.system))] as SystemName[];
  const rows = [...systems.map((s) => [s, totalsOf(results.filter((r) => r.check.system === s))] as const), ['total', totalsOf(results)] as const];
  const header = ['system', ...OUTCOMES];
  const cells = rows.map(([name, totals]) => [name, ...OUTCOMES.map((o) => String(totals[o]))]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]?.length ?? 0)));
  const line = (cols: readonly string[]) => cols.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [line(header), rule, ...cells.slice(0, -1).map(line), rule, line(cells.at(-1) ?? [])].join('\n');
}
