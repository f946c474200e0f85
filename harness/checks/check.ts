// How a suite implements a check: `check('WH-SIG-03', async (ctx) => { ... })`.
// The test title starts with the id; the definition (level, clause, needs) comes
// from the catalog (through the run context), so a suite cannot drift from what
// `wirecheck list` shows. What a reporter needs beyond pass/fail — which check it is,
// observation, transcript, reproduction — travels in the test's meta; the check's
// identity is put there when the test is declared, so a test that is skipped or
// filtered out carries it too.
import { performance } from 'node:perf_hooks';
import * as allure from 'allure-js-commons';
import { test, type TestContext } from 'vitest';
import type { CheckNeed, SystemCheck } from './check-definition.ts';
import { suiteRun, type SuiteRun } from './suite-run.ts';
import type { SystemFindings, SystemTarget, TargetKind } from '../target/target-info.ts';
import { Redactor, Transcript } from '../http/index.ts';
import { escapeControls } from '../http/escape-controls.ts';
import { checkMeta } from './check-meta.ts';
import { escapeError } from './escape-error.ts';
import { plainWords } from './plain-reason.ts';
import { PrerequisiteFailed, rootCauseOf, shownCause } from './root-cause.ts';
import { burstErrorIn } from '../http/send-pacer.ts';
import { pacedTime } from '../http/target-traffic.ts';
import { MAX_SCALE, scaledLimit, scaledNote } from '../target/machine-pace.ts';
import { BEYOND_STRETCH_HOLD_MS, holdsOfThisProcess } from '../target/process-holds.ts';
import { BUSY_MACHINE_ADVICE, HarnessError, harnessErrorIn } from './harness-error.ts';

export interface CheckContext {
  readonly check: SystemCheck;
  readonly run: SuiteRun;
  /** The target of the check's system. */
  readonly target: SystemTarget;
  /** Every exchange of this check, redacted; attached to the report when it fails. */
  readonly transcript: Transcript;
  /** Seed for property-based checks (the run's --seed). */
  readonly seed: number;
  /** An INFO check records what the target did; never judged. */
  observe(text: string): void;
  /** Skips the check with a reason shown in every report. */
  skip(reason: string): never;
  readonly signal: AbortSignal;
}

export type CheckBody = (ctx: CheckContext) => Promise<void> | void;

/** Why a check is skipped for a need its target lacks: what the run can do about it, which depends on the target's kind. */
const NEED_REASONS: Readonly<Record<CheckNeed, string | Readonly<Record<TargetKind, string>>>> = {
  probe: 'needs probe',
  'server-command': 'needs server command',
  'multi-instance': {
    reference: 'needs multi-instance: several instances on one store (the reference runs them on PostgreSQL: set DATABASE_URL or --database-url)',
    external: 'needs multi-instance: several instances of the deployment sharing one store (give --base-url once per instance)',
  },
  'event-version': 'needs --version-field: where the receiver reads an event\'s version (the spec does not say; the reference reads data.version)',
  'session-discovery': 'needs session discovery: a target started with *:session_discovery (--session-discovery)',
};

/** `found`: the preflight's findings for the check's system; where it looked for the need and found nothing, the reason says so. */
export function unmetNeed(def: SystemCheck, target: SystemTarget, found?: SystemFindings): string | undefined {
  const missing = (def.needs ?? []).find((need) => !target.capabilities.includes(need));
  if (missing === undefined) return undefined;
  const reason = NEED_REASONS[missing];
  const why = found?.unmet?.[missing];
  return `${typeof reason === 'string' ? reason : reason[target.kind]}${why ? `; ${why}` : ''}`;
}

/** The preflight's root cause for a need this check has, when it found one: the check fails with it at once. */
export function failedPrerequisite(def: SystemCheck, run: SuiteRun): string | undefined {
  const probe = run.findings?.[def.system]?.probe;
  return def.needs?.includes('probe') && probe ? `the probe could not be relied on: ${probe}` : undefined;
}

/** Past vitest's own timeout a test is abandoned without its evidence: the check's limit comes first. */
const EVIDENCE_MARGIN_MS = 5_000;

/** Under --rate-limit, vitest's own limit is this far out: the check's, which leaves the waits out, comes first. */
const PACED_VITEST_LIMIT_MS = 24 * 60 * 60 * 1000;

/** How long ago the check last heard from its target, and where its transcript is, as a clause of the limit's reason: a reason names a transcript only where there is one. */
function lastHeard(transcript: Transcript): string {
  const at = transcript.lastExchangeAt;
  const heard = at === undefined ? 'no exchange with the target had ended yet' : `its last exchange with the target ended ${((performance.now() - at) / 1000).toFixed(1)} s before`;
  return transcript.entries.length > 0 ? `${heard}, and its transcript shows how far it got` : `${heard}, and it had recorded nothing yet`;
}

/**
 * The body, or a HarnessError naming the limit once it passes (the body is left behind;
 * the evidence is kept). The limit is the harness's own, never the spec's: running out
 * says nothing of the target — each of the check's exchanges has a limit of its own, and
 * a target that stops answering fails there — so it ends the check `error`. It is
 * stretched for a busy machine (machine-pace.ts). Time spent waiting for --rate-limit's
 * slots is not the target's either: the limit is moved on by it.
 */
async function withinLimit(body: Promise<void>, limitMs: number, id: string, transcript: Transcript): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const pacedAtStart = pacedTime();
  const limit = new Promise<never>((_, reject) => {
    const arm = (ms: number, granted: number) => {
      timer = setTimeout(() => {
        const paced = pacedTime() - pacedAtStart;
        if (paced > granted) return arm(paced - granted, paced);
        reject(new HarnessError('limit', `${id} did not finish within ${limitMs / 1000} s${scaledNote()}; ${lastHeard(transcript)}`, BUSY_MACHINE_ADVICE));
      }, ms);
    };
    arm(limitMs, 0);
  });
  try {
    await Promise.race([body, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A failure seen while the machine held the harness longer than its limits stretch for
 * (process-holds.ts): the harness's trouble, saying what it saw. A target starved of the
 * same CPU misses waits it meets on any usable machine, so the run is inconclusive (exit
 * 4) rather than certifying anything; the failure, if it is one, shows on a calmer machine.
 */
async function heldTrouble(error: unknown, id: string, startedAt: number): Promise<{ kind: 'machine-busy'; reason: string } | undefined> {
  if (error instanceof PrerequisiteFailed) return undefined;
  // One turn of timers first: a hold that ended as the failure was seen is told by a tick still to fire.
  await new Promise((resolve) => setTimeout(resolve, 1));
  const held = holdsOfThisProcess().longestBetween(startedAt, performance.now());
  if (held < BEYOND_STRETCH_HOLD_MS) return undefined;
  const saw = ((error as Error | null | undefined)?.message ?? String(error)).split('\n')[0];
  return {
    kind: 'machine-busy',
    reason: `the harness could not judge this check: the machine held the harness ${(held / 1000).toFixed(1)} s at once while ${id} ran, longer than its own limits stretch for (×${MAX_SCALE}), and a target starved as long misses waits it meets on a usable machine; what it saw: ${saw} — ${BUSY_MACHINE_ADVICE}`,
  };
}

async function label(def: SystemCheck): Promise<void> {
  await allure.parentSuite(def.system);
  await allure.suite(def.area);
  await allure.label('checkId', def.id);
  await allure.label('level', def.level);
  await allure.label('clause', def.clause);
  await allure.severity(def.level === 'MUST' ? 'critical' : def.level === 'SHOULD' ? 'normal' : 'trivial');
  const basis = def.basis ? `\n\n${def.basis.source ?? 'The spec'}: "${def.basis.quote}"` : '';
  await allure.description(`Clause: ${def.clause}${basis}${def.allows ? `\n\nAllowed: ${def.allows}` : ''}`);
}

function context(def: SystemCheck, run: SuiteRun, target: SystemTarget, vitest: TestContext): CheckContext {
  const meta = checkMeta(vitest.task);
  return {
    check: def,
    run,
    target,
    transcript: new Transcript(new Redactor({ secrets: [...run.secrets] })),
    seed: run.seed,
    // What a target did, often in its own words: shown on one line, its controls escaped.
    observe(text) {
      const shown = escapeControls(text);
      meta.observed = meta.observed ? `${meta.observed}; ${shown}` : shown;
    },
    skip: (reason) => vitest.skip(escapeControls(reason)) as never,
    signal: vitest.signal,
  };
}

async function attachEvidence(ctx: CheckContext, vitest: TestContext): Promise<void> {
  const meta = checkMeta(vitest.task);
  meta.transcript = ctx.transcript.toText();
  meta.reproduce = `${ctx.run.reproduce} --only ${ctx.check.id}`;
  meta.seed = ctx.seed;
  await allure.attachment('transcript', meta.transcript, 'text/plain');
  await allure.attachment('reproduce', meta.reproduce, 'text/plain');
}

export function check(id: string, body: CheckBody, options: { timeout?: number } = {}): void {
  // The run hands its checks' definitions over with everything else (the catalog lives
  // with the systems, harness/systems/, which this folder does not import).
  const def = suiteRun().checks.find((c) => c.id === id);
  if (!def) throw new Error(`check ${id} is not declared in its system's catalog (harness/systems/<system>/checks.ts)`);
  // Stretched for a busy machine: suiteRun() has set this process's scale from the run's measure.
  const limitMs = scaledLimit(options.timeout ?? 30_000);
  // Watching from the start, so a hold before the check's first moment is seen too.
  holdsOfThisProcess();
  const meta = { wirecheck: { check: { id: def.id, system: def.system, level: def.level } } };
  const vitestLimitMs = suiteRun().traffic?.rateLimit ? PACED_VITEST_LIMIT_MS : limitMs + EVIDENCE_MARGIN_MS;
  test(`${def.id} ${def.title}`, { timeout: vitestLimitMs, meta }, async (vitest) => {
    const run = suiteRun();
    const target = run.targets[def.system];
    if (!target) return vitest.skip(`not applicable: no ${def.system} target in this run`);
    await label(def);
    const unmet = unmetNeed(def, target, run.findings?.[def.system]);
    if (unmet) return vitest.skip(unmet);
    const ctx = context(def, run, target, vitest);
    const startedAt = performance.now();
    try {
      const failed = failedPrerequisite(def, run);
      if (failed) throw new PrerequisiteFailed(failed);
      await withinLimit(Promise.resolve(body(ctx)), limitMs, def.id, ctx.transcript);
      if (run.keepTranscripts) await attachEvidence(ctx, vitest);
    } catch (error) {
      // A skip is no failure: it leaves as it came (vitest's skip is thrown, code VITEST_PENDING).
      if ((error as { code?: unknown }).code === 'VITEST_PENDING') throw error;
      // Requests that must go together, more than --rate-limit allows at once: not run, saying why.
      const burst = burstErrorIn(error);
      if (burst) return vitest.skip(burst.message);
      await attachEvidence(ctx, vitest);
      // The harness's own trouble is no finding about the target, whatever the level: `error`, saying what to do.
      const trouble = harnessErrorIn(error) ?? (def.level !== 'INFO' ? await heldTrouble(error, def.id, startedAt) : undefined);
      if (trouble) {
        checkMeta(vitest.task).error = escapeControls(trouble.reason);
        await allure.label('outcome', 'error');
        throw escapeError(new Error(trouble.reason, { cause: error }));
      }
      // An INFO check never judges: a failure to observe is itself the observation.
      if (def.level !== 'INFO') {
        // A fault many checks share is said once in the reports, the checks under it.
        const cause = rootCauseOf(error);
        if (cause) checkMeta(vitest.task).cause = shownCause(cause, ctx.transcript.redactor);
        throw escapeError(plainWords(error));
      }
      ctx.observe(`could not observe: ${(error as Error).message.split('\n')[0]}`);
    }
    // What an INFO check recorded, for Allure too (its status there: report/allure-status.ts).
    const { observed } = checkMeta(vitest.task);
    if (def.level === 'INFO' && observed) await allure.attachment('observed', observed, 'text/plain');
  });
}
