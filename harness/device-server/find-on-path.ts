// Where a command would be found on a PATH (POSIX: the first executable file named so).
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export function findOnPath(command: string, path = process.env['PATH'] ?? ''): string | undefined {
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
