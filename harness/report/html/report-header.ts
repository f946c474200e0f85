// The top of report.html: the verdict with the exit code, then what was certified,
// with which harness, seed, date and duration — and what gated.
import { OUTCOMES } from '../../checks/outcome.ts';
import { isSkippedMust, skippedMustText, verdictLabel } from '../verdict.ts';
import { anchor, esc } from './escape-html.ts';
import type { ReportView } from './report-view.ts';

const EXPLAIN: Readonly<Record<string, string>> = {
  PASSED: 'every MUST check that ran passed',
  FAILED: 'at least one check failed that gates the run',
  'NOTHING EXECUTED': 'no check was executed: everything was skipped or filtered out',
  INCONCLUSIVE: 'no check failed, but the harness could not judge a check that gates the run (outcome error): no finding about the target; run again on a less loaded machine',
  ERROR: 'the run ended with a usage or target error',
};

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : ms < 120_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

function gatingLinks(view: ReportView): string {
  const gating = view.checks.filter((c) => c.outcome === 'failed' && !c.baselined);
  const errors = view.checks.filter((c) => c.outcome === 'error');
  const link = (c: { id: string }) => `<a href="#${anchor('check', c.id)}">${esc(c.id)}</a>`;
  const titled = (c: { id: string; reason?: string }) => `<a href="#${anchor('check', c.id)}" title="${esc(c.reason ?? '')}">${esc(c.id)}</a>`;
  return [
    ...(gating.length > 0 ? [`<p class="gating">Gating failures: ${gating.map(link).join(' ')}</p>`] : []),
    ...(errors.length > 0 ? [`<p class="gating errors">Not judged (error: the harness's own trouble, no finding about the target): ${errors.map(titled).join(' ')}</p>`] : []),
  ].join('\n');
}

/** The MUST checks this run skipped, linked, and what that did to the verdict. */
function skippedMust(view: ReportView): string {
  const skipped = view.checks.filter(isSkippedMust);
  if (skipped.length === 0) return '';
  const effect = view.summary.failOnSkippedMust ? 'they fail the run (--fail-on-skipped-must)' : 'they do not gate (--fail-on-skipped-must would fail the run)';
  return `<p class="gating skipped-must">MUST checks skipped, ${esc(effect)}: ${skipped.map((c) => `<a href="#${anchor('check', c.id)}" title="${esc(c.reason ?? '')}">${esc(c.id)}</a>`).join(' ')}</p>`;
}

/** Why the verdict is what it is: the exit code's meaning, and the MUST checks that were skipped. */
function verdictWhy(view: ReportView, label: string): string {
  const skipped = skippedMustText(view.checks);
  const gatingFailures = view.checks.some((c) => c.outcome === 'failed' && !c.baselined);
  if (label === 'FAILED' && !gatingFailures && skipped && view.summary.failOnSkippedMust) return `${skipped}, and --fail-on-skipped-must makes a skipped MUST check fail the run`;
  if (!skipped) return EXPLAIN[label] ?? '';
  return `${EXPLAIN[label] ?? ''} — ${skipped}${view.summary.failOnSkippedMust ? ', gating with --fail-on-skipped-must' : ''}`;
}

function knownFailures(view: ReportView): string {
  const n = view.checks.filter((c) => c.baselined).length;
  return n > 0 ? ` · ${n} baselined failure${n === 1 ? '' : 's'} not gating` : '';
}

/** The target's URLs, each named by its system when the run had several ("webhook: http://…, resource-api: http://…"). */
function targetUrls(view: ReportView): string {
  const targets = view.setup?.targets ?? [];
  if (targets.length < 2) return `<code>${esc(view.summary.target.baseUrl || '—')}</code>`;
  const mixed = new Set(targets.map((t) => t.kind)).size > 1;
  return targets.map((t) => `${esc(t.system)}${mixed && t.kind ? ` (${esc(t.kind)})` : ''}: <code>${esc(t.baseUrl)}</code>`).join(', ');
}

/** --reference-fault: the bundled reference ran broken on purpose (the self-test), said where nobody can miss it. */
function faultRow(view: ReportView): [string, string][] {
  const faults = view.setup?.faults ?? [];
  if (faults.length === 0) return [];
  return [['Reference fault', `${faults.map((f) => `<code class="fault">${esc(f)}</code>`).join(', ')} <span class="why">(--reference-fault: deliberate bugs for the self-test)</span>`]];
}

export function reportHeader(view: ReportView): string {
  const { summary } = view;
  const label = verdictLabel(summary.exitCode);
  const started = new Date(summary.startedAt);
  const rows: [string, string][] = [
    ['Target', `${esc(summary.target.kind)} · ${targetUrls(view)}`],
    ...faultRow(view),
    ['Systems', esc(summary.systems.join(', '))],
    ['Harness', `wirecheck ${esc(summary.harnessVersion ?? '?')}`],
    ['Seed', `<code>${esc(summary.seed)}</code>`],
    ['Date', `<time datetime="${esc(summary.startedAt)}">${esc(started.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time>`],
    ['Duration', esc(duration(summary.durationMs))],
    ...(summary.repeat ? [['Repeat', `every check ran ${esc(summary.repeat)} times`] as [string, string]] : []),
    ...(summary.baseline ? [['Baseline', `<code>${esc(summary.baseline.file)}</code>`] as [string, string]] : []),
  ];
  const totals = OUTCOMES.map((o) => `<span class="chip o-${o}${summary.totals[o] ? '' : ' zero'}">${esc(summary.totals[o])} ${o}</span>`).join('');
  return `<header class="verdict v-${anchor(label)}">
  <div class="verdict-word">${esc(label)}</div>
  <div class="verdict-why">exit ${esc(summary.exitCode)} — ${esc(verdictWhy(view, label))}${esc(knownFailures(view))}</div>
</header>
<section class="meta">
  <dl>${rows.map(([k, v]) => `<div><dt>${k}</dt><dd>${v}</dd></div>`).join('')}</dl>
  <div class="totals">${totals}</div>
  ${gatingLinks(view)}
  ${skippedMust(view)}
</section>`;
}
