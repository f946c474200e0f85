// npm prunes what its package.json does not list, and an extension installed with
// --source=local is a copy in node_modules that npm knows nothing of: an `npm install` or
// `npm uninstall` in the home would delete it. While npm runs, those copies wait in a
// directory of the home that npm never looks at, and go back to their place afterwards.
import { existsSync, mkdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { resolveInsideHome } from './home-paths.ts';
import type { Manifest } from './manifest.ts';

export interface SetAside {
  /** Moves every copy back where the manifest records it, whatever npm did; a second call does nothing. */
  putBack(): void;
}

export function setAsideLocalCopies(home: string, manifest: Manifest): SetAside {
  const records = [...Object.values(manifest.drivers), ...Object.values(manifest.plugins)].filter((r) => r.installType === 'local');
  const hold = resolveInsideHome(home, `.local-copies-${process.pid}`, 'set local copies aside in');
  const moved: Array<{ from: string; to: string }> = [];
  for (const [index, record] of records.entries()) {
    const from = resolveInsideHome(home, record.installPath, 'set aside');
    if (!existsSync(from)) continue;
    mkdirSync(hold, { recursive: true });
    const to = path.join(hold, String(index));
    renameSync(from, to);
    moved.push({ from, to });
  }
  return {
    putBack() {
      for (const { from, to } of moved.splice(0)) {
        // A package npm put at the same place gives way: the manifest records the local copy there.
        rmSync(resolveInsideHome(home, from, 'put a local copy back to'), { recursive: true, force: true });
        mkdirSync(path.dirname(from), { recursive: true });
        renameSync(to, from);
      }
      if (existsSync(hold)) rmdirSync(hold);
    },
  };
}
