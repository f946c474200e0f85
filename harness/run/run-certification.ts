// `wirecheck run`: options → targets → suites (vitest Node API) → reports → exit code.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckResult } from '../report/check-result.ts';
import { causeLines, finalTable } from '../report/terminal.ts';
import type { RunConfig } from './run-config.ts';
import { startTargets, stopTargets, targetsBySystem } from './start-targets.ts';
import { withUnstartedResults } from './unstarted-results.ts';
import { preflightTargets, withDiscoveries } from './preflight-targets.ts';
import type { SuiteRun } from '../checks/suite-run.ts';
import type { SystemTarget } from '../target/target-info.ts';
import { checksOf } from '../systems/catalog.ts';
import { moduleOf } from '../systems/registry.ts';
import { HARNESS_VERSION } from '../version.ts';
import { EXIT } from '../exit-codes.ts';
import type { Output } from '../report/output.ts';
import { selectChecks } from './select-checks.ts';
import { writeReports } from './write-reports.ts';
import { runRecord } from '../report/run-record.ts';
import { exitCodeOf, verdictLine } from '../report/verdict.ts';
import { baselineLines, flakyLines } from '../report/evidence-lines.ts';
import type { SummaryBaseline, SummaryEvidence } from '../report/summary.ts';
import { mergeAttempts } from '../evidence/flakes/merge-attempts.ts';
import { judgeBaseline } from '../evidence/baseline/judge-baseline.ts';
import { utcDay } from '../evidence/baseline/baseline-entry.ts';
import { fingerprintTargets, type SystemFingerprint } from '../evidence/bundle/target-fingerprint.ts';
import type { EvidenceFiles } from '../evidence/write-evidence.ts';
import { setResponseBudget } from '../http/response-budget.ts';
import { startTargetTraffic, type RunTraffic } from './start-target-traffic.ts';
import { measureMachine, paceLine, setLimitScale } from '../target/machine-pace.ts';
import { recordedTargetKind, targetPhrase } from './recorded-target.ts';
import { pruneLine, pruneReports, RUN_ERROR_FILE, RUN_ERROR_HEADING } from './prune-reports.ts';
import { Redactor } from '../http/redactor.ts';

export interface RunResult {
  readonly exitCode: number;
  readonly results: readonly CheckResult[];
}

export { exitCodeOf } from '../report/verdict.ts';

/** The run's secrets: from every system's options, those a started target made (the reference's own tokens), the secret extra headers. */
function secretsOf(config: RunConfig, targets: Partial<Record<string, SystemTarget>> = {}): string[] {
  const all = [
    ...Object.entries(config.own).flatMap(([name, own]) => moduleOf(name).secrets(own, targets[name])),
    ...config.extraHeaders.filter((h) => h.secret).map((h) => h.value),
  ];
  return [...new Set(all.filter(Boolean))];
}

/**
 * A run that ends before its reports (a target that cannot be reached or started, a set-up
 * the preflight refuses: exit 2) keeps the report dir it announced, saying why in
 * run-error.txt, beside what it holds already (preflight.txt, a reference's log).
 */
function keepRunError(config: RunConfig, error: unknown, secrets: readonly string[], startedAt: Date): void {
  const message = error instanceof Error ? error.message : String(error);
  const text = [
    `${RUN_ERROR_HEADING} (exit 2): there is no summary.json; why is below`,
    `wirecheck ${HARNESS_VERSION} — ${targetPhrase(config, config.systems)}`,
    `started ${startedAt.toISOString()} · seed ${config.seed}`,
    `reproduce: ${config.reproduce}`,
    '',
    message,
    '',
  ].join('\n');
  try {
    mkdirSync(config.reportDir, { recursive: true });
    writeFileSync(join(config.reportDir, RUN_ERROR_FILE), new Redactor({ secrets: [...secrets] }).redactText(text));
  } catch {
    // The report dir cannot be written: the message on stderr is all there is.
  }
}

/** --keep-reports N, once this run's reports are written: a folder that cannot be pruned is said, and changes nothing of the run. */
function keepNewestReports(keep: NonNullable<RunConfig['keepReports']>, own: string, io: Output): void {
  try {
    io.out(pruneLine(pruneReports(keep.folder, keep.count, { spare: own })));
  } catch (error) {
    io.err(`wirecheck: --keep-reports: ${keep.folder} could not be pruned: ${(error as Error).message}`);
  }
}

/** --repeat merged, then --baseline applied (judged against the UTC day the run started). */
function judgeRun(attempts: readonly (readonly CheckResult[])[], config: RunConfig, startedAt: Date): { results: CheckResult[]; evidence: SummaryEvidence } {
  const merged = mergeAttempts(attempts, config.strict);
  const judged = config.baseline ? judgeBaseline(merged, config.baseline, utcDay(startedAt)) : { results: merged };
  const baseline: SummaryBaseline | undefined = 'summary' in judged ? judged.summary : undefined;
  const evidence: SummaryEvidence = {
    harnessVersion: HARNESS_VERSION, ...(config.repeat > 1 ? { repeat: config.repeat } : {}), ...(baseline ? { baseline } : {}),
    ...(config.failOnSkippedMust ? { failOnSkippedMust: true } : {}),
  };
  return { results: judged.results, evidence };
}

function printEvidence(io: Output, evidence: EvidenceFiles): void {
  for (const file of evidence.scrubbed) io.err(`wirecheck: redacted a secret that reached ${file}`);
  io.out(`html     ${evidence.html}`);
  if (evidence.bundle) io.out(`bundle   ${evidence.bundle.file} (${evidence.bundle.fileCount} files, ${evidence.bundle.signed ? 'manifest signed' : 'manifest UNSIGNED: add --sign-key KEY.pem'})`);
}

type ReportOptions = { allure: boolean; commandLine?: string; keepTranscripts?: boolean };

/** `headers X-Trace, X-Api-Key (secret) · at most 20 requests/s`: the run's traffic rules, when it has any. */
function trafficLine(config: RunConfig): string | undefined {
  const parts = [
    ...(config.extraHeaders.length > 0 ? [`extra headers ${config.extraHeaders.map((h) => `${h.name}${h.secret ? ' (secret)' : ''}`).join(', ')}`] : []),
    ...(config.rateLimit ? [`at most ${config.rateLimit.text.replace('/', ' requests/')} to the target`] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

export async function runCertification(config: RunConfig, io: Output, options: ReportOptions): Promise<RunResult> {
  // This process's clients (the preflight, the fingerprint) read within the run's budget
  // and send within its traffic rules too; the rate limit's coordinator lasts the run.
  setResponseBudget(config.maxResponseBytes);
  const traffic = await startTargetTraffic(config);
  try {
    return await certify(config, io, options, traffic);
  } finally {
    await traffic.stop();
  }
}

async function certify(config: RunConfig, io: Output, options: ReportOptions, traffic: RunTraffic): Promise<RunResult> {
  const startedAt = new Date();
  const selected = selectChecks(config);
  const systems = config.systems.filter((s) => selected.some((c) => c.system === s));
  const fault = config.faults.length > 0 ? `, broken on purpose by --reference-fault ${config.faults.join(',')} (the self-test's deliberate bugs)` : '';
  io.out(`wirecheck ${HARNESS_VERSION} — ${targetPhrase(config, config.systems)}${fault}`);
  io.out(`seed ${config.seed} · ${selected.length} check${selected.length === 1 ? '' : 's'} selected · reports in ${config.reportDir}`);
  const rules = trafficLine(config);
  if (rules) io.out(rules);
  mkdirSync(config.reportDir, { recursive: true });
  if (selected.length === 0) {
    io.err(`no check matches --only "${config.only?.spec ?? ''}" in ${config.systems.join(', ')}: nothing was executed (\`wirecheck list\` shows every id)`);
    const record = runRecord({
      config: { ...config, target: recordedTargetKind(config) }, results: [], baseUrl: config.baseUrl ?? '', startedAt, exitCode: EXIT.vacuous, evidence: { harnessVersion: HARNESS_VERSION }, setup: { targets: [], faults: config.faults },
    });
    const files = await writeReports(record, { config, allure: false, secrets: secretsOf(config), commandLine: options.commandLine ?? config.reproduce, fingerprint: [] });
    printEvidence(io, files.evidence);
    return { exitCode: EXIT.vacuous, results: [] };
  }
  // vitest is the heaviest import of a run: load it while the targets start.
  const suiteRunner = import('./run-attempts.ts');
  // The machine, measured while vitest loads and before any target is reached: on a busy
  // one the harness's own limits (a target's first answer, a reference's start-up, a
  // check's wall clock, a sender command's first attempt) stretch, here and in the suites.
  const pace = await measureMachine();
  setLimitScale(pace.scale);
  io.out(paceLine(pace));
  const { started, unstarted } = await startTargets(config, systems, { needs: new Set(selected.flatMap((c) => c.needs ?? [])) }, io).catch((error: unknown) => {
    // A target that could not be reached: the report dir announced above says so (a reference's start-up log beside it).
    keepRunError(config, error, secretsOf(config), startedAt);
    throw error;
  });
  // The checks of a system the harness could not start (its own limit ran out) end `error`; the rest run.
  const runnable = selected.filter((c) => !unstarted.some((u) => u.system === c.system));
  const scratchDir = mkdtempSync(join(tmpdir(), 'wirecheck-run-'));
  let reported = false;
  try {
    const targets = targetsBySystem(started);
    const secrets = secretsOf(config, targets);
    const findings = await preflightTargets(started.map((s) => s.target), { config, secrets, scratchDir, out: (line) => io.out(line) });
    const { runAttempts } = await suiteRunner;
    const suiteRun: SuiteRun = {
      seed: config.seed, strict: config.strict, reportDir: config.reportDir, reproduce: config.reproduce, targets: withDiscoveries(targets, findings), secrets,
      scratchDir, workTimeoutMs: config.workTimeoutMs, maxResponseBytes: config.maxResponseBytes, traffic: traffic.traffic, findings, limitScale: pace.scale,
      keepTranscripts: options.keepTranscripts === true, checks: systems.flatMap((s) => checksOf(s)),
    };
    // Before the suites: what the target answers to its preflight request, for the bundle's manifest.
    const fingerprint: SystemFingerprint[] = config.bundle ? await fingerprintTargets(started.map((s) => s.target)) : [];
    const ran = runnable.length === 0 ? [[]] : await runAttempts({ selected: runnable, suiteRun, repeat: config.repeat, workers: config.workers, strict: config.strict, io });
    const attempts = ran.map((results) => withUnstartedResults(selected, results, unstarted));
    const { results, evidence } = judgeRun(attempts, config, startedAt);
    const exitCode = exitCodeOf(results, config);
    const baseUrl = started.map((s) => s.target.baseUrl).join(' ');
    // The run's one record: every report is written from it, each once.
    const setup = { targets: started.map((s) => ({ system: s.target.system, baseUrl: s.target.baseUrl, kind: s.target.kind })), faults: config.faults };
    const record = runRecord({ config: { ...config, target: recordedTargetKind(config, systems) }, results, baseUrl, startedAt, exitCode, evidence, setup });
    const files = await writeReports(record, { config, allure: options.allure, secrets, commandLine: options.commandLine ?? config.reproduce, fingerprint });
    reported = true;
    io.out(`\n${finalTable(results)}\n`);
    const causes = causeLines(results, io.color);
    if (causes.length > 0) io.out(`${causes.join('\n')}\n`);
    for (const line of [...flakyLines(results), ...baselineLines(results, evidence.baseline)]) io.out(line);
    io.out(`summary  ${files.summary}\njunit    ${files.junit}`);
    printEvidence(io, files.evidence);
    if (files.allureHtml) io.out(`allure   ${files.allureHtml}`);
    if (files.allureError) io.err(`wirecheck: the Allure HTML report could not be generated: ${files.allureError}`);
    if (config.keepReports) keepNewestReports(config.keepReports, config.reportDir, io);
    io.out(verdictLine(exitCode, results, config));
    return { exitCode, results };
  } catch (error) {
    // Ended before its reports (the preflight refused the set-up, or worse): the report dir says why.
    if (!reported) keepRunError(config, error, secretsOf(config, targetsBySystem(started)), startedAt);
    throw error;
  } finally {
    await stopTargets(started);
    rmSync(scratchDir, { recursive: true, force: true });
  }
}
