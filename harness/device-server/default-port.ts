// The default port (spec, Limits: "Default port | 4723"): a server started without
// --port must listen there. That port is the machine's, not the run's, so runs of
// wirecheck on one machine take turns with it: a lock file in the temporary directory,
// held while a check starts a server there, and taken over when the process that left it
// is gone. A port another program holds is a reason to skip, never to fail.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { HarnessError } from '../checks/harness-error.ts';
import { scaledLimit, scaledNote } from '../target/machine-pace.ts';

export const DEFAULT_PORT = 4723;

const LOCK_FILE = join(tmpdir(), `wirecheck-port-${DEFAULT_PORT}.lock`);

/** Whether nothing listens on host:port: a listener of our own can bind it. */
export function portFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock: true once held; false while a live process holds it (a lock whose process is gone is removed). */
function tryLock(): boolean {
  try {
    writeFileSync(LOCK_FILE, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let holder = Number.NaN;
  try {
    holder = Number(readFileSync(LOCK_FILE, 'utf8').trim());
  } catch {
    return false; // removed meanwhile: the next try takes it
  }
  if (Number.isInteger(holder) && holder > 0 && alive(holder)) return false;
  try {
    unlinkSync(LOCK_FILE); // left by a process that is gone
  } catch {
    // another run removed it first
  }
  return false;
}

function unlock(): void {
  try {
    if (readFileSync(LOCK_FILE, 'utf8').trim() === String(process.pid)) unlinkSync(LOCK_FILE);
  } catch {
    // already gone
  }
}

/** Runs `body` while this process holds the machine's turn on port 4723 (waiting up to two minutes for another run's). */
export async function withDefaultPortTurn<T>(body: () => Promise<T>): Promise<T> {
  const limitMs = scaledLimit(120_000);
  const deadline = Date.now() + limitMs;
  while (!tryLock()) {
    if (Date.now() > deadline) {
      throw new HarnessError('limit', `another run of wirecheck on this machine kept its turn on port ${DEFAULT_PORT} (${LOCK_FILE}) for more than ${limitMs / 1000} s${scaledNote()}`,
        `not a finding about the target; run again once the other run has ended, or, if none is going, remove ${LOCK_FILE}`);
    }
    await sleep(250);
  }
  try {
    return await body();
  } finally {
    unlock();
  }
}
