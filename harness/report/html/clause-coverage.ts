// Per system, every rule of its spec (harness/systems/<system>/clauses.ts): the checks that
// cover it with their outcomes in this run, and the rules no check covers — with
// the reason where a black-box harness cannot check them — so the gaps show.
import type { SystemName } from '../../checks/check-definition.ts';
import { checksOf, clausesOf } from '../../systems/catalog.ts';
import type { Clause } from '../../checks/clause.ts';
import { anchor, esc } from './escape-html.ts';
import type { CheckView, ReportView } from './report-view.ts';

function checkBadge(id: string, ran: CheckView | undefined): string {
  if (!ran) return `<span class="cbadge not-run" title="not run in this report">${esc(id)}</span>`;
  return `<a class="cbadge o-${esc(ran.outcome)}" href="#${anchor('check', id)}" title="${esc(ran.outcome)}">${esc(id)} <small>${esc(ran.outcome)}</small></a>`;
}

function clauseRow(clause: Clause, ids: readonly string[], ran: ReadonlyMap<string, CheckView>): string {
  const ranHere = ids.some((id) => ran.has(id));
  const status = ids.length > 0 ? `<span class="cov cov-yes">covered</span>${ranHere ? '' : ' <span class="why">not run in this report</span>'}`
    : clause.uncheckable ? `<span class="cov cov-unchk">uncheckable</span> <span class="why">${esc(clause.uncheckable)}</span>`
      : '<span class="cov cov-gap">no check</span>';
  const cls = ids.length > 0 ? 'covered' : clause.uncheckable ? 'uncheckable' : 'gap';
  return `<tr class="${cls}"><td class="clause">${esc(clause.clause)}</td><td>${esc(clause.text)}</td><td>${ids.map((id) => checkBadge(id, ran.get(id))).join(' ') || '—'}</td><td>${status}</td></tr>`;
}

function systemCoverage(system: SystemName, ran: ReadonlyMap<string, CheckView>): string {
  const checks = checksOf(system);
  const clauses = clausesOf(system);
  const idsOf = (c: Clause) => checks.filter((k) => k.clause === c.clause).map((k) => k.id);
  const covered = clauses.filter((c) => idsOf(c).length > 0).length;
  const uncheckable = clauses.filter((c) => idsOf(c).length === 0 && c.uncheckable).length;
  const gaps = clauses.length - covered - uncheckable;
  return `<h3 id="${anchor('coverage', system)}">${esc(system)} <span class="sub">${clauses.length} rules · ${covered} covered · ${uncheckable} uncheckable · ${gaps} without a check</span></h3>
<table class="coverage"><thead><tr><th>rule</th><th>what the spec says</th><th>checks (outcome in this run)</th><th>coverage</th></tr></thead>
<tbody>${clauses.map((c) => clauseRow(c, idsOf(c), ran)).join('\n')}</tbody></table>`;
}

export function clauseCoverage(view: ReportView): string {
  const ran = new Map(view.checks.map((c) => [c.id, c]));
  const systems = view.summary.systems as readonly SystemName[];
  return `<section id="coverage"><h2>Clause coverage</h2>
<p class="lead">Every rule of each system's specification, the checks that cover it, and the rules no check covers. A rule a black-box harness cannot observe says why. A dashed check id was not run in this report.</p>
${systems.map((s) => systemCoverage(s, ran)).join('\n')}</section>`;
}
