// docs/summary.schema.json is the shape summary.json has: summaries built the way a run
// builds them (report/run-record.ts, with --repeat and --baseline applied by their own
// code) hold to it, every field they carry is one it names, drift of any kind breaks
// it, and the schema ships in the package. Every real run in the tests is validated
// too (test/testing/run-wirecheck.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SystemCheck } from '../../harness/checks/check-definition.ts';
import type { Outcome } from '../../harness/checks/outcome.ts';
import { judgeBaseline } from '../../harness/evidence/baseline/judge-baseline.ts';
import { mergeAttempts } from '../../harness/evidence/flakes/merge-attempts.ts';
import type { CheckResult } from '../../harness/report/check-result.ts';
import { runRecord } from '../../harness/report/run-record.ts';
import type { Summary, SummaryEvidence } from '../../harness/report/summary.ts';
import { exitCodeOf } from '../../harness/report/verdict.ts';
import { findCheck } from '../../harness/systems/catalog.ts';
import { packedFiles } from '../testing/packed-files.ts';
import { assertSummaryMatchesSchema, SUMMARY_SCHEMA_FILE, summarySchemaErrors } from '../testing/summary-schema.ts';

const schema = JSON.parse(readFileSync(SUMMARY_SCHEMA_FILE, 'utf8')) as {
  properties: Record<string, unknown>;
  required: string[];
  $defs: { check: { properties: Record<string, unknown> } };
};

function catalogCheck(id: string): SystemCheck {
  const check = findCheck(id);
  if (!check) throw new Error(`${id} is not in the catalog`);
  return check;
}

const result = (id: string, outcome: Outcome, extra: Partial<CheckResult> = {}): CheckResult => ({ check: catalogCheck(id), outcome, durationMs: 7, ...extra });
const startedAt = new Date('2026-11-21T10:00:00.000Z');
const config = (systems: string[], target: 'reference' | 'external' = 'reference') => ({ systems, target, seed: 1234567 });

function summaryOf(results: readonly CheckResult[], options: { evidence?: SummaryEvidence; systems?: string[]; baseUrl?: string; exitCode?: number } = {}): Summary {
  const systems = options.systems ?? [...new Set(results.map((r) => r.check.system))];
  return runRecord({
    config: config(systems), results, baseUrl: options.baseUrl ?? 'http://127.0.0.1:40123', startedAt,
    exitCode: options.exitCode ?? exitCodeOf(results), evidence: { harnessVersion: '0.1.0', ...options.evidence },
  }).summary;
}

/** A summary with one check changed (or a field of the run): JSON, as a reader gets it. */
function withCheck(summary: Summary, change: Record<string, unknown>, index = 0): unknown {
  const copy = JSON.parse(JSON.stringify(summary)) as { checks: Record<string, unknown>[] };
  copy.checks[index] = { ...copy.checks[index], ...change };
  return copy;
}

const judged = [
  result('WH-SIG-01', 'passed'),
  result('WH-SIG-03', 'failed', { reason: 'expected 401, got 202', transcript: '>>> POST /webhooks/payments', reproduce: 'npx wirecheck run webhook --seed 1 --only WH-SIG-03' }),
  result('WH-VAL-10', 'warned', { reason: 'expected 422, got 202', transcript: '>>> POST', reproduce: 'npx wirecheck run webhook --only WH-VAL-10' }),
  result('WH-ACK-03', 'skipped', { reason: 'needs probe' }),
  result('WH-VAL-11', 'info', { observed: 'answered 202' }),
  result('WH-CONC-01', 'error', { reason: 'the harness could not judge this check: WH-CONC-01 did not finish within 30 s — run again on a less loaded machine' }),
  result('RA-NOBODY-04', 'warned', { reason: 'Transfer-Encoding: chunked on a 204' }),
];

describe('docs/summary.schema.json', () => {
  it('holds every outcome a run records, error included, with each report field', () => {
    const summary = summaryOf(judged);
    expect(summary.totals).toEqual({ passed: 1, failed: 1, warned: 2, skipped: 1, info: 1, error: 1 });
    expect(summaryOf(judged).checks.find((c) => c.id === 'RA-NOBODY-04')?.basis?.source).toBe('RFC 9112 §6.1');
    expect(summarySchemaErrors(summary)).toEqual([]);
  });

  it('holds an inconclusive run (exit 4), a vacuous one (no check: exit 3, no URL) and an external target with several URLs', () => {
    const inconclusive = summaryOf([result('WH-SIG-01', 'passed'), result('WH-CONC-01', 'error', { reason: 'the harness could not judge this check' })]);
    expect(inconclusive.exitCode).toBe(4);
    expect(summarySchemaErrors(inconclusive)).toEqual([]);
    const vacuous = summaryOf([], { systems: ['webhook', 'resource-api'], baseUrl: '', exitCode: 3 });
    expect(summarySchemaErrors(vacuous)).toEqual([]);
    const external = runRecord({ config: config(['webhook'], 'external'), results: [result('WH-SIG-01', 'passed')], baseUrl: 'http://a:3000/ http://b:3000/', startedAt, exitCode: 0 }).summary;
    expect(summarySchemaErrors(external)).toEqual([]);
  });

  it('holds --repeat (flaky checks and their attempts), --baseline (baselined, expired, fixed) and --fail-on-skipped-must', () => {
    const attempts = [
      [result('WH-SIG-03', 'failed', { reason: 'got 202' }), result('WH-VAL-10', 'passed'), result('WH-VAL-11', 'info', { observed: 'a' }), result('WH-SIG-01', 'passed'), result('WH-SIG-02', 'failed', { reason: 'got 401' }), result('WH-SIG-04', 'failed', { reason: 'got 202' })],
      [result('WH-SIG-03', 'passed'), result('WH-VAL-10', 'warned', { reason: 'got 202' }), result('WH-VAL-11', 'info', { observed: 'b' }), result('WH-SIG-01', 'passed'), result('WH-SIG-02', 'failed', { reason: 'got 401' }), result('WH-SIG-04', 'failed', { reason: 'got 202' })],
    ];
    const merged = mergeAttempts(attempts, false);
    expect(merged.filter((r) => r.flaky).map((r) => r.check.id)).toEqual(['WH-SIG-03', 'WH-VAL-10']);
    const entries = [
      { id: 'WH-SIG-02', reason: 'PAY-1 known', expires: '2027-01-31' },
      { id: 'WH-SIG-04', reason: 'PAY-2 lapsed', expires: '2026-01-01' },
      { id: 'WH-SIG-01', reason: 'PAY-3 fixed since', expires: '2027-01-31' },
      { id: 'WH-SIG-03', reason: 'PAY-4 flaky and known', expires: '2027-01-31' },
      { id: 'WH-ACK-03', reason: 'not selected', expires: '2027-01-31' },
    ];
    const { results, summary: baseline } = judgeBaseline(merged, { file: '/project/known.yaml', entries }, '2026-11-21');
    const summary = summaryOf(results, { evidence: { repeat: 2, baseline, failOnSkippedMust: true } });
    expect(summary.checks.map((c) => [c.id, c.outcome, c.flaky ?? false, c.baselined ?? c.baselineExpired ?? c.baselineFixed ?? false])).toEqual([
      ['WH-SIG-03', 'failed', true, true], ['WH-VAL-10', 'warned', true, false], ['WH-VAL-11', 'info', false, false],
      ['WH-SIG-01', 'passed', false, true], ['WH-SIG-02', 'failed', false, true], ['WH-SIG-04', 'failed', false, true],
    ]);
    expect(summarySchemaErrors(summary)).toEqual([]);
  });

  it('names every field the writer writes, and no field it never writes', () => {
    const runs = [summaryOf(judged), summaryOf(mergeAttempts([[result('WH-SIG-03', 'failed', { reason: 'x' })], [result('WH-SIG-03', 'passed')]], false), {
      evidence: { repeat: 2, baseline: { file: 'b.yaml', baselined: [], expired: [], fixed: [], notJudged: [] }, failOnSkippedMust: true },
    })];
    const { results } = judgeBaseline([result('WH-SIG-03', 'failed', { reason: 'x' }), result('WH-SIG-04', 'failed', { reason: 'x' }), result('WH-SIG-01', 'passed')],
      { file: 'b.yaml', entries: [{ id: 'WH-SIG-03', reason: 'r', expires: '2027-01-01' }, { id: 'WH-SIG-04', reason: 'r', expires: '2026-01-01' }, { id: 'WH-SIG-01', reason: 'r', expires: '2027-01-01' }] }, '2026-11-21');
    runs.push(summaryOf(results));
    const top = new Set(runs.flatMap((s) => Object.keys(s)));
    const perCheck = new Set(runs.flatMap((s) => s.checks.flatMap((c) => Object.keys(c))));
    expect([...top].sort()).toEqual(Object.keys(schema.properties).sort());
    expect([...perCheck].sort()).toEqual(Object.keys(schema.$defs.check.properties).sort());
    expect(schema.required.sort()).toEqual(['checks', 'durationMs', 'exitCode', 'schema', 'seed', 'startedAt', 'systems', 'target', 'totals']);
  });

  it('refuses drift: a field of no version, a missing total, an outcome or exit code the contract does not know, an impossible check', () => {
    const summary = summaryOf(judged);
    const json = JSON.parse(JSON.stringify(summary)) as Record<string, unknown> & { totals: Record<string, number>; target: Record<string, unknown> };
    const broken: [string, unknown][] = [
      ['a field of its own at the top', { ...json, cause: 'x' }],
      ['a field of its own in a check', withCheck(summary, { cause: { kind: 'framing' } })],
      ['totals without error', { ...json, totals: { ...json.totals, error: undefined } }],
      ['a total of its own', { ...json, totals: { ...json.totals, crashed: 0 } }],
      ['another schema version', { ...json, schema: 'wirecheck.summary/v2' }],
      ['a target kind of its own', { ...json, target: { ...json.target, kind: 'docker' } }],
      ['exit 2, which writes no summary', { ...json, exitCode: 2 }],
      ['a fractional duration', { ...json, durationMs: 1.5 }],
      ['an outcome of its own', withCheck(summary, { outcome: 'crashed' })],
      ['an INFO check that passed', withCheck(summary, { outcome: 'passed' }, 4)],
      ['a MUST check that warned', withCheck(summary, { outcome: 'warned' }, 1)],
      ['a failed check without a reason', withCheck(summary, { reason: undefined }, 1)],
      ['flaky without its attempts', withCheck(summary, { flaky: true }, 1)],
      ['a flaky check reported passed', withCheck(summary, { flaky: true, attempts: ['passed', 'failed'] }, 0)],
      ['baselined without its entry', withCheck(summary, { baselined: true }, 1)],
      ['a baselined pass', withCheck(summary, { baselined: true, baselineReason: 'r', baselineExpires: '2027-01-01' }, 0)],
      ['two baseline marks', withCheck(summary, { baselined: true, baselineFixed: true, baselineReason: 'r', baselineExpires: '2027-01-01' }, 1)],
      ['an id of another form', withCheck(summary, { id: 'WH-SIG-3' })],
    ];
    for (const [what, value] of broken) expect(summarySchemaErrors(JSON.parse(JSON.stringify(value))), what).not.toEqual([]);
  });

  it('fails a run\'s test loudly, naming each error (test/testing/run-wirecheck.ts)', () => {
    const json = JSON.parse(JSON.stringify(summaryOf(judged))) as Record<string, unknown>;
    expect(() => assertSummaryMatchesSchema({ ...json, exitCode: 2, cause: 'x' }, 'reports/x/summary.json'))
      .toThrow(/reports\/x\/summary.json does not match docs\/summary.schema.json[\s\S]*must NOT have additional properties[\s\S]*\/exitCode must be equal to one of the allowed values/);
    expect(() => assertSummaryMatchesSchema(json, 'reports/x/summary.json')).not.toThrow();
  });

  it('ships in the package', async () => {
    expect((await packedFiles()).has('docs/summary.schema.json')).toBe(true);
  }, 120_000);
});
