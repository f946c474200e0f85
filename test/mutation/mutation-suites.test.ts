// The mutation run collects the suites under its own vitest config (mutation/vitest.config.ts),
// where no `wirecheck run` provides the run: its setup file does. When that broke (check()
// came to read its definition from the run while a file is collected, before the setup's
// beforeAll had made one), Stryker found no test at all and stopped. This lists, for the
// shared code's run (the webhook and resource API suites), every test the config collects
// and compares it with the suite index: each check of those suite files, once.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { moduleOf } from '../../harness/systems/registry.ts';
import { mutationSystem } from '../../mutation/systems.mjs';

const NOT_RUN = /^suites\/webhook\/sender\//;

describe('the mutation run', () => {
  it('collects every check of its suites, each once', () => {
    const listed = spawnSync('npx', ['vitest', 'list', '--config', 'mutation/vitest.config.ts', '--json'], {
      encoding: 'utf8',
      env: { ...process.env, WIRECHECK_MUTATION_SYSTEM: 'shared' },
      timeout: 120_000,
    });
    expect(listed.status, listed.stderr.slice(-2000)).toBe(0);
    const ids = (JSON.parse(listed.stdout) as { name: string }[]).map((t) => t.name.split(' ')[0] ?? '');
    const { suites } = mutationSystem({ WIRECHECK_MUTATION_SYSTEM: 'shared' });
    const expected = suites.flatMap((system) =>
      Object.entries(moduleOf(system).suites).filter(([file]) => !NOT_RUN.test(file)).flatMap(([, checks]) => checks));
    expect(expected.length).toBeGreaterThan(100);
    expect([...ids].sort()).toEqual([...expected].sort());
  }, 150_000);
});
