// Every check: id, level, title, clause, outcome, duration and reason or
// observation; under a failure or warning its evidence — the redacted wire
// transcript, the seed and the commands that reproduce it.
import { anchor, esc } from './escape-html.ts';
import type { CheckView, ReportView } from './report-view.ts';

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
    ? `<div class="transcript-label">wire transcript (redacted) — <code>${esc(c.transcript)}</code></div><pre class="transcript">${esc(c.transcriptText)}</pre>`
    : '<p class="empty">No transcript was recorded for this check.</p>';
  return `<tr class="evidence-row" data-outcome="${esc(c.outcome)}" data-flags="${esc(flags(c).join(' '))}"><td colspan="7"><details open><summary>Evidence for ${esc(c.id)}</summary>${lines}${transcript}</details></td></tr>`;
}

/** The clause, and under it the words that make the check MUST or SHOULD, with where they stand. */
function clauseCell(c: CheckView): string {
  if (!c.basis) return esc(c.clause);
  return `${esc(c.clause)}<blockquote class="basis">${esc(c.basis.quote)}<cite>${esc(c.basis.source ?? 'the spec')}</cite></blockquote>`;
}

function row(c: CheckView, seed: number): string {
  const note = c.outcome === 'info' ? c.observed : c.reason;
  const main = `<tr id="${anchor('check', c.id)}" class="check o-${esc(c.outcome)}" data-outcome="${esc(c.outcome)}" data-flags="${esc(flags(c).join(' '))}">
    <td><span class="badge o-${esc(c.outcome)}">${esc(c.outcome)}</span></td>
    <td class="id">${esc(c.id)}</td><td><span class="level l-${esc(c.level)}">${esc(c.level)}</span></td>
    <td>${esc(c.title)} ${badges(c)}</td><td class="clause">${clauseCell(c)}</td>
    <td class="num">${esc(c.durationMs)} ms</td><td class="note-cell">${esc(note ?? '')}</td></tr>`;
  return c.outcome === 'failed' || c.outcome === 'warned' || c.flaky ? `${main}\n${evidence(c, seed)}` : main;
}

const FILTERS = ['all', 'failed', 'warned', 'passed', 'skipped', 'info', 'flaky', 'baselined'];

export function checkRows(view: ReportView): string {
  const buttons = FILTERS.map((f) => `<button type="button" data-filter="${f}"${f === 'all' ? ' aria-pressed="true"' : ''}>${f}</button>`).join('');
  const rows = view.checks.map((c) => row(c, view.summary.seed)).join('\n');
  return `<section id="checks"><h2>Checks <span class="sub">${view.checks.length}</span></h2>
<div class="filters" role="toolbar" aria-label="Show checks">${buttons}</div>
<table class="checks"><thead><tr><th>outcome</th><th>id</th><th>level</th><th>title</th><th>clause and its words</th><th class="num">duration</th><th>reason / observation</th></tr></thead>
<tbody>${rows || '<tr><td colspan="7" class="empty">No check was selected.</td></tr>'}</tbody></table></section>`;
}
