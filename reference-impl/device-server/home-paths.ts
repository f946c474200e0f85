// The one place that proves a path lies inside the extension home. Every path the CLI
// writes or deletes (a package copy, a manifest's installPath, a half-done npm install)
// passes through here first, so neither a package name like `../../victim` nor a manifest
// edited by hand nor a link planted in the home can make it touch a file outside the home.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { CliError } from './cli-errors.ts';

// npm's own rule for new package names (validate-npm-package-name): lowercase URL-safe
// characters, not starting with '.' or '_', optionally under one '@scope/'. It leaves no
// room for '..', '/' beyond the scope, '\' or an absolute path.
const NPM_NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;
const MAX_NAME_LENGTH = 214;
const RESERVED_NAMES = new Set(['node_modules', 'favicon.ico']);

export function isValidPackageName(name: unknown): name is string {
  return typeof name === 'string' && name.length <= MAX_NAME_LENGTH && NPM_NAME.test(name) && !RESERVED_NAMES.has(name);
}

/** `where` says where the name came from, e.g. `the "name" of /x/package.json`. */
export function assertPackageName(name: unknown, where: string): string {
  if (isValidPackageName(name)) return name;
  throw new CliError(
    'VENDOR_ERR_EXTENSION',
    `${JSON.stringify(name)} (${where}) is not a valid npm package name. Use lowercase letters, digits and - . _ ~, ` +
      `optionally under a scope ("@scope/name"); no path segments such as "..", no absolute paths, no backslashes.`,
  );
}

/** Strictly below `root` (never `root` itself), judged on the resolved path text. */
function below(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** `target` with every link resolved; the part that does not exist yet is appended as written. */
function realpathOfNearest(target: string): string {
  let existing = target;
  while (!existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  return path.join(realpathSync(existing), path.relative(existing, target));
}

/** True when `target` lies strictly inside `home`, both as written and with every link resolved. */
export function isInsideHome(home: string, target: string): boolean {
  const root = path.resolve(home);
  const resolved = path.resolve(root, target);
  return below(root, resolved) && below(realpathOfNearest(root), realpathOfNearest(resolved));
}

/** `target` resolved, or a refusal naming what was about to happen (`action`, e.g. "copy the package to"). */
export function resolveInsideHome(home: string, target: string, action: string): string {
  const resolved = path.resolve(home, target);
  if (isInsideHome(home, resolved)) return resolved;
  throw new CliError(
    'VENDOR_ERR_EXTENSION',
    `refusing to ${action} ${resolved}: it lies outside the extension home ${path.resolve(home)} ` +
      '(the CLI writes and deletes only inside the home; check VENDOR_HOME and that nothing in the home is a link out of it)',
  );
}
