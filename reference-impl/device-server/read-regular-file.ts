// Reading a file the operator names (--config) without trusting what the path is:
// `/dev/zero` would be read forever and a FIFO would block the start for good (issue 17).
// The file is opened first and the open descriptor examined (a check of the path before
// opening could be answered by one file and the read by another); the open does not
// wait for a FIFO's writer; and no more than the limit plus one byte is ever read, so a
// file that grows after the check is refused too.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

export class UnreadableFileError extends Error {
  override readonly name = 'UnreadableFileError';
}

/** What a path names when it is not a regular file, in words an operator knows. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

function readAtMost(fd: number, limit: number): Buffer {
  const buffer = Buffer.alloc(limit + 1);
  let filled = 0;
  while (filled < buffer.length) {
    const read = readSync(fd, buffer, filled, buffer.length - filled, null);
    if (read === 0) break;
    filled += read;
  }
  return buffer.subarray(0, filled);
}

/** The bytes of the regular file at `file`, at most `maxBytes`; UnreadableFileError says why not. */
export function readRegularFile(file: string, maxBytes: number): Buffer {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. Windows has no such flag.
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new UnreadableFileError(`it is ${kindOf(stats)}, not a regular file`);
    const tooLarge = `it is larger than ${maxBytes} bytes, the most this server reads`;
    if (stats.size > maxBytes) throw new UnreadableFileError(tooLarge);
    const bytes = readAtMost(fd, maxBytes);
    if (bytes.length > maxBytes) throw new UnreadableFileError(tooLarge);
    return bytes;
  } finally {
    closeSync(fd);
  }
}
