// Which tests reach which mutant, as Stryker's per-test coverage needs it, for suites
// whose code under test runs in a reference started per suite file:
//   - the reference starts (and its modules load) in beforeAll and stops in afterAll,
//     and its background work runs between tests — hits Stryker would count as
//     "static" (reached by every test of every file). They belong to the tests of
//     this file only: vitest isolates each file in a fresh worker, so every static
//     hit in this worker came from this file's reference, and is handed to each of
//     the file's tests when the file ends;
//   - child processes (the device server's CLI checks) count in their own globals and
//     hand their counts over as files at exit (child-coverage.mjs); they are added to
//     the test that was running.
// In a mutant run only the environment matters: it carries the active mutant.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Hits = Record<string, number>;
interface MutantCoverage {
  static: Hits;
  perTest: Record<string, Hits>;
}
interface StrykerGlobal {
  activeMutant?: string;
  currentTestId?: string;
  mutantCoverage?: MutantCoverage;
}

const PRELOAD = pathToFileURL(join(import.meta.dirname, 'child-coverage.mjs')).href;

function stryker(): StrykerGlobal {
  const g = globalThis as { __stryker__?: StrykerGlobal };
  return (g.__stryker__ ??= {});
}

function add(into: Hits, hits: Hits): void {
  for (const [id, n] of Object.entries(hits)) into[id] = (into[id] ?? 0) + n;
}

export class SuiteFileCoverage {
  private readonly dir = mkdtempSync(join(tmpdir(), 'wirecheck-mutation-coverage-'));
  private readonly testIds = new Set<string>();

  /** What every child process gets: the active mutant (mutant runs) and the coverage hook. */
  childEnv(base: NodeJS.ProcessEnv): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(base)) if (v !== undefined && k !== '__STRYKER_ACTIVE_MUTANT__') out[k] = v;
    const active = stryker().activeMutant;
    return {
      ...out,
      NODE_OPTIONS: `${out['NODE_OPTIONS'] ?? ''} --import ${PRELOAD}`.trim(),
      WIRECHECK_MUTATION_COVERAGE_DIR: this.dir,
      ...(active === undefined ? {} : { __STRYKER_ACTIVE_MUTANT__: String(active) }),
    };
  }

  private get coverage(): MutantCoverage | undefined {
    const ns = stryker();
    if (ns.activeMutant !== undefined) return undefined;
    return (ns.mutantCoverage ??= { static: {}, perTest: {} });
  }

  /** After each test (before Stryker forgets the test's id): the test's children's counts. */
  afterTest(): void {
    const testId = stryker().currentTestId;
    if (testId) this.testIds.add(testId);
    for (const name of readdirSync(this.dir)) {
      const path = join(this.dir, name);
      const counted = JSON.parse(readFileSync(path, 'utf8')) as Partial<MutantCoverage>;
      rmSync(path, { force: true });
      const coverage = this.coverage;
      if (!coverage) continue;
      const into = testId ? (coverage.perTest[testId] ??= {}) : coverage.static;
      for (const hits of [counted.static ?? {}, ...Object.values(counted.perTest ?? {})]) add(into, hits);
    }
  }

  /** When the file ends (its reference stopped): its static hits go to each of its tests. */
  afterFile(): void {
    this.afterTest();
    const coverage = this.coverage;
    if (coverage && this.testIds.size > 0) {
      for (const id of this.testIds) add(coverage.perTest[id] ??= {}, coverage.static);
      coverage.static = {};
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
