// Turns what vitest reported into one CheckResult per selected check. The catalog,
// not vitest, decides what is in the report: a selected check that never reported
// (its suite failed to load, no suite implements it) is judged, never dropped.
import type { SystemCheck } from '../checks/check-definition.ts';
import { judge, type Execution } from '../checks/outcome.ts';
import { plainReason } from '../checks/plain-reason.ts';
import type { RootCause } from '../checks/root-cause.ts';
import { escapeControls } from '../http/escape-controls.ts';
import { BUSY_MACHINE_ADVICE } from '../checks/harness-error.ts';
import type { CheckResult } from './check-result.ts';
import type { ReportedTest } from './check-reporter.ts';

/** vitest's own limit on a test (check()'s comes first; past vitest's, the check was abandoned): the harness's, never the target's. */
const VITEST_TIMEOUT = /^Test timed out in \d+ms/;

/** The harness's own trouble, as check() recorded it or vitest reported it. */
function harnessTrouble(test: ReportedTest): string | undefined {
  if (test.meta?.error !== undefined) return test.meta.error;
  const first = test.errors[0] ?? '';
  const timeout = VITEST_TIMEOUT.exec(first)?.[0];
  if (timeout) return `the harness could not judge this check: ${timeout} (the test runner's own limit) — ${BUSY_MACHINE_ADVICE}`;
  return undefined;
}

function execution(test: ReportedTest | undefined): Execution {
  if (!test) return 'missing';
  if (test.state === 'passed') return 'held';
  if (test.state === 'failed') return harnessTrouble(test) === undefined ? 'broken' : 'inconclusive';
  return 'skipped';
}

function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/**
 * Text for a result, from an error vitest reported: without the colours vitest adds to
 * its diffs, and with every other control escaped. A check escapes what it throws
 * (escape-error.ts); this covers what it did not throw itself — a suite that failed to
 * load, an error vitest made — so no result holds a raw control.
 */
function shown(text: string, keepNewlines = false): string {
  return escapeControls(stripAnsi(text), { keepNewlines });
}

function reasonOf(test: ReportedTest | undefined, runErrors: readonly string[]): string | undefined {
  if (!test) return shown(`the harness could not judge this check: it did not run (${runErrors[0] ?? 'no suite implements this check'}) — ${NOT_RUN_ADVICE}`);
  const trouble = test.state === 'failed' ? harnessTrouble(test) : undefined;
  if (trouble !== undefined) return shown(trouble);
  if (test.state === 'skipped') return shown(test.note ?? 'skipped');
  // check() put its failure in words; an error it did not throw (vitest's own) may still read as chai's.
  if (test.state === 'failed') return shown(plainReason((test.errors[0] ?? 'failed').split('\n')[0] ?? ''));
  return undefined;
}

/** A check that never reported: its suite could not load, or the run was cut short. */
const NOT_RUN_ADVICE = 'not a finding about the target; if a module is missing, reinstall wirecheck; otherwise run again, and report it if it persists';

/** The cause check() recorded, every field shown on one line. */
function causeOf(cause: RootCause): RootCause {
  return { kind: cause.kind, description: shown(cause.description), ...(cause.bytes !== undefined ? { bytes: shown(cause.bytes) } : {}) };
}

export function collectResults(
  selected: readonly SystemCheck[],
  reported: ReadonlyMap<string, ReportedTest>,
  runErrors: readonly string[],
  strict: boolean,
): CheckResult[] {
  return selected.map((check) => {
    const test = reported.get(check.id);
    const outcome = judge(check.level, execution(test), strict);
    const meta = test?.meta;
    const failedLike = outcome === 'failed' || outcome === 'warned' || outcome === 'error';
    return {
      check,
      outcome,
      ...(outcome !== 'passed' && outcome !== 'info' ? { reason: reasonOf(test, runErrors) } : {}),
      ...(failedLike && test?.errors.length ? { detail: shown(test.errors.join('\n\n'), true) } : {}),
      ...(failedLike && outcome !== 'error' && meta?.cause ? { cause: causeOf(meta.cause) } : {}),
      ...(meta?.observed !== undefined ? { observed: shown(meta.observed) } : {}),
      durationMs: Math.round(test?.durationMs ?? 0),
      // Present for failed and warned checks — for every check when the run keeps them (replay).
      ...(meta?.transcript ? { transcript: escapeControls(meta.transcript, { keepNewlines: true }) } : {}),
      ...(meta?.reproduce && outcome !== 'passed' ? { reproduce: meta.reproduce } : {}),
      ...(meta?.seed !== undefined ? { seed: meta.seed } : {}),
    };
  });
}
