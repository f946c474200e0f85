// What a person sees on the terminal: a line per check as it finishes, then a table
// of outcomes per system.
import { join } from 'node:path';
import { transcriptPath } from './summary.ts';
import type { SystemName } from '../checks/check-definition.ts';
import { OUTCOMES, type Outcome } from '../checks/outcome.ts';
import { escapeControls } from '../http/escape-controls.ts';
import type { CheckResult } from './check-result.ts';
import { causeGroups } from './root-cause-groups.ts';
import { totalsOf } from './summary.ts';

// `error` is the harness's own trouble, no finding about the target: a mark and colour of its own, never a failure's.
const MARK: Readonly<Record<Outcome, string>> = { passed: '✓', failed: '✗', warned: '!', skipped: '-', info: 'i', error: '?' };
const COLOURS: Readonly<Record<Outcome, number>> = { passed: 32, failed: 31, warned: 33, skipped: 90, info: 36, error: 35 };
const GREY = 90;

/**
 * The only control sequences the CLI writes itself: the colours `paint` sets (and the
 * reset), when colour is on. They set a colour, nothing more: they cannot move the
 * cursor, clear the screen, set the window title or hide text. (Besides these, only
 * Output.status, on a terminal, starts its line with a carriage return and erase-line.)
 */
const OWN_COLOURS = /(\u001b\[(?:0|31|32|33|35|36|90)m)/;

function paint(code: number, text: string, color: boolean): string {
  return color ? `\u001b[${code}m${text}\u001b[0m` : text;
}

/**
 * What the CLI writes to the terminal, whatever it is — a progress line, a preflight
 * error quoting a target, a stack trace: every control escaped (escapeControls) but the
 * line breaks and the colours the CLI adds itself. The last guard before the terminal,
 * should a control have slipped past where a target's text entered a message.
 */
export function terminalText(text: string, color: boolean): string {
  if (!color) return escapeControls(text, { keepNewlines: true });
  // split() with a capturing group: the CLI's own colours at odd indexes, the text between them at even ones.
  return text.split(OWN_COLOURS).map((part, i) => (i % 2 === 1 ? part : escapeControls(part, { keepNewlines: true }))).join('');
}

/**
 * One line per check. The reason or observation often quotes the target: its controls
 * are escaped (a raw ESC could clear the screen, a CR overwrite this very line) and
 * so are its line breaks, before the only control sequences of the line — the colours
 * painted here — are added.
 */
/** One check's line as it finishes; `reportDir` given, a kept transcript's file is named (written when the run ends). */
export function progressLine(result: CheckResult, color: boolean, reportDir?: string): string {
  const { check } = result;
  const head = `${paint(COLOURS[result.outcome], MARK[result.outcome], color)} ${check.id.padEnd(11)} ${check.level.padEnd(6)} ${escapeControls(check.title)}`;
  const tail = result.outcome === 'info' ? ` — ${escapeControls(result.observed ?? '')}` : result.reason ? ` — ${escapeControls(result.reason)}` : '';
  const transcript = reportDir && result.transcript !== undefined ? paint(GREY, ` [transcript: ${escapeControls(join(reportDir, transcriptPath(check.id)))}]`, color) : '';
  return `${head} ${paint(GREY, `(${result.durationMs} ms)`, color)}${tail}${transcript}`;
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

/**
 * After the table: each cause several failures share, said once, the checks it
 * explains under it (their reasons were on their own lines as they finished). Empty
 * when no two failures share a cause.
 */
export function causeLines(results: readonly CheckResult[], color: boolean): string[] {
  const groups = causeGroups(results);
  if (groups.length === 0) return [];
  const lines = [`root causes: ${groups.length === 1 ? 'one fault explains' : `${groups.length} faults explain`} several failures (each check's own outcome stands)`];
  for (const { cause, bytes, results: explained } of groups) {
    const seen = bytes.length > 0 ? ` — bytes ${bytes.map((b) => `"${escapeControls(b)}"`).join(', ')}` : '';
    lines.push(`${paint(COLOURS.failed, '▶', color)} ${cause.kind}: ${escapeControls(cause.description)}${seen} — ${explained.length} checks:`);
    for (const r of explained) lines.push(`    ${paint(COLOURS[r.outcome], MARK[r.outcome], color)} ${r.check.id.padEnd(11)} ${r.check.level.padEnd(6)} ${escapeControls(r.check.title)}`);
  }
  return lines;
}
