// What Allure's overview says of a run, drawn from the run's record once the checks are
// judged (allure-vitest wrote the results while they ran, before anything was judged):
// - the report's name states the verdict and any --reference-fault: "wirecheck FAILED
//   (exit 1) — resource-api — fault: crlf-after-204" (Allure 3 shows it as the title);
// - environment.properties, which every Allure (2 and 3) shows on the overview
//   ("Metadata" in Allure 3): verdict, reference fault, target, outcomes, harness, seed;
// - each check's result carries its outcome as summary.json has it (label `outcome`), a
//   baselined failure the label `baseline: baselined`, a flaky one Allure's flaky flag;
//   a warned SHOULD check and a baselined failure stay `failed` (Allure has no other
//   status for them, and its totals stay summary.json's) but their message says they do
//   not gate, and the config below resolves them `accepted`: Allure 3 marks them so,
//   lists them under Resolutions and leaves them out of its pass-rate ring;
// - categories keep MUST failures, SHOULD warnings and the harness's own trouble apart.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunRecord } from './run-record.ts';
import type { SummaryCheck } from './summary.ts';
import type { Outcome } from '../checks/outcome.ts';
import { skippedMustText, verdictLabel } from './verdict.ts';

/** How the message of a warned SHOULD check starts in Allure (the resolution below matches it). */
export const WARNED_PREFIX = 'SHOULD warning, not gating (--strict makes it fail): ';
/** How the message of a baselined failure starts in Allure. */
export const BASELINED_PREFIX = 'baselined, not gating';

/** Allure 3's categories (first match wins): a check's status and the labels check() and markAllureResults set. */
export const ALLURE_CATEGORIES = {
  rules: [
    { id: 'wirecheck-baselined', name: 'Baselined failures (not gating)', matchers: { statuses: ['failed'], labels: { baseline: '^baselined$' } }, groupByMessage: false, expand: true },
    { id: 'wirecheck-must', name: 'MUST failures', matchers: { statuses: ['failed'], labels: { level: '^MUST$' } }, groupByMessage: false, expand: true },
    { id: 'wirecheck-should-strict', name: 'SHOULD failures (gating with --strict)', matchers: { statuses: ['failed'], labels: { level: '^SHOULD$', outcome: '^failed$' } }, groupByMessage: false, expand: true },
    { id: 'wirecheck-should', name: 'SHOULD warnings (not gating)', matchers: { statuses: ['failed'], labels: { outcome: '^warned$' } }, groupByMessage: false, expand: true },
    { id: 'wirecheck-error', name: 'not judged: the harness\'s own trouble', matchers: { statuses: ['broken'] }, groupByMessage: false, expand: true },
  ],
} as const;

/** Allure 3's resolutions: the failures that do not gate are `accepted`, saying why. */
export const ALLURE_RESOLUTIONS = {
  rules: [
    { resolution: 'accepted', comment: 'SHOULD warnings: they do not gate the run (--strict makes them fail)', messageRegexp: `^${escapeRegExp(WARNED_PREFIX)}` },
    { resolution: 'accepted', comment: 'baselined failures: known, listed in --baseline until their entry expires; they do not gate the run', messageRegexp: `^${escapeRegExp(BASELINED_PREFIX)}` },
  ],
} as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

/** "wirecheck FAILED (exit 1) — resource-api — fault: crlf-after-204" */
export function allureReportName(record: RunRecord): string {
  const { summary } = record;
  const faults = record.setup?.faults ?? [];
  return `wirecheck ${verdictLabel(summary.exitCode)} (exit ${summary.exitCode}) — ${summary.systems.join(', ')}${faults.length > 0 ? ` — fault: ${faults.join(', ')}` : ''}`;
}

/** "FAILED (exit 1): 24 gating failures · 4 SHOULD warnings, not gating" — what decided the verdict, in counts. */
export function verdictText(record: RunRecord): string {
  const { checks, exitCode } = record.summary;
  const gating = checks.filter((c) => c.outcome === 'failed' && !c.baselined).length;
  const parts = [
    gating > 0 ? count(gating, 'gating failure') : '',
    ((n) => (n > 0 ? `${count(n, 'baselined failure')}, not gating` : ''))(checks.filter((c) => c.baselined).length),
    ((n) => (n > 0 ? `${count(n, 'SHOULD warning')}, not gating` : ''))(checks.filter((c) => c.outcome === 'warned').length),
    ((n) => (n > 0 ? `${count(n, 'check')} not judged (error: the harness's own trouble)` : ''))(checks.filter((c) => c.outcome === 'error').length),
    skippedMustText(checks) ?? '',
  ].filter(Boolean);
  return `${verdictLabel(exitCode)} (exit ${exitCode})${parts.length > 0 ? `: ${parts.join(' · ')}` : ''}`;
}

/** A .properties line: `\`, line breaks and leading blanks escaped, and in the key `=`, `:` and blanks too. */
function property(key: string, value: string): string {
  const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
  return `${escape(key).replace(/[=: ]/g, '\\$&')}=${escape(value).replace(/^\s/, '\\$&')}`;
}

/** summary.json's outcomes, worst first. */
const OUTCOME_ORDER: readonly Outcome[] = ['failed', 'warned', 'error', 'skipped', 'passed', 'info'];

/** The overview's facts, in the order Allure shows them (the systems and the date are in the report's name and header). */
export function environmentEntries(record: RunRecord): [string, string][] {
  const { summary, setup } = record;
  const targets = setup?.targets ?? [];
  const urls = targets.length > 1 ? targets.map((t) => `${t.system}: ${t.baseUrl}`).join(', ') : summary.target.baseUrl || '—';
  const faults = setup?.faults ?? [];
  const outcomes = OUTCOME_ORDER.filter((o) => summary.totals[o] > 0).map((o) => `${summary.totals[o]} ${o}`);
  return [
    ['verdict', verdictText(record)],
    ...(faults.length > 0 ? [['reference.fault', `${faults.join(', ')} (--reference-fault: deliberate bugs for the self-test, not a certification)`] as [string, string]] : []),
    ['target', `${summary.target.kind} ${urls}`],
    ['outcomes', outcomes.join(' · ') || 'no check ran'],
    ['harness', `wirecheck ${summary.harnessVersion ?? '?'}`],
    ['seed', String(summary.seed)],
  ];
}

interface AllureResultFile {
  status?: string;
  labels?: { name: string; value: string }[];
  statusDetails?: { message?: string; flaky?: boolean };
}

/** One result as the record judged its check; whether it changed. */
function markResult(result: AllureResultFile, check: SummaryCheck): void {
  const labels = (result.labels ?? []).filter((l) => l.name !== 'outcome' && l.name !== 'baseline');
  labels.push({ name: 'outcome', value: check.outcome });
  if (check.baselined) labels.push({ name: 'baseline', value: 'baselined' });
  result.labels = labels;
  const details = { ...result.statusDetails };
  if (check.flaky) details.flaky = true;
  if (result.status === 'failed') {
    const message = details.message ?? '';
    const prefix = check.baselined ? `${BASELINED_PREFIX} (until ${check.baselineExpires ?? '?'}: ${check.baselineReason ?? ''}): ` : check.outcome === 'warned' ? WARNED_PREFIX : '';
    if (prefix && !message.startsWith(prefix)) details.message = `${prefix}${message}`;
  }
  result.statusDetails = details;
}

/**
 * Gives each check's result in `dir` its outcome from the record and writes
 * environment.properties there; the names of the result files it changed.
 */
export function markAllureResults(dir: string, record: RunRecord): string[] {
  if (!existsSync(dir)) return [];
  const checks = new Map(record.summary.checks.map((c) => [c.id, c]));
  const changed: string[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('-result.json'))) {
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    let result: AllureResultFile;
    try {
      result = JSON.parse(text) as AllureResultFile;
    } catch {
      continue;
    }
    const check = checks.get(result.labels?.find((l) => l.name === 'checkId')?.value ?? '');
    if (!check) continue;
    markResult(result, check);
    const marked = JSON.stringify(result);
    if (marked === text) continue;
    writeFileSync(file, marked);
    changed.push(name);
  }
  writeFileSync(join(dir, 'environment.properties'), `${environmentEntries(record).map(([k, v]) => property(k, v)).join('\n')}\n`);
  return changed;
}
