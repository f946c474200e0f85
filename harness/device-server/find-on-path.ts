// Where a command would be found on a PATH (POSIX: the first executable file named so).
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** `path`: the PATH of the environment the command would run in (the target's commandEnv). */
export function findOnPath(command: string, path: string): string | undefined {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here: try the next directory
    }
  }
  return undefined;
}
