// Every check: id, level, title, clause, outcome, duration and reason or
// observation; under a failure or warning its evidence — the redacted wire
// transcript, the seed and the commands that reproduce it. Failures first: a reader
// of a failed run sees one on the first screen, not the passes (ROW_ORDER).
import { STRAY_PREFIX } from '../../http/transcript.ts';
import { FIRST_DIFFERENCE, SENT_LABEL, SIGNED_LABEL } from '../../http/signed-and-sent.ts';
import { anchor, esc } from './escape-html.ts';
import type { CheckView, ReportView } from './report-view.ts';
import { causeLinks } from './root-causes.ts';

type CauseLinks = ReturnType<typeof causeLinks>;

/** `npx wirecheck replay ID --seed N ...` from a check's reproduce command. */
export function replayCommand(reproduce: string, id: string): string {
  return reproduce.replace(/\bwirecheck run \S+/, `wirecheck replay ${id}`).replace(new RegExp(` --only ${id}$`), '');
}

function flags(c: CheckView): string[] {
  return [c.flaky ? 'flaky' : '', c.baselined ? 'baselined' : '', c.baselineExpired ? 'expired' : '', c.baselineFixed ? 'fixed' : ''].filter(Boolean);
}

function badges(c: CheckView): string {
  const text: Record<string, string> = { flaky: 'flaky', baselined: 'baselined — not gating', expired: 'baseline expired', fixed: 'fixed — remove from baseline' };
  return flags(c).map((f) => `<span class="flag f-${f}">${esc(text[f])}</span>`).join(' ');
}

function evidence(c: CheckView, seed: number): string {
  const lines = [
    `<div class="kv"><span>seed</span><code>${esc(seed)}</code></div>`,
    c.reproduce ? `<div class="kv"><span>reproduce</span><code class="cmd">${esc(c.reproduce)}</code></div>` : '',
    c.reproduce ? `<div class="kv"><span>replay</span><code class="cmd">${esc(replayCommand(c.reproduce, c.id))}</code></div>` : '',
    c.attempts ? `<div class="kv"><span>attempts</span><code>${esc(c.attempts.join(', '))}</code></div>` : '',
    c.allows ? `<div class="kv"><span>allows</span><span>${esc(c.allows)}</span></div>` : '',
  ].filter(Boolean).join('');
  const transcript = c.transcriptText !== undefined
    ? `<div class="transcript-label">wire transcript (redacted) — <code>${esc(c.transcript)}</code>${strayLegend(c.transcriptText)}</div><pre class="transcript">${transcriptHtml(c.transcriptText)}</pre>`
    : '<p class="empty">No transcript was recorded for this check.</p>';
  return `<tr class="evidence-row" data-outcome="${esc(c.outcome)}" data-flags="${esc(flags(c).join(' '))}"><td colspan="7"><details open><summary>Evidence for ${esc(c.id)}</summary>${lines}${transcript}</details></td></tr>`;
}

const isStray = (line: string): boolean => line.startsWith(STRAY_PREFIX);
const NOTE = '### ';
const CARET = new RegExp(`^${NOTE}( *)\\^ ${FIRST_DIFFERENCE}\\d+`);

/** A note's line, escaped, from code point `column` of its text on marked as differing. */
function markedFrom(line: string, column: number): string {
  const text = [...line.slice(NOTE.length)];
  return `${esc(NOTE)}${esc(text.slice(0, column).join(''))}<mark class="differs">${esc(text.slice(column).join(''))}</mark>`;
}

/** The caret's column when lines i, i+1, i+2 are a signed-and-sent note (http/signed-and-sent.ts), else undefined. */
function signedAndSentAt(lines: readonly string[], i: number): number | undefined {
  if (!lines[i]?.startsWith(`${NOTE}${SIGNED_LABEL}`) || !lines[i + 1]?.startsWith(`${NOTE}${SENT_LABEL}`)) return undefined;
  return CARET.exec(lines[i + 2] ?? '')?.[1]?.length;
}

/** A transcript, escaped, the bytes that belong to no response (its `<<! ` lines) marked, and signed and sent bytes marked where they differ. */
export function transcriptHtml(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const column = signedAndSentAt(lines, i);
    if (column !== undefined) {
      out.push(markedFrom(line, column), markedFrom(lines[i + 1] ?? '', column), esc(lines[i + 2]));
      i += 2;
    } else {
      out.push(isStray(line) ? `${esc(STRAY_PREFIX)}<mark class="stray">${esc(line.slice(STRAY_PREFIX.length))}</mark>` : esc(line));
    }
  }
  return out.join('\n');
}

function strayLegend(text: string): string {
  const lines = text.split('\n');
  return [
    lines.some(isStray) ? ' — <mark class="stray">marked</mark> (<code>&lt;&lt;!</code>): bytes that belong to no response (stray)' : '',
    lines.some((_, i) => signedAndSentAt(lines, i) !== undefined) ? ' — <mark class="differs">marked</mark>: the signed and the sent bytes, from the first byte where they differ (<code>^</code>)' : '',
  ].join('');
}

/** The reason, and under it a link to the cause it shares with other checks. */
function noteCell(c: CheckView, causes: CauseLinks): string {
  const note = c.outcome === 'info' ? c.observed : c.reason;
  const link = causes.get(c.id);
  const cause = link ? `<div class="cause-ref">cause: <a href="${esc(link.href)}">${esc(link.description)}</a></div>` : '';
  return `<td class="note-cell">${esc(note ?? '')}${cause}</td>`;
}

/** The clause, and under it the words that make the check MUST or SHOULD, with where they stand. */
function clauseCell(c: CheckView): string {
  if (!c.basis) return esc(c.clause);
  return `${esc(c.clause)}<blockquote class="basis">${esc(c.basis.quote)}<cite>${esc(c.basis.source ?? 'the spec')}</cite></blockquote>`;
}

function row(c: CheckView, seed: number, causes: CauseLinks): string {
  const main = `<tr id="${anchor('check', c.id)}" class="check o-${esc(c.outcome)}" data-outcome="${esc(c.outcome)}" data-flags="${esc(flags(c).join(' '))}">
    <td><span class="badge o-${esc(c.outcome)}">${esc(c.outcome)}</span></td>
    <td class="id">${esc(c.id)}</td><td><span class="level l-${esc(c.level)}">${esc(c.level)}</span></td>
    <td>${esc(c.title)} ${badges(c)}</td><td class="clause">${clauseCell(c)}</td>
    <td class="num">${esc(c.durationMs)} ms</td>${noteCell(c, causes)}</tr>`;
  return c.outcome === 'failed' || c.outcome === 'warned' || c.outcome === 'error' || c.flaky ? `${main}\n${evidence(c, seed)}` : main;
}

/** The order of the rows: what needs a reader first — failures (gating before baselined), warnings, checks not judged, skipped ones (gaps), then passes and observations. */
export const ROW_ORDER: readonly CheckView['outcome'][] = ['failed', 'warned', 'error', 'skipped', 'passed', 'info'];

/** The checks in row order; within one outcome, as the run listed them (catalog order). */
export function inRowOrder<T extends Pick<CheckView, 'outcome' | 'baselined'>>(checks: readonly T[]): T[] {
  const rank = (c: T) => ROW_ORDER.indexOf(c.outcome) * 2 + (c.baselined ? 1 : 0);
  return checks.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i).map(({ c }) => c);
}

const FILTERS = ['all', 'failed', 'warned', 'error', 'passed', 'skipped', 'info', 'flaky', 'baselined'];

export function checkRows(view: ReportView): string {
  const buttons = FILTERS.map((f) => `<button type="button" data-filter="${f}"${f === 'all' ? ' aria-pressed="true"' : ''}>${f}</button>`).join('');
  const causes = causeLinks(view);
  const rows = inRowOrder(view.checks).map((c) => row(c, view.summary.seed, causes)).join('\n');
  return `<section id="checks"><h2>Checks <span class="sub">${view.checks.length}</span></h2>
<div class="filters" role="toolbar" aria-label="Show checks">${buttons}</div>
<table class="checks"><colgroup><col class="c-outcome"><col class="c-id"><col class="c-level"><col class="c-title"><col class="c-clause"><col class="c-duration"><col class="c-note"></colgroup><thead><tr><th>outcome</th><th>id</th><th>level</th><th>title</th><th>clause and its words</th><th class="num">duration</th><th>reason / observation</th></tr></thead>
<tbody>${rows || '<tr><td colspan="7" class="empty">No check was selected.</td></tr>'}</tbody></table></section>`;
}
