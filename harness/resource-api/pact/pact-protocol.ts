// What passes between pact-process.ts and its child pact-main.ts.
import type { TargetTraffic } from '../../http/target-traffic.ts';
import type { ResourceApiTarget } from '../resource-api-target.ts';

export const RESULT_MARKER = 'WIRECHECK_PACT_RESULT';

export interface PactRunInput {
  readonly pactDir: string;
  /** Verify the pact already in pactDir instead of writing it first. */
  readonly verifyOnly?: boolean;
  /** Without it, only the consumer side runs (the pact is written, not verified). */
  readonly target?: Pick<ResourceApiTarget, 'baseUrl' | 'token' | 'userId' | 'otherUserId'>;
  /** The run's response budget (--max-response-bytes), for the verifier's answers and the state set-up. */
  readonly maxResponseBytes?: number;
  /** The run's extra headers and rate limit, for the verifier's requests and the state set-up. */
  readonly traffic?: TargetTraffic;
}

export interface PactRunResult {
  readonly pactFile?: string;
  readonly verified: boolean;
  readonly passed: boolean;
  readonly mismatches: readonly string[];
  /** The exchanges of the provider-state set-up, redacted. */
  readonly transcript: string;
  /** Provider states whose deletion showed only a moment after its 204 (provider-verification.ts). */
  readonly lateCommits?: readonly string[];
  readonly error?: string;
  /** The error is the harness's own (Pact's core, the process, the contract's writing), not the target's: the check ends `error`. */
  readonly harnessError?: true;
}
