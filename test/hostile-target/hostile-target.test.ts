// The harness against a hostile target (issue 17): a target that answers with endless
// bodies, a 2 GiB Content-Length, an endless head, no answer at all, or control bytes
// and markup in every field. Whatever it does, a run ends by itself with exit 1 or 2,
// every process of the run stays under a memory bound, and no output — terminal,
// transcripts, summary, report.html, JUnit, Allure results — carries a raw control
// character. Each case first proves the hostile answer was really given.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runWirecheck } from '../support/run-wirecheck.ts';
import type { HostileBehaviour } from './hostile-answers.ts';
import { startHostileTarget, type Canned } from './hostile-server.ts';
import { rawControlsIn, rawControlsInReport } from '../support/raw-controls.ts';

/** The bound for every harness process of a run. */
const PEAK_RSS_LIMIT_MIB = 300;
const PEAK_RSS_PRELOAD = join(import.meta.dirname, 'peak-rss.mjs');
const SECRET = 'hostile-target-secret-5b0e';
const TOKEN = 'hostile-target-token-77c1';

interface SystemUnderAttack {
  /** The run's command line, with the checks of `only`. */
  readonly args: (url: string, only: string) => string[];
  /** Answers the preflight's requests as a correct target would, so that the checks run (one per run: it may count). */
  readonly canned: () => Canned;
}

const isJson = (body: Buffer): boolean => {
  try {
    JSON.parse(body.toString());
    return true;
  } catch {
    return false;
  }
};

const SYSTEMS = {
  'webhook': {
    args: (url, only) => ['run', 'webhook', '--target', 'external', '--base-url', url, '--secret', SECRET, '--only', only],
    // The preflight's signed non-JSON body: a correct receiver refuses it with 400.
    canned: () => (request, body) => (request.method === 'POST' && !isJson(body) ? { status: 400, body: '{"error":"invalid json"}' } : undefined),
  },
  'resource-api': {
    args: (url, only) => ['run', 'resource-api', '--target', 'external', '--base-url', url, '--token', TOKEN,
      '--user-id', 'alice', '--other-user-id', 'bob', '--only', only],
    // The preflight proves --token by reading alice's preferences once; every later read is a check's.
    canned: () => {
      let provedToken = false;
      return (request) => {
        if (provedToken || request.method !== 'GET' || !request.url?.startsWith('/v1/users/alice/preferences')) return undefined;
        provedToken = true;
        return { status: 200, body: '{"weeklyDigest":false}' };
      };
    },
  },
  'device-server': {
    args: (url, only) => ['run', 'device-server', '--target', 'external', '--base-url', url, '--platform-name', 'Android', '--automation-name', 'SimAndroid', '--only', only],
    canned: () => (request) => (request.method === 'GET' && request.url === '/status'
      ? { status: 200, body: '{"value":{"ready":true,"message":"ready"}}' } : undefined),
  },
} satisfies Record<string, SystemUnderAttack>;

type SystemName = keyof typeof SYSTEMS;

// The checks of each case: the raw exchange (RA-PREF-02), the Pact verifier (RA-PACT-01),
// undici (RA-LABEL-01), the webhook client and the W3C client — few, as each costs a run.
const CASES: [SystemName, HostileBehaviour, string][] = [
  ['resource-api', 'endless-chunked-body', 'RA-PREF-02,RA-PACT-01'],
  ['resource-api', 'huge-content-length', 'RA-PREF-02,RA-PACT-01'],
  ['resource-api', 'endless-headers', 'RA-PREF-02,RA-LABEL-01'],
  ['resource-api', 'control-bytes', 'RA-PREF-02,RA-LABEL-01'],
  ['resource-api', 'stall', 'RA-LABEL-01'],
  ['webhook', 'endless-chunked-body', 'WH-ACK-01'],
  ['webhook', 'control-bytes', 'WH-ACK-01'],
  ['device-server', 'endless-chunked-body', 'DS-SESS-01'],
  ['device-server', 'control-bytes', 'DS-SESS-01'],
];

interface PeakRss {
  readonly argv: string[];
  readonly maxRssKiB: number;
}

const scratch = mkdtempSync(join(tmpdir(), 'wirecheck-hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each process's peak, in MiB, of the run whose processes wrote into `dir`. */
function peaksMiB(dir: string): { process: string; mib: number }[] {
  return readdirSync(dir).filter((name) => name.endsWith('.json')).map((name) => {
    const peak = JSON.parse(readFileSync(join(dir, name), 'utf8')) as PeakRss;
    return { process: `${basename(name, '.json')} ${peak.argv.join(' ')}`, mib: Math.round(peak.maxRssKiB / 1024) };
  });
}

// Two runs at a time: each is mostly waiting on its target, and the machine has two cores.
describe.concurrent.each(CASES)('a %s target answering with %s', (system, behaviour, only) => {
  it('ends the run by itself with exit 1 or 2, every process under the memory bound, no raw control byte in any output', async () => {
    const target = await startHostileTarget(behaviour, SYSTEMS[system].canned());
    const rssDir = join(scratch, `${system}-${behaviour}.rss`);
    mkdirSync(rssDir);
    const reportDir = join(scratch, `${system}-${behaviour}`);
    try {
      const run = await runWirecheck([...SYSTEMS[system].args(target.url, only), '--seed', '7', '--no-allure', '--report-dir', reportDir], {
        env: { NODE_OPTIONS: `--import ${PEAK_RSS_PRELOAD}`, WIRECHECK_PEAK_RSS_DIR: rssDir },
        timeoutMs: 240_000,
      });
      const said = `${run.stdout}\n${run.stderr}`;
      expect(target.hostileAnswers(), `the hostile answer was never given:\n${said}`).toBeGreaterThan(0);
      expect([1, 2], said).toContain(run.exitCode);
      expect(run.stderr, 'a crash, not a verdict').not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
      const peaks = peaksMiB(rssDir);
      expect(peaks.length, 'the preload reported no process').toBeGreaterThan(0);
      expect(peaks.filter((p) => p.mib >= PEAK_RSS_LIMIT_MIB), JSON.stringify(peaks)).toEqual([]);
      expect(rawControlsIn(run.stdout), 'stdout').toEqual([]);
      expect(rawControlsIn(run.stderr), 'stderr').toEqual([]);
      expect(rawControlsInReport(reportDir).found).toEqual({});
      console.log(`${system} × ${behaviour}: exit ${run.exitCode}, peak RSS ${Math.max(...peaks.map((p) => p.mib))} MiB over ${peaks.length} processes`);
    } finally {
      await target.close();
    }
  }, 300_000);
});
