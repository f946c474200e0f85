// The false-alarm guard: every correct alternative in alternatives/ (independent
// implementations on other frameworks and stores, alternatives/README.md) is certified
// as an external deployment, with --probe and --strict, and must pass every MUST and
// SHOULD check. A check that fails one of them is a defect of the check. The only
// skips allowed are those whose reason the alternative's own choices explain.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../harness/target/free-port.ts';
import { startManagedProcess, type ManagedProcess } from '../../harness/target/managed-process.ts';
import { tsxNodeArgs } from '../../harness/project-paths.ts';
import { PROJECT_ROOT, judgedRun, type WirecheckRun } from '../testing/run-wirecheck.ts';
import { dropStore } from '../testing/alternative-stores.ts';
import { serverAlternatives, serverEnv, serverRunArgs, type ServerAlternative } from '../testing/alternatives.ts';
import { SELF_TEST_SEED } from '../self-test/define-self-test.ts';

const CREDENTIALS = {
  secret: `alt-${randomBytes(12).toString('hex')}`,
  tokens: { user: `alt-u-${randomBytes(9).toString('base64url')}`, other: `alt-o-${randomBytes(9).toString('base64url')}` },
};

/** Skips an alternative may earn by a choice the spec leaves open: the reason must say so. */
const ALLOWED_SKIPS: readonly RegExp[] = [
  /^needs probe fail switch/, // CONTRACTS §4: the webhook's fail switch is optional
  /^not applicable: the target answers no CORS/, // CORS is for browser clients; not every API serves them
];

async function startInstances(alt: ServerAlternative, storeName: string, logDir: string): Promise<{ urls: string[]; processes: ManagedProcess[] }> {
  const processes: ManagedProcess[] = [];
  const urls: string[] = [];
  for (let i = 0; i < alt.instances; i++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    processes.push(await startManagedProcess({
      label: `${alt.system} alternative ${alt.framework} (instance ${i + 1})`,
      command: process.execPath,
      args: tsxNodeArgs(join(alt.dir, 'server.ts')),
      cwd: PROJECT_ROOT,
      env: serverEnv(alt, { port, storeName }, CREDENTIALS),
      logFile: join(logDir, `instance-${i + 1}.log`),
      healthUrl: url,
    }));
    urls.push(url);
  }
  return { urls, processes };
}

function certify(alt: ServerAlternative, urls: readonly string[]): Promise<WirecheckRun> {
  return judgedRun(serverRunArgs(alt, urls, CREDENTIALS, SELF_TEST_SEED), { timeoutMs: 420_000 });
}

function notPassing(run: WirecheckRun): string[] {
  return (run.summary?.checks ?? [])
    .filter((c) => !['passed', 'info'].includes(c.outcome) && !(c.outcome === 'skipped' && ALLOWED_SKIPS.some((r) => r.test(c.reason ?? ''))))
    .map((c) => `${c.id} ${c.outcome}: ${c.reason ?? ''}`);
}

describe('the correct alternatives pass every MUST and SHOULD check', () => {
  const found = serverAlternatives(PROJECT_ROOT);

  it('are there: two of the webhook receiver and two of the resource API at least', () => {
    expect(found.filter((a) => a.system === 'webhook').length).toBeGreaterThanOrEqual(2);
    expect(found.filter((a) => a.system === 'resource-api').length).toBeGreaterThanOrEqual(2);
  });

  for (const alt of found) {
    it.concurrent(`${alt.system} on ${alt.framework} and ${alt.store}${alt.instances > 1 ? `, ${alt.instances} instances` : ''}${alt.workers ? `, --workers ${alt.workers}` : ''}`, async ({ expect }) => {
      const storeName = `alt_${randomBytes(5).toString('hex')}`;
      const logDir = join(tmpdir(), `wirecheck-alternative-${storeName}`);
      const { urls, processes } = await startInstances(alt, storeName, logDir);
      try {
        const run = await certify(alt, urls);
        const logs = processes.map((p) => p.logTail(15)).join('\n');
        expect(run.exitCode, `${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}\n${logs}`).toBe(0);
        expect(notPassing(run)).toEqual([]);
        if (alt.system === 'webhook') expect(run.stdout).toContain('version field: data.version, found through the probe');
      } finally {
        await Promise.all(processes.map((p) => p.stop()));
        await dropStore(alt.store, storeName);
      }
    }, 1_300_000);
  }
});
