// One wirecheck run against a hostile target, as the hostile-target suite and
// bench:hostile make it: the real executable, with every Node process of the run
// reporting its peak resident memory (peak-rss.mjs), against a target that passes the
// preflight like a correct one and then answers the checks with `behaviour`.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { runWirecheck, type WirecheckRun } from '../testing/run-wirecheck.ts';
import type { HostileBehaviour } from './hostile-answers.ts';
import { startHostileTarget, type Canned } from './hostile-server.ts';

/** The bound for every harness process of a run. */
export const PEAK_RSS_LIMIT_MIB = 300;
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
      return (request: IncomingMessage) => {
        if (provedToken || request.method !== 'GET' || !request.url?.startsWith('/v1/users/alice/preferences')) return undefined;
        provedToken = true;
        return { status: 200, body: '{"weeklyDigest":false}' };
      };
    },
  },
  'device-server': {
    args: (url, only) => ['run', 'device-server', '--target', 'external', '--base-url', url,
      '--platform-name', 'Android', '--automation-name', 'SimAndroid', '--only', only],
    canned: () => (request) => (request.method === 'GET' && request.url === '/status'
      ? { status: 200, body: '{"value":{"ready":true,"message":"ready"}}' } : undefined),
  },
} satisfies Record<string, SystemUnderAttack>;

export type AttackedSystem = keyof typeof SYSTEMS;

export interface ProcessPeak {
  /** pid and the first arguments: which process of the run. */
  readonly process: string;
  readonly mib: number;
}

export interface HostileRun {
  readonly run: WirecheckRun;
  /** Requests the target answered with the hostile behaviour: 0 means the case proved nothing. */
  readonly hostileAnswers: number;
  readonly peaks: readonly ProcessPeak[];
  readonly wallSec: number;
}

function peaksIn(dir: string): ProcessPeak[] {
  return readdirSync(dir).filter((name) => name.endsWith('.json')).map((name) => {
    const peak = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { argv: string[]; maxRssKiB: number };
    return { process: `${basename(name, '.json')} ${peak.argv.join(' ')}`, mib: Math.round(peak.maxRssKiB / 1024) };
  });
}

/** Runs `only` of `system` against a target answering with `behaviour`; reports and peaks go under `scratch`. */
export async function runAgainstHostileTarget(system: AttackedSystem, behaviour: HostileBehaviour, only: string, scratch: string): Promise<HostileRun> {
  const target = await startHostileTarget(behaviour, SYSTEMS[system].canned());
  const name = `${system}-${behaviour}`;
  const rssDir = join(scratch, `${name}.rss`);
  mkdirSync(rssDir, { recursive: true });
  const started = process.hrtime.bigint();
  try {
    const run = await runWirecheck([...SYSTEMS[system].args(target.url, only), '--seed', '7', '--no-allure', '--report-dir', join(scratch, name)], {
      env: { NODE_OPTIONS: `--import ${PEAK_RSS_PRELOAD}`, WIRECHECK_PEAK_RSS_DIR: rssDir },
      timeoutMs: 240_000,
    });
    const wallSec = Number(process.hrtime.bigint() - started) / 1e9;
    return { run, hostileAnswers: target.hostileAnswers(), peaks: peaksIn(rssDir), wallSec };
  } finally {
    await target.close();
  }
}
