// A lock file beside the dead-letter file, so that several senders (processes) can
// append while an operator replays: every reader and writer holds it for the length
// of one read or write. `open(..., 'wx')` is atomic on local file systems.
import { open, stat, unlink } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';

export class LockTimeoutError extends Error {
  override readonly name = 'LockTimeoutError';
}

export interface LockOptions {
  /** Give up after this long; default 10 s. */
  readonly timeoutMs?: number;
  /** A lock older than this is taken to be left by a crashed process; default 30 s. */
  readonly staleMs?: number;
}

async function tryAcquire(lockFile: string): Promise<boolean> {
  try {
    const handle = await open(lockFile, 'wx', 0o600);
    await handle.writeFile(String(process.pid));
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function removeIfStale(lockFile: string, staleMs: number): Promise<void> {
  try {
    const { mtimeMs } = await stat(lockFile);
    if (Date.now() - mtimeMs > staleMs) await unlink(lockFile);
  } catch {
    // Released or removed by another process meanwhile: try again.
  }
}

export async function withFileLock<T>(file: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lockFile = `${file}.lock`;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (!(await tryAcquire(lockFile))) {
    if (Date.now() > deadline) {
      throw new LockTimeoutError(`${lockFile} is held by another process; if none is running, delete that file`);
    }
    await removeIfStale(lockFile, options.staleMs ?? 30_000);
    await delay(5 + Math.floor(Math.random() * 15));
  }
  try {
    return await work();
  } finally {
    await unlink(lockFile).catch(() => undefined);
  }
}
