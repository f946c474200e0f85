// The evidence options of `wirecheck run` (--repeat, --baseline, --bundle,
// --sign-key), validated for run-config.ts with every other option: each problem
// is added to the list, none stops the others from being found.
import type { KeyObject } from 'node:crypto';
import { resolve } from 'node:path';
import type { Baseline } from './baseline/baseline-entry.ts';
import { loadBaseline } from './baseline/load-baseline.ts';
import { loadPrivateKey } from './bundle/signing-key.ts';

export const MAX_REPEAT = 20;

export interface EvidenceOptions {
  readonly repeat?: string;
  readonly baseline?: string;
  readonly bundle?: boolean;
  readonly signKey?: string;
}

export interface EvidenceConfig {
  /** How many times every selected check runs (1: once). */
  readonly repeat: number;
  readonly baseline?: Baseline;
  /** --bundle: write bundle.tar.gz; signKey from --sign-key. */
  readonly bundle?: { readonly signKey?: KeyObject };
}

function repeatOf(value: string | undefined, problems: string[]): number {
  if (value === undefined) return 1;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_REPEAT) {
    problems.push(`--repeat "${value}" must be a whole number from 1 to ${MAX_REPEAT} (how many times every selected check runs)`);
    return 1;
  }
  return n;
}

function signKeyOf(path: string | undefined, bundle: boolean, cwd: string, problems: string[]): KeyObject | undefined {
  if (path === undefined) return undefined;
  if (!bundle) problems.push('--sign-key signs the certification bundle: add --bundle');
  try {
    return loadPrivateKey(resolve(cwd, path));
  } catch (error) {
    problems.push(`--sign-key: ${(error as Error).message}`);
    return undefined;
  }
}

export function evidenceConfigOf(options: EvidenceOptions, cwd: string, problems: string[]): EvidenceConfig {
  const repeat = repeatOf(options.repeat, problems);
  const baseline = options.baseline !== undefined ? loadBaseline(options.baseline, cwd, problems) : undefined;
  const signKey = signKeyOf(options.signKey, options.bundle === true, cwd, problems);
  return {
    repeat,
    ...(baseline ? { baseline } : {}),
    ...(options.bundle ? { bundle: signKey ? { signKey } : {} } : {}),
  };
}
