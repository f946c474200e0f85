// Whether a path of the build context is left out by a .dockerignore, with Docker's
// rules: patterns in order, the last one that matches the path or one of its parent
// directories wins; `!` re-includes; `*` and `?` stay within one path segment, `**`
// spans any number of them; leading and trailing slashes are ignored.

export interface IgnorePattern {
  readonly negated: boolean;
  readonly regex: RegExp;
  readonly source: string;
}

function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? '';
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` matches zero or more whole segments; a trailing `**` anything.
      if (glob[i + 2] === '/') {
        out += '(?:.*/)?';
        i += 2;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

export function parseDockerignore(text: string): IgnorePattern[] {
  return text.split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const body = (negated ? line.slice(1) : line).trim().replace(/^\/+|\/+$/g, '').replace(/^\.\//, '');
      return { negated, regex: globToRegExp(body), source: line };
    });
}

/** `a/b/c` → ['a', 'a/b', 'a/b/c']. */
function selfAndParents(path: string): string[] {
  const parts = path.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

export function isExcluded(patterns: readonly IgnorePattern[], path: string): boolean {
  let excluded = false;
  const candidates = selfAndParents(path.replace(/^\.?\/+/, ''));
  for (const pattern of patterns) {
    if (candidates.some((candidate) => pattern.regex.test(candidate))) excluded = !pattern.negated;
  }
  return excluded;
}
