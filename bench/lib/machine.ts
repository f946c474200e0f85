// The machine a figure was measured on, and the wait for a quiet machine before a
// full run: the load generator, the receiver and PostgreSQL share its cores with
// whatever else runs, so a figure is only comparable when the load average is low.
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export interface MachineInfo {
  readonly nproc: number;
  readonly cpuModel: string;
  readonly memoryMiB: number;
  readonly node: string;
  readonly postgres: string | undefined;
  readonly platform: string;
}

export async function postgresVersion(databaseUrl: string | undefined): Promise<string | undefined> {
  if (!databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>('SHOW server_version');
    return rows[0]?.v;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function machineInfo(databaseUrl: string | undefined): Promise<MachineInfo> {
  return {
    nproc: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryMiB: Math.round(totalmem() / 2 ** 20),
    node: process.version,
    postgres: await postgresVersion(databaseUrl),
    platform: `${process.platform} ${process.arch}`,
  };
}

/** The 1-, 5- and 15-minute load averages, as `uptime` prints them. */
export function loadAverage(): [number, number, number] {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  return [round2(one), round2(five), round2(fifteen)];
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export interface QuietWait {
  readonly threshold: number;
  readonly waitedMs: number;
  /** false: the time ran out and the run went ahead on a busy machine (recorded as such). */
  readonly quiet: boolean;
  readonly loadAtStart: [number, number, number];
}

/** Polls the 1-minute load average until it is below the threshold, or gives up after maxMs. */
export async function waitForQuietMachine(options: { threshold?: number; pollMs?: number; maxMs?: number; log?: (line: string) => void } = {}): Promise<QuietWait> {
  const threshold = options.threshold ?? 1.5;
  const pollMs = options.pollMs ?? 30_000;
  const maxMs = options.maxMs ?? 20 * 60_000;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const started = Date.now();
  for (let polls = 0; polls <= Math.ceil(maxMs / pollMs); polls += 1) {
    const load = loadAverage();
    if (load[0] < threshold) return { threshold, waitedMs: Date.now() - started, quiet: true, loadAtStart: load };
    if (Date.now() - started >= maxMs) return { threshold, waitedMs: Date.now() - started, quiet: false, loadAtStart: load };
    log(`waiting for a quiet machine: load average ${load.join(' ')} (1-minute must be < ${threshold})`);
    await sleep(pollMs);
  }
  return { threshold, waitedMs: Date.now() - started, quiet: false, loadAtStart: loadAverage() };
}
