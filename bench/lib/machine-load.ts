// The load of a shared runner, made on purpose: busy loops (`node -e 'for(;;){}'`) and
// loops that start processes without pause (`node -e 0`, back to back). Each load process
// is the leader of a process group of its own, in the bench's session (one autogroup, so
// `nice` acts between the load and what the bench runs beside it), and is killed with its
// group: a spawner's `node -e 0` of the moment goes with it. Nothing is left running.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** perl's setpgrp, then exec: a process group of its own without a new session (Node's `detached` would setsid). */
const SETPGRP = 'setpgrp(0, 0); exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!\\n"';

/** `command args` as the leader of a new process group (its pid is the group's id), under `nice -n N` when N > 0. */
export function spawnInGroup(command: string, args: readonly string[], options: SpawnOptions & { nice?: number } = {}): ChildProcess {
  const { nice = 0, ...spawnOptions } = options;
  const niced = nice > 0 ? ['nice', '-n', String(nice), command, ...args] : [command, ...args];
  return spawn('perl', ['-e', SETPGRP, '--', ...niced], spawnOptions);
}

/** Signals a whole process group; a group already gone is not an error. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  if (pgid <= 0) return;
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: nothing left in the group.
  }
}

/** The pids in process group `pgid`, read from /proc (fields 4 and 5 of stat: ppid, pgrp). */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(entry));
    } catch {
      // Gone while read.
    }
  }
  return members;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGTERM to the group, SIGKILL after `graceMs`, then until /proc shows no member (at most 10 s). */
export async function stopGroup(child: ChildProcess, graceMs: number): Promise<void> {
  const pgid = child.pid ?? 0;
  if (graceMs > 0) {
    signalGroup(pgid, 'SIGTERM');
    await Promise.race([exited(child), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  }
  const deadline = Date.now() + 10_000;
  do {
    signalGroup(pgid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (groupMembers(pgid).length > 0 && Date.now() < deadline);
  await exited(child);
}

export interface MachineLoad {
  readonly loops: number;
  readonly spawners: number;
  /** The process group ids of the load (one per loop and per spawner). */
  readonly groups: readonly number[];
  /** Kills every load process and its group; resolves once none is left. */
  stop(): Promise<void>;
  /** The same, synchronously (SIGKILL to each group): for process exit. */
  killNow(): void;
}

export const BUSY_LOOP = 'for(;;){}';

/** Starts `loops` busy loops and `spawners` loops of `node -e 0` back to back, at the bench's own priority. */
export function startLoad(options: { loops: number; spawners: number }): MachineLoad {
  const children: ChildProcess[] = [];
  const quiet: SpawnOptions = { stdio: 'ignore' };
  for (let i = 0; i < options.loops; i++) children.push(spawnInGroup(process.execPath, ['-e', BUSY_LOOP], quiet));
  // `$0` is node's path: the loop starts exactly `node -e 0`, whatever PATH holds.
  for (let i = 0; i < options.spawners; i++) children.push(spawnInGroup('sh', ['-c', 'while :; do "$0" -e 0; done', process.execPath], quiet));
  return {
    loops: options.loops,
    spawners: options.spawners,
    groups: children.map((c) => c.pid ?? 0),
    async stop() {
      await Promise.all(children.map((c) => stopGroup(c, 0)));
    },
    killNow() {
      for (const c of children) signalGroup(c.pid ?? 0, 'SIGKILL');
    },
  };
}
