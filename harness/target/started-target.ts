// A target ready for the suites, and how to take it down again.
import type { SystemTarget } from './target-info.ts';

export interface StartedTarget<T extends SystemTarget = SystemTarget> {
  readonly target: T;
  stop(): Promise<void>;
}
