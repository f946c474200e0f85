// Report retention removes the oldest wirecheck run dirs and nothing else: not a folder
// named otherwise, not one named like a run that holds no run's files, not a file, not a
// symbolic link, not the run's own dir.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newRunId } from './run-config.ts';
import { keepCountOf, pruneLine, pruneReports, RUN_ERROR_FILE, RUN_ERROR_HEADING, RUN_ID_PATTERN, runDirs } from './prune-reports.ts';

let folder = '';
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = '';
});

/** A run dir as a run leaves it: summary.json (or run-error.txt), and an Allure report for weight. */
function fakeRun(name: string, kind: 'summary' | 'error' = 'summary'): string {
  const dir = join(folder, name);
  mkdirSync(join(dir, 'allure-report'), { recursive: true });
  writeFileSync(join(dir, 'allure-report', 'index.html'), '<html></html>');
  if (kind === 'summary') writeFileSync(join(dir, 'summary.json'), JSON.stringify({ schema: 'wirecheck.summary/v1', exitCode: 1 }));
  else writeFileSync(join(dir, RUN_ERROR_FILE), `${RUN_ERROR_HEADING} (exit 2)\n…`);
  return dir;
}

/** Run ids a minute apart (each with its own random suffix, drawn once). */
const IDS = Array.from({ length: 8 }, (_, minute) => newRunId(new Date(Date.UTC(2026, 10, 29, 9, minute, 0, 0))));
const at = (minute: number): string => IDS[minute] ?? '';

describe('pruning reports/', () => {
  it('names run dirs as newRunId does', () => {
    expect(newRunId()).toMatch(RUN_ID_PATTERN);
    expect('pacts').not.toMatch(RUN_ID_PATTERN);
  });

  it('keeps the N newest wirecheck run dirs, removes the older ones, and touches nothing else', () => {
    folder = mkdtempSync(join(tmpdir(), 'wirecheck-prune-'));
    const runs = [at(1), at(2), at(3), at(4), at(5)];
    fakeRun(runs[0] ?? '');
    fakeRun(runs[1] ?? '', 'error');
    for (const run of runs.slice(2)) fakeRun(run);
    // Not wirecheck's, or not recognisably a run's: all stay.
    mkdirSync(join(folder, 'pacts'));
    writeFileSync(join(folder, 'pacts', 'x.json'), '{}');
    mkdirSync(join(folder, 'my-notes'));
    writeFileSync(join(folder, 'my-notes', 'summary.json'), JSON.stringify({ schema: 'wirecheck.summary/v1' }));
    mkdirSync(join(folder, at(0)));
    writeFileSync(join(folder, at(0), 'summary.json'), JSON.stringify({ schema: 'someone-else/v2' }));
    writeFileSync(join(folder, at(6)), 'a file named like a run');
    const elsewhere = mkdtempSync(join(tmpdir(), 'wirecheck-prune-target-'));
    writeFileSync(join(elsewhere, 'summary.json'), JSON.stringify({ schema: 'wirecheck.summary/v1' }));
    symlinkSync(elsewhere, join(folder, at(7)));
    writeFileSync(join(folder, 'README.md'), 'output only');

    expect(runDirs(folder)).toEqual([...runs].reverse());
    const dry = pruneReports(folder, 2, { dryRun: true });
    expect(dry.removed).toEqual([runs[2], runs[1], runs[0]]);
    expect(readdirSync(folder)).toHaveLength(11);
    expect(pruneLine(dry, true)).toBe(`reports  kept 2 run dirs in ${folder}, would remove 3 older ones: ${runs[2]}, ${runs[1]}, ${runs[0]}`);

    const result = pruneReports(folder, 2);
    expect(result).toEqual({ folder, kept: [runs[4], runs[3]], removed: [runs[2], runs[1], runs[0]] });
    expect(readdirSync(folder).sort()).toEqual(['README.md', 'my-notes', 'pacts', at(0), runs[3], runs[4], at(6), at(7)].sort());
    expect(existsSync(join(elsewhere, 'summary.json')), 'a link is not followed').toBe(true);
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('never removes the run\'s own dir, and does nothing in a folder that is not there', () => {
    folder = mkdtempSync(join(tmpdir(), 'wirecheck-prune-'));
    const own = fakeRun(at(1));
    fakeRun(at(2));
    fakeRun(at(3));
    expect(pruneReports(folder, 1, { spare: own })).toEqual({ folder, kept: [at(3), at(1)], removed: [at(2)] });
    expect(existsSync(own)).toBe(true);
    expect(pruneReports(join(folder, 'missing'), 1)).toEqual({ folder: join(folder, 'missing'), kept: [], removed: [] });
  });

  it('takes a whole number of dirs to keep', () => {
    const problems: string[] = [];
    expect([keepCountOf('--keep', '3', problems), keepCountOf('--keep', '0', problems), keepCountOf('--keep-reports', '0', problems, 1), keepCountOf('--keep', '-1', problems), keepCountOf('--keep', '2.5', problems)])
      .toEqual([3, 0, undefined, undefined, undefined]);
    expect(problems).toEqual([
      '--keep-reports "0" must be a whole number from 1 to 10000: how many of the newest run dirs to keep',
      '--keep "-1" must be a whole number from 0 to 10000: how many of the newest run dirs to keep',
      '--keep "2.5" must be a whole number from 0 to 10000: how many of the newest run dirs to keep',
    ]);
  });
});
