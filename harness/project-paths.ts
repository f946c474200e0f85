// Where things are in the wirecheck package, wherever it is installed or run from.
import { join, resolve } from 'node:path';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..');

export function projectPath(...segments: string[]): string {
  return join(PROJECT_ROOT, ...segments);
}

/** `node --import <tsx> file.ts`: how the TypeScript sources run without a build. */
export function tsxNodeArgs(entry: string): string[] {
  return ['--import', import.meta.resolve('tsx'), entry];
}
