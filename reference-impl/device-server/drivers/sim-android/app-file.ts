// Reading an app package a client names (`app`, `mobile: installApp`) as a hostile client
// might name it: only a regular file inside the apps root (links resolved), of at most
// MAX_APP_BYTES, checked before a byte is read and read in chunks, never whole at once.
// Every refusal carries the same text, so a client cannot tell a missing file from an
// unreadable one or a directory, nor probe what exists outside the root; the reason goes
// to the server log only.
import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

export const MAX_APP_BYTES = 16 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;

/** Why a path was refused: for the server log, never for the client. */
export class AppRefused extends Error {
  override readonly name = 'AppRefused';
}

/** The text a client gets for every refused app path. */
export function refusalText(appPath: string): string {
  return (
    `The application at '${appPath}' cannot be used: an app must be a regular, readable file of at most ` +
    `${MAX_APP_BYTES / (1024 * 1024)} MiB inside the apps root the server was started with ` +
    '(VENDOR_APPS_ROOT, default its working directory). Put the app there and send its absolute path.'
  );
}

/** Strictly below `root`, judged on resolved path text. */
function below(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** The real path of `appPath` once it is proven to lie inside `appsRoot`; the outside is never looked at. */
async function locate(appPath: string, appsRoot: string): Promise<string> {
  const root = path.resolve(appsRoot);
  // Judged on the text first: a path outside the root is refused without touching the file system.
  if (!below(root, path.resolve(appPath))) throw new AppRefused(`outside the apps root ${root}`);
  let real: string;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([realpath(appPath), realpath(root)]);
  } catch (error) {
    throw new AppRefused(`cannot resolve it or the apps root ${root}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  if (!below(realRoot, real)) throw new AppRefused(`a link out of the apps root ${root}`);
  return real;
}

async function readBounded(file: string): Promise<Buffer> {
  const before = await stat(file);
  if (!before.isFile()) throw new AppRefused('not a regular file');
  if (before.size > MAX_APP_BYTES) throw new AppRefused(`${before.size} bytes, over the ${MAX_APP_BYTES}-byte cap`);
  // O_NONBLOCK: a FIFO swapped in after the stat must not hang the open; O_NOFOLLOW: nor a link.
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    const opened = await handle.stat();
    if (!opened.isFile() || opened.ino !== before.ino || opened.dev !== before.dev) throw new AppRefused('changed while it was opened');
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const { bytesRead, buffer } = await handle.read(Buffer.alloc(CHUNK_BYTES), 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      // The file may have grown since the stat: the cap holds for what is read too.
      if (total > MAX_APP_BYTES) throw new AppRefused(`grew over the ${MAX_APP_BYTES}-byte cap while it was read`);
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

/** The package's bytes, or AppRefused (with the reason for the log) for any path that may not be read. */
export async function readAppFile(appPath: string, appsRoot: string): Promise<Buffer> {
  const real = await locate(appPath, appsRoot);
  try {
    return await readBounded(real);
  } catch (error) {
    if (error instanceof AppRefused) throw error;
    throw new AppRefused(`cannot read: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}
