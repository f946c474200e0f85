// The part of a vitest test's meta that wirecheck uses: written by check() in the
// worker, read by the reporter in the main process (it must stay serializable).
import type { Level, SystemName } from './check-definition.ts';
import type { RootCause } from './root-cause.ts';

export interface CheckMeta {
  /** Which check the test is: set by check() when the test is declared (collection), so present even when it is skipped or filtered out. */
  check?: { id: string; system: SystemName; level: Level };
  observed?: string;
  transcript?: string;
  reproduce?: string;
  seed?: number;
  /** A failed check's cause when it is one many checks may share (a framing fault, a failed prerequisite): shown, redacted. */
  cause?: RootCause;
  /** The harness could not judge the check (harness-error.ts): why, and what to do. Its outcome is `error`, whatever vitest saw. */
  error?: string;
}

declare module '@vitest/runner' {
  interface TaskMeta {
    wirecheck?: CheckMeta;
  }
}

export function checkMeta(task: { meta: { wirecheck?: CheckMeta } }): CheckMeta {
  task.meta.wirecheck ??= {};
  return task.meta.wirecheck;
}
