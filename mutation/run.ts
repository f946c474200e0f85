// npm run mutation [-- <system> ... [--mutate <files>]]: Stryker once per system
// (systems.mjs; default all of them, one after the other — each run uses both cores),
// then the score table of every system that has a report (score-by-system.ts).
// --mutate (Stryker's own option: comma-separated files or globs) re-tests part of a
// system; the incremental file keeps the results of the rest, so a long first run can
// be done in parts.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { MUTATION_SYSTEMS, mutationSystem } from './systems.mjs';

const ROOT = join(import.meta.dirname, '..');
const known = Object.keys(MUTATION_SYSTEMS);
const args = process.argv.slice(2);
const mutateAt = args.indexOf('--mutate');
const mutate = mutateAt >= 0 ? args[mutateAt + 1] : undefined;
if (mutateAt >= 0 && !mutate) {
  console.error('npm run mutation: --mutate needs a comma-separated list of files, e.g. --mutate reference-impl/device-server/app.ts');
  process.exit(2);
}
const asked = mutateAt >= 0 ? args.filter((_, i) => i !== mutateAt && i !== mutateAt + 1) : args;
const unknown = asked.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`npm run mutation: unknown system ${unknown.join(', ')}; choose from ${known.join(', ')} (none: all)`);
  process.exit(2);
}
if (!process.env['DATABASE_URL']) {
  console.error('npm run mutation: DATABASE_URL is not set, so the webhook runs on one PGlite instance: the multi-instance race check (WH-CONC-02) is skipped and the PostgreSQL store is not exercised');
}

// The package exports no path to its bin; it is a devDependency of this project.
const stryker = join(ROOT, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
let failed = false;
for (const system of asked.length > 0 ? asked : known) {
  console.log(`\n== mutation: ${system} ==`);
  // Stryker's --mutate replaces the config's list, exclusions included: a part keeps the
  // system's (its tests, its fault catalog, its entry points), or a glob such as
  // drivers/**/*.ts would mutate a test file.
  const exclusions = mutationSystem({ WIRECHECK_MUTATION_SYSTEM: system }).mutate.filter((glob) => glob.startsWith('!'));
  const part = mutate ? ['--mutate', [mutate, ...exclusions].join(',')] : [];
  const run = spawnSync(process.execPath, [stryker, 'run', 'mutation/stryker.config.mjs', ...part], {
    cwd: ROOT, stdio: 'inherit', env: { ...process.env, WIRECHECK_MUTATION_SYSTEM: system },
  });
  if (run.status !== 0) {
    console.error(`npm run mutation: Stryker failed for ${system} (exit ${run.status ?? run.signal})`);
    failed = true;
  }
}
const scores = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'mutation', 'score-by-system.ts')], { cwd: ROOT, stdio: 'inherit' });
process.exit(failed || scores.status !== 0 ? 1 : 0);
