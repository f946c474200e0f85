// Per system, every rule of its spec (harness/systems/<system>/clauses.ts): the checks that
// cite it with their outcomes in this run, and its coverage by one rule
// (report/clause-coverage-rule.ts): covered by a MUST or SHOULD check, observed only (INFO
// checks judge nothing), uncheckable with the reason, or no check — so the gaps show.
import type { SystemName } from '../../checks/check-definition.ts';
import { clauseCoverageOf, type ClauseCoverage, type CoverageStatus } from '../clause-coverage-rule.ts';
import { anchor, esc } from './escape-html.ts';
import type { CheckView, ReportView } from './report-view.ts';

function checkBadge(id: string, level: string, ran: CheckView | undefined): string {
  const info = level === 'INFO' ? ' <small>INFO</small>' : '';
  if (!ran) return `<span class="cbadge not-run" title="not run in this report">${esc(id)}${info}</span>`;
  return `<a class="cbadge o-${esc(ran.outcome)}" href="#${anchor('check', id)}" title="${esc(ran.outcome)}">${esc(id)} <small>${esc(ran.outcome)}</small></a>`;
}

const STATUS: Readonly<Record<CoverageStatus, { label: string; cls: string }>> = {
  covered: { label: 'covered', cls: 'cov-yes' },
  observed: { label: 'observed only', cls: 'cov-obs' },
  uncheckable: { label: 'uncheckable', cls: 'cov-unchk' },
  gap: { label: 'no check', cls: 'cov-gap' },
};

function clauseRow(row: ClauseCoverage, ran: ReadonlyMap<string, CheckView>): string {
  const { clause, status, checks } = row;
  const ranHere = checks.some((c) => ran.has(c.id));
  const why = status === 'uncheckable' ? ` <span class="why">${esc(clause.uncheckable ?? '')}</span>`
    : status === 'observed' ? ' <span class="why">only INFO checks cite it: they record, they judge nothing</span>'
      : checks.length > 0 && !ranHere ? ' <span class="why">not run in this report</span>' : '';
  const badges = checks.map((c) => checkBadge(c.id, c.level, ran.get(c.id))).join(' ') || '—';
  return `<tr class="${status}"><td class="clause">${esc(clause.clause)}</td><td>${esc(clause.text)}</td><td>${badges}</td><td><span class="cov ${STATUS[status].cls}">${STATUS[status].label}</span>${why}</td></tr>`;
}

function systemCoverage(system: SystemName, ran: ReadonlyMap<string, CheckView>): string {
  const rows = clauseCoverageOf(system);
  const count = (status: CoverageStatus) => rows.filter((r) => r.status === status).length;
  return `<h3 id="${anchor('coverage', system)}">${esc(system)} <span class="sub">${rows.length} rules · ${count('covered')} covered · ${count('observed')} observed only · ${count('uncheckable')} uncheckable · ${count('gap')} without a check</span></h3>
<table class="coverage"><thead><tr><th>rule</th><th>what the spec says</th><th>checks (outcome in this run)</th><th>coverage</th></tr></thead>
<tbody>${rows.map((r) => clauseRow(r, ran)).join('\n')}</tbody></table>`;
}

export function clauseCoverage(view: ReportView): string {
  const ran = new Map(view.checks.map((c) => [c.id, c]));
  const systems = view.summary.systems as readonly SystemName[];
  return `<section id="coverage"><h2>Clause coverage</h2>
<p class="lead">Every rule of each system's specification and the checks that cite it. A rule is <b>covered</b> when a MUST or SHOULD check cites it; one only INFO checks cite is <b>observed only</b> (they record what the target does and judge nothing); a rule no check cites is <b>uncheckable</b>, saying why, where a black-box harness cannot observe it, and <b>no check</b> otherwise. A dashed check id was not run in this report.</p>
${systems.map((s) => systemCoverage(s, ran)).join('\n')}</section>`;
}
