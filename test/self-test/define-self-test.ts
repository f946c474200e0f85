// The self-test of one system: the suite passes against the clean reference, and
// each deliberate fault of the reference makes the checks named for it fail. It is
// what makes "a check that cannot fail is a defect" a tested property, not a hope.
import { describe, expect, it } from 'vitest';
import { judgedRun, runWirecheck, outcomesById, type SummaryCheck, type WirecheckRun } from '../testing/run-wirecheck.ts';
import { databaseUrl, postgresSkipReason } from '../testing/postgres.ts';
import type { FaultExpectation } from './fault-expectation.ts';

export const SELF_TEST_SEED = '20261121';

export interface SelfTestOptions {
  readonly system: string;
  readonly expectations: readonly FaultExpectation[];
  /** Every check id of the system, from `wirecheck list --json`. */
  readonly checkIds: () => Promise<{ id: string; level: string; needs?: string[] }[]>;
  /** The reference keeps state in a database: also run the clean suite on PostgreSQL. */
  readonly postgres?: boolean;
}

function notPassing(run: WirecheckRun, allowedSkip: (reason: string) => boolean): string[] {
  return (run.summary?.checks ?? [])
    .filter((c) => !['passed', 'info'].includes(c.outcome) && !(c.outcome === 'skipped' && allowedSkip(c.reason ?? '')))
    .map((c) => `${c.id} ${c.outcome}: ${c.reason}`);
}

function describeFailures(run: WirecheckRun): string {
  const bad = (run.summary?.checks ?? []).filter((c) => c.outcome === 'failed' || c.outcome === 'warned' || c.outcome === 'skipped' || c.outcome === 'error');
  return `exit ${run.exitCode}\n${bad.map((c) => `${c.id} ${c.outcome}: ${c.reason ?? ''}`).join('\n')}\n${run.stderr.slice(-3000)}`;
}

export function defineSelfTest(options: SelfTestOptions): void {
  const { system, expectations } = options;

  // Where PostgreSQL is configured, every run of a database-backed reference uses it:
  // the multi-instance checks run, and a reference starts in a third of the time (an
  // embedded PGlite unpacks a 40 MB cluster). The clean run and the fault runs share
  // the store, so an INFO observation compared across them differs by the fault only.
  // (The embedded store's clean run is test/cli's: `serve` without DATABASE_URL.)
  const onPostgres = options.postgres === true && databaseUrl !== undefined;
  const store = onPostgres ? { DATABASE_URL: databaseUrl } : {};

  describe(`${system} self-test`, () => {
    it('names, for every check, a fault that makes it fail (or changes an INFO observation)', async () => {
      const checks = await options.checkIds();
      const failing = new Set(expectations.flatMap((e) => e.fails));
      const changing = new Set(expectations.flatMap((e) => e.changes ?? []));
      const blind = checks.filter((c) => (c.level === 'INFO' ? !changing.has(c.id) : !failing.has(c.id))).map((c) => c.id);
      expect(blind, 'checks that no fault of the self-test proves able to fail').toEqual([]);
    });

    // The clean run and the fault runs are child processes that mostly wait on
    // sockets: they run concurrently (vitest.config.ts maxConcurrency bounds how many
    // at once), the clean run first, as the longest. A fault run that compares an INFO
    // observation with the clean run's waits for it only then.
    let cleanRun: Promise<WirecheckRun> | undefined;
    const clean = (): Promise<WirecheckRun> =>
      // The longest run of the file, beside the fault runs: more time than the others.
      (cleanRun ??= judgedRun(['run', system, '--seed', SELF_TEST_SEED, '--strict', '--no-allure'], { env: store, timeoutMs: 600_000 }));

    it.concurrent(`passes every check against the clean reference${onPostgres ? ' on PostgreSQL, several instances where it scales out' : ''}`, async ({ expect }) => {
      const run = await clean();
      expect(run.exitCode, describeFailures(run)).toBe(0);
      expect(notPassing(run, (reason) => !onPostgres && reason.startsWith('needs multi-instance'))).toEqual([]);
    }, 2_400_000); // up to three runs, each after the machine calmed down (judgedRun)

    for (const expectation of expectations) {
      const skip = expectation.needsPostgres && !onPostgres ? postgresSkipReason() ?? 'needs PostgreSQL' : undefined;
      const { preflight } = expectation;
      if (preflight) {
        it.concurrent(`fault ${expectation.fault}: the preflight ends a run of ${preflight.only.join(', ')} with exit 2, naming why`, async ({ expect }) => {
          const run = await runWirecheck(
            ['run', system, '--seed', SELF_TEST_SEED, '--no-allure', '--only', preflight.only.join(','), '--reference-fault', expectation.fault],
            { env: store },
          );
          expect(run.exitCode, describeFailures(run)).toBe(2);
          expect(run.stderr).toContain(preflight.message);
        }, 600_000);
        continue;
      }
      const what = [...expectation.fails.map((id) => `fails ${id}`), ...(expectation.changes ?? []).map((id) => `changes ${id}`)].join(', ');
      it.concurrent(`fault ${expectation.fault}${expectation.needsPostgres ? ' (PostgreSQL, several instances)' : ''}: ${what}`, async (ctx) => {
        if (skip) return ctx.skip(skip);
        const { expect } = ctx;
        const ids = [...expectation.fails, ...(expectation.changes ?? [])];
        const run = await judgedRun(
          ['run', system, '--seed', SELF_TEST_SEED, '--strict', '--no-allure', ...(expectation.runArgs ?? []), '--only', ids.join(','), '--reference-fault', expectation.fault],
          { env: store },
        );
        const outcomes = outcomesById(run.summary);
        // A fault that only changes INFO observations gates nothing: exit 0 is right for it.
        expect(run.exitCode, describeFailures(run)).toBe(expectation.fails.length > 0 ? 1 : 0);
        for (const id of expectation.fails) {
          expect(outcomes.get(id)?.outcome, `${id} under fault ${expectation.fault}: ${outcomes.get(id)?.reason ?? 'no result'}`).toBe('failed');
        }
        const cleanOutcomes = (expectation.changes ?? []).length > 0 ? outcomesById((await clean()).summary) : new Map<string, SummaryCheck>();
        for (const id of expectation.changes ?? []) {
          const before = cleanOutcomes.get(id)?.observed;
          expect(outcomes.get(id)?.observed, `${id}: the observation must change under ${expectation.fault}`).not.toBe(before);
        }
      }, 2_400_000); // up to three runs, each after the machine calmed down (judgedRun)
    }
  });
}

/** `wirecheck list <system> --json`, through the real executable. */
export async function listChecks(system: string): Promise<{ id: string; level: string; needs?: string[] }[]> {
  const run = await runWirecheck(['list', system, '--json']);
  if (run.exitCode !== 0) throw new Error(`wirecheck list failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { id: string; level: string; needs?: string[] }[];
}
