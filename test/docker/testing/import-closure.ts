// Which files and packages a program loads, read from its source: static imports and
// re-exports (type-only ones are erased by tsx, so they do not count), literal dynamic
// import()s and import.meta.resolve()s. The image test uses it to prove the image holds
// every file and package `wirecheck serve` and the references load — and no more packages.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';

export interface Closure {
  /** Project files reached, relative to the root. */
  readonly files: ReadonlySet<string>;
  /** Package name → the files that import it. */
  readonly packages: ReadonlyMap<string, readonly string[]>;
  /** Relative imports that name no file: `from → specifier`. */
  readonly unresolved: readonly string[];
}

const PATTERNS = [
  /^\s*import\s+(?!type[\s{])[\w*{}\s,$]*?\s*from\s*['"]([^'"]+)['"]/gm, // import x, { y } from 'z'
  /^\s*import\s*['"]([^'"]+)['"]/gm, // import 'z'
  /^\s*export\s+(?!type[\s{])(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/gm, // export { y } from 'z'
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, // await import('z')
  /\bimport\.meta\.resolve\(\s*['"]([^'"]+)['"]\s*\)/g, // import.meta.resolve('tsx')
];

export function specifiersOf(source: string): string[] {
  return [...new Set(PATTERNS.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1] ?? '')))];
}

export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0] ?? specifier;
}

const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));

export function importClosure(root: string, entries: readonly string[], skip: (from: string, specifier: string) => boolean = () => false): Closure {
  const files = new Set<string>();
  const packages = new Map<string, string[]>();
  const unresolved: string[] = [];
  const pending = entries.map((entry) => resolve(root, entry));
  while (pending.length > 0) {
    const file = pending.pop() ?? '';
    const name = relative(root, file);
    if (files.has(name)) continue;
    files.add(name);
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      if (skip(name, specifier) || isBuiltin(specifier)) continue;
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
        const pkg = packageName(specifier);
        packages.set(pkg, [...(packages.get(pkg) ?? []), name]);
        continue;
      }
      const target = resolve(dirname(file), specifier);
      if (existsSync(target) && statSync(target).isFile()) pending.push(target);
      else unresolved.push(`${name} → ${specifier}`);
    }
  }
  return { files, packages, unresolved };
}
