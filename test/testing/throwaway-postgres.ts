// A PostgreSQL cluster of a test's own, for what must never be done to the shared
// server on 5432: freezing it. initdb into a temporary directory, pg_ctl start on a
// free port (TCP on 127.0.0.1 only, its socket in its own directory), freeze/thaw by
// SIGSTOP/SIGCONT of its postmaster and every backend, then stop and remove.
// Needs initdb and pg_ctl (on PATH, or Debian's /usr/lib/postgresql/<major>/bin); as
// root they run as the `postgres` user, since PostgreSQL refuses to run as root.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ThrowawayPostgres {
  readonly databaseUrl: string;
  /** SIGSTOP to the postmaster and every backend: connections stay open, nothing answers. */
  freeze(): void;
  /** SIGCONT to the same processes. */
  thaw(): void;
  /** Thaws, stops the cluster and removes its directory. */
  dispose(): void;
}

function binDir(): string | undefined {
  const onPath = (process.env['PATH'] ?? '').split(':').find((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (onPath) return onPath;
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return undefined;
  const majors = readdirSync(debian).filter((v) => existsSync(join(debian, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? undefined : join(debian, majors[0], 'bin');
}

function postgresUser(): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
}

const runsAsRoot = () => process.getuid?.() === 0;

let warned = false;
/** Why a throwaway cluster cannot be made here, or undefined when it can. */
export function throwawayPostgresSkipReason(): string | undefined {
  let reason: string | undefined;
  if (process.platform !== 'linux') reason = 'needs Linux (/proc) to find the cluster\'s processes';
  else if (!binDir()) reason = 'needs initdb and pg_ctl: install PostgreSQL\'s server binaries or put their bin directory on PATH';
  else if (runsAsRoot() && !postgresUser()) reason = 'runs as root, and there is no `postgres` user to run initdb and pg_ctl as';
  if (reason && !warned) {
    warned = true;
    console.warn(`[skipped] ${reason}`);
  }
  return reason;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The pids of a process's children, from /proc. */
function childrenOf(parent: number): number[] {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      // The ppid is the second field after the parenthesised command name.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
    } catch {
      return false; // the process ended while the list was read
    }
  }).map(Number);
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  if (!bin) throw new Error(throwawayPostgresSkipReason());
  const home = mkdtempSync(join(tmpdir(), 'wirecheck-throwaway-pg-'));
  const dataDir = join(home, 'data');
  const user = runsAsRoot() ? postgresUser() : undefined;
  if (user) chownSync(home, user.uid, user.gid);
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = user ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    execFileSync(cmd, argv, { stdio: 'pipe', timeout: 60_000 });
  };
  const port = await freePort();
  try {
    run('initdb', ['-D', dataDir, '--auth=trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    run('pg_ctl', ['-D', dataDir, '-l', join(home, 'server.log'), '-w', '-t', '30', 'start',
      '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${home} -c fsync=off`]);
  } catch (error) {
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
  let frozen: number[] = [];
  const thaw = () => {
    for (const pid of frozen) process.kill(pid, 'SIGCONT');
    frozen = [];
  };
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    freeze: () => {
      // The postmaster first, so that it forks no backend the list would miss.
      const postmaster = postmasterPid(dataDir);
      process.kill(postmaster, 'SIGSTOP');
      const backends = childrenOf(postmaster);
      for (const pid of backends) process.kill(pid, 'SIGSTOP');
      frozen = [...backends, postmaster];
    },
    thaw,
    dispose: () => {
      thaw();
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  };
}
