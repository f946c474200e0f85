// The webhook sender's target as its suites see it: not a URL but a way to make the
// sender deliver (a command run once per scenario, or the vendor triggering deliveries
// to the URLs wirecheck prints), and what the vendor says of its sender's settings.
import type { CheckContext } from '../checks/check.ts';
import type { TargetBase } from '../target/target-info.ts';

/** How a delivery is started. */
export type SenderTrigger =
  /**
   * Run once per scenario; `{url}`, `{event}`, `{secret}`, `{dead-letter-file}` in its words
   * are filled in. Each run may take `firstAttemptWithinMs` to make its first attempt (a
   * limit of the harness's, or the user's own with --sender-start-timeout: `userSet`).
   */
  | { readonly kind: 'command'; readonly words: readonly string[]; readonly firstAttemptWithinMs: number; readonly userSet?: true }
  /** Wirecheck prints each scenario's URL and event file, and waits this long for its first attempt. */
  | { readonly kind: 'listen'; readonly firstAttemptWithinMs: number };

export interface SenderTarget extends TargetBase {
  readonly system: 'webhook-sender';
  readonly trigger: SenderTrigger;
  /** The environment its commands run with: the vendor's own, or for the bundled sender the reference's. */
  readonly commandEnv: Readonly<Record<string, string>>;
  /** The shared secret the sender signs with. */
  readonly secret: string;
  /** The sender's attempt cap (Limits: 4 by default; --expect-max-attempts). */
  readonly maxAttempts: number;
  /** --jitter F: each delay may lie anywhere in [d × (1 − F), d × (1 + F)]; absent: the spec's exact rule. */
  readonly jitter?: number;
  /**
   * How long the sender waits for an answer before it counts an attempt failed, as the
   * vendor states it (--sender-timeout-ms; the spec shows none). Absent: unknown — an
   * unanswered attempt then ends at the sender's close, waited for up to a bound.
   */
  readonly senderTimeoutMs?: number;
  /** Lists the sender's exhausted deliveries (--dead-letter-cmd), with the same placeholders. */
  readonly deadLetterCommand?: readonly string[];
}

/** The target of a webhook-sender check. */
export function senderTarget(ctx: CheckContext): SenderTarget {
  if (ctx.target.system !== 'webhook-sender') throw new Error(`${ctx.check.id} is not a webhook-sender check`);
  return ctx.target as SenderTarget;
}
