// How a system's suite files are run: which side by side, which alone (suite-runner.ts).
import { moduleOf } from '../systems/registry.ts';

/**
 * Which of a system's files may run side by side: against an external target, where each
 * check waits on network round trips, the files its module names as independent
 * (concurrentSuites), up to --workers at once. Every other file runs alone — a race must
 * own the target while it counts side effects — and so does every file against a bundled
 * reference, which shares this machine's cores with the harness.
 */
export function suiteBatches(system: string, files: readonly string[], kind: string | undefined, workers: number): { together: string[]; alone: string[] } {
  const independent = new Set(kind === 'external' && workers > 1 ? moduleOf(system).concurrentSuites ?? [] : []);
  const together = files.filter((file) => independent.has(file));
  return together.length > 1 ? { together, alone: files.filter((file) => !independent.has(file)) } : { together: [], alone: [...files] };
}
