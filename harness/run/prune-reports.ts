// Report retention: each run leaves reports/<run-id>/ (an Allure report alone is some
// 5 MB), and nothing removes them. `wirecheck reports prune --keep N` and `run
// --keep-reports N` keep the N newest wirecheck run dirs of a folder and delete the
// older ones — and nothing else: a dir is a wirecheck run's only when its name is a run
// id (run-config.ts's newRunId: its start, to the millisecond, UTC) and it holds what a
// run leaves, a summary.json of schema wirecheck.summary/v1 or the run-error.txt of a run
// that ended before its reports (run-certification.ts). Anything else — a dir named
// otherwise, one without those files, a file, a symbolic link — is never touched.
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** A run id as newRunId makes it: 2026-11-29T07-57-44-669Z-c1d9. */
export const RUN_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{4}$/;

/** What a run that ended before its reports leaves in its report dir (exit 2: a target unreachable, a set-up refused). */
export const RUN_ERROR_FILE = 'run-error.txt';
/** How run-error.txt starts. */
export const RUN_ERROR_HEADING = 'wirecheck run ended before its reports';

function holdsRun(dir: string): boolean {
  try {
    const summary = join(dir, 'summary.json');
    if (existsSync(summary) && (JSON.parse(readFileSync(summary, 'utf8')) as { schema?: unknown }).schema === 'wirecheck.summary/v1') return true;
  } catch {
    // Not JSON: not a summary wirecheck wrote.
  }
  const error = join(dir, RUN_ERROR_FILE);
  return existsSync(error) && readFileSync(error, 'utf8').startsWith(RUN_ERROR_HEADING);
}

export const MAX_KEEP = 10_000;

/** A --keep / --keep-reports value: a whole number from `min` to MAX_KEEP, or a problem. */
export function keepCountOf(flag: string, raw: string | undefined, problems: string[], min = 0): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (/^\d+$/.test(raw) && n >= min && n <= MAX_KEEP) return n;
  problems.push(`${flag} "${raw}" must be a whole number from ${min} to ${MAX_KEEP}: how many of the newest run dirs to keep`);
  return undefined;
}

/** The wirecheck run dirs directly in `folder`, newest first (by run id: their start). */
export function runDirs(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => RUN_ID_PATTERN.test(name))
    .filter((name) => lstatSync(join(folder, name)).isDirectory() && holdsRun(join(folder, name)))
    .sort()
    .reverse();
}

export interface PruneResult {
  readonly folder: string;
  /** The run dirs kept, newest first (names). */
  readonly kept: readonly string[];
  /** The run dirs removed, newest first (names). */
  readonly removed: readonly string[];
}

/** Keeps the `keep` newest run dirs of `folder` (and `spare`, a dir never removed: the run's own), removing the older ones unless `dryRun`. */
export function pruneReports(folder: string, keep: number, options: { readonly dryRun?: boolean; readonly spare?: string } = {}): PruneResult {
  const dirs = runDirs(folder);
  const kept = dirs.slice(0, keep);
  const removed = dirs.slice(keep).filter((name) => join(folder, name) !== options.spare);
  if (!options.dryRun) for (const name of removed) rmSync(join(folder, name), { recursive: true, force: true });
  return { folder, kept: [...kept, ...dirs.slice(keep).filter((name) => !removed.includes(name))], removed };
}

/** "reports: kept the 5 newest runs in reports/, removed 3 older ones (2026-11-…, …)" */
export function pruneLine(result: PruneResult, dryRun = false): string {
  const { kept, removed, folder } = result;
  const verb = dryRun ? 'would remove' : 'removed';
  const names = removed.length > 0 ? `: ${removed.slice(0, 3).join(', ')}${removed.length > 3 ? ` and ${removed.length - 3} more` : ''}` : '';
  return `reports  kept ${kept.length} run dir${kept.length === 1 ? '' : 's'} in ${folder}, ${verb} ${removed.length} older one${removed.length === 1 ? '' : 's'}${names}`;
}
