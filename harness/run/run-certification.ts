// `wirecheck run`: options → targets → suites (vitest Node API) → reports → exit code.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckResult } from '../report/check-result.ts';
import { causeLines, finalTable } from '../report/terminal.ts';
import type { RunConfig } from './run-config.ts';
import { startTargets, stopTargets, targetsBySystem } from './start-targets.ts';
import { preflightTargets } from './preflight-targets.ts';
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

/** Removes a directory holding nothing but empty directories. */
function removeIfEmpty(dir: string): void {
  const empty = (path: string): boolean => readdirSync(path, { withFileTypes: true }).every((e) => e.isDirectory() && empty(join(path, e.name)));
  if (existsSync(dir) && empty(dir)) rmSync(dir, { recursive: true, force: true });
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
  io.out(`wirecheck ${HARNESS_VERSION} — ${config.systems.join(', ')} against the ${config.target === 'reference' ? 'bundled reference' : config.baseUrl ?? 'external target'}`);
  io.out(`seed ${config.seed} · ${selected.length} checks selected · reports in ${config.reportDir}`);
  const rules = trafficLine(config);
  if (rules) io.out(rules);
  mkdirSync(config.reportDir, { recursive: true });
  if (selected.length === 0) {
    io.err(`no check matches --only "${config.only?.spec ?? ''}" in ${config.systems.join(', ')}: nothing was executed (\`wirecheck list\` shows every id)`);
    const record = runRecord({
      config, results: [], baseUrl: config.baseUrl ?? '', startedAt, exitCode: EXIT.vacuous, evidence: { harnessVersion: HARNESS_VERSION }, setup: { targets: [], faults: config.faults },
    });
    const files = await writeReports(record, { config, allure: false, secrets: secretsOf(config), commandLine: options.commandLine ?? config.reproduce, fingerprint: [] });
    printEvidence(io, files.evidence);
    return { exitCode: EXIT.vacuous, results: [] };
  }
  // vitest is the heaviest import of a run: load it while the targets start.
  const suiteRunner = import('./run-attempts.ts');
  const started = await startTargets(config, systems, { needs: new Set(selected.flatMap((c) => c.needs ?? [])) }, io).catch((error: unknown) => {
    // A target that could not be reached leaves no empty report dir behind (a reference's start-up log stays).
    removeIfEmpty(config.reportDir);
    throw error;
  });
  const scratchDir = mkdtempSync(join(tmpdir(), 'wirecheck-run-'));
  try {
    const targets = targetsBySystem(started);
    const secrets = secretsOf(config, targets);
    const findings = await preflightTargets(started.map((s) => s.target), { config, secrets, scratchDir });
    const { runAttempts } = await suiteRunner;
    const suiteRun: SuiteRun = {
      seed: config.seed, strict: config.strict, reportDir: config.reportDir, reproduce: config.reproduce, targets, secrets,
      scratchDir, workTimeoutMs: config.workTimeoutMs, maxResponseBytes: config.maxResponseBytes, traffic: traffic.traffic, findings,
      keepTranscripts: options.keepTranscripts === true, checks: systems.flatMap((s) => checksOf(s)),
    };
    // Before the suites: what the target answers to its preflight request, for the bundle's manifest.
    const fingerprint: SystemFingerprint[] = config.bundle ? await fingerprintTargets(started.map((s) => s.target)) : [];
    const attempts = await runAttempts({ selected, suiteRun, repeat: config.repeat, workers: config.workers, strict: config.strict, io });
    const { results, evidence } = judgeRun(attempts, config, startedAt);
    const exitCode = exitCodeOf(results, config);
    const baseUrl = started.map((s) => s.target.baseUrl).join(' ');
    // The run's one record: every report is written from it, each once.
    const setup = { targets: started.map((s) => ({ system: s.target.system, baseUrl: s.target.baseUrl })), faults: config.faults };
    const record = runRecord({ config, results, baseUrl, startedAt, exitCode, evidence, setup });
    const files = await writeReports(record, { config, allure: options.allure, secrets, commandLine: options.commandLine ?? config.reproduce, fingerprint });
    io.out(`\n${finalTable(results)}\n`);
    const causes = causeLines(results, io.color);
    if (causes.length > 0) io.out(`${causes.join('\n')}\n`);
    for (const line of [...flakyLines(results), ...baselineLines(results, evidence.baseline)]) io.out(line);
    io.out(`summary  ${files.summary}\njunit    ${files.junit}`);
    printEvidence(io, files.evidence);
    if (files.allureHtml) io.out(`allure   ${files.allureHtml}`);
    if (files.allureError) io.err(`wirecheck: the Allure HTML report could not be generated: ${files.allureError}`);
    io.out(verdictLine(exitCode, results, config));
    return { exitCode, results };
  } finally {
    await stopTargets(started);
    rmSync(scratchDir, { recursive: true, force: true });
  }
}
