// Systems × areas: one tile per area of each system, coloured by its worst outcome,
// with its counts — where the failures are, at a glance.
import type { Outcome } from '../../checks/outcome.ts';
import { anchor, esc } from './escape-html.ts';
import { SEVERITY, worstOf, type CheckView, type ReportView } from './report-view.ts';

function tile(system: string, area: string, checks: readonly CheckView[]): string {
  const outcomes = checks.map((c) => c.outcome);
  const worst = worstOf(outcomes) ?? 'skipped';
  const counts = SEVERITY.map((o): [Outcome, number] => [o, outcomes.filter((x) => x === o).length]).filter(([, n]) => n > 0);
  return `<a class="tile o-${worst}" href="#${anchor('check', checks[0]?.id ?? '')}" title="${esc(`${system} ${area}: ${counts.map(([o, n]) => `${n} ${o}`).join(', ')}`)}">
    <span class="tile-area">${esc(area)}</span>
    <span class="tile-counts">${counts.map(([o, n]) => `<span class="count c-${o}">${n} ${o}</span>`).join('')}</span>
  </a>`;
}

export function outcomeMatrix(view: ReportView): string {
  const systems = [...new Set(view.checks.map((c) => c.system))];
  if (systems.length === 0) return '<section id="matrix"><h2>Systems × areas</h2><p class="empty">No check was selected.</p></section>';
  const rows = systems.map((system) => {
    const mine = view.checks.filter((c) => c.system === system);
    const areas = [...new Set(mine.map((c) => c.area))];
    return `<div class="matrix-row"><div class="matrix-system">${esc(system)}</div><div class="matrix-tiles">${areas.map((a) => tile(system, a, mine.filter((c) => c.area === a))).join('')}</div></div>`;
  });
  return `<section id="matrix"><h2>Systems × areas</h2>${rows.join('\n')}</section>`;
}
