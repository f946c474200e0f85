// Undoing a failed `driver install --source=npm`: what npm adds to the home (package.json,
// lock files, new packages and bin links in node_modules) is recorded before it runs and
// taken back if the install fails at any step, so a failure leaves the home as it was.
// A dependency that npm changed in place (a version already present, updated) is not
// rolled back: that would need a copy of the whole node_modules before every install.
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveInsideHome } from './home-paths.ts';

/** Files npm rewrites on an install, relative to the home. */
const NPM_FILES = ['package.json', 'package-lock.json', path.join('node_modules', '.package-lock.json')];

export interface HomeSnapshot {
  /** Puts the home back as it was when the snapshot was taken (only inside the home). */
  restore(): void;
}

/** node_modules entries, one level into `@scope` and `.bin` directories: `a`, `@s/b`, `.bin/c`. */
function moduleEntries(home: string): Set<string> {
  const root = path.join(home, 'node_modules');
  const entries = new Set<string>();
  if (!existsSync(root)) return entries;
  for (const name of readdirSync(root)) {
    entries.add(name);
    if (name.startsWith('@') || name === '.bin') for (const inner of readdirSync(path.join(root, name))) entries.add(path.join(name, inner));
  }
  return entries;
}

function removeIfEmpty(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir);
}

export function snapshotHome(home: string): HomeSnapshot {
  const homeExisted = existsSync(home);
  const modulesExisted = existsSync(path.join(home, 'node_modules'));
  const files = new Map(NPM_FILES.map((file) => {
    const full = path.join(home, file);
    return [file, existsSync(full) ? readFileSync(full) : undefined] as const;
  }));
  const entries = moduleEntries(home);
  return {
    restore() {
      if (!existsSync(home)) return;
      // Deepest first, so `@scope/name` goes before `@scope` is judged empty.
      const added = [...moduleEntries(home)].filter((entry) => !entries.has(entry)).sort((a, b) => b.length - a.length);
      for (const entry of added) rmSync(resolveInsideHome(home, path.join('node_modules', entry), 'roll back'), { recursive: true, force: true });
      for (const [file, content] of files) {
        const full = resolveInsideHome(home, file, 'roll back');
        if (content === undefined) rmSync(full, { force: true });
        else writeFileSync(full, content);
      }
      if (!modulesExisted) removeIfEmpty(path.join(home, 'node_modules'));
      if (!homeExisted) removeIfEmpty(home);
    },
  };
}
