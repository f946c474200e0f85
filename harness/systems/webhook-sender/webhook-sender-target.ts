// The sender under test as a target: the bundled sender (`wirecheck send`, run once per
// scenario with the self-test's faults), or the vendor's, by command or by --listen.
import { projectPath } from '../../project-paths.ts';
import type { StartedTarget } from '../../target/started-target.ts';
import { COMMAND_FIRST_ATTEMPT_MS } from '../../webhook-sender/run-sender-scenarios.ts';
import type { SenderTarget } from '../../webhook-sender/sender-target.ts';
import type { StartInputs } from '../system-module.ts';
import type { WebhookSenderOptions } from './webhook-sender-options.ts';

const WIRECHECK = [process.execPath, projectPath('bin/wirecheck.js')];

/**
 * The bundled sender's settings for its certification: a cap of 6, so that the 2000 ms
 * ceiling is judged too, and a 2 s timeout, so that the no-answer scenario is not the
 * longest by far.
 */
export const REFERENCE_SENDER = { maxAttempts: 6, timeoutMs: 2_000 } as const;

/** --sender-start-timeout, the user's own limit, or the harness's. */
function startLimit(own: WebhookSenderOptions): { firstAttemptWithinMs: number; userSet?: true } {
  return own.startTimeoutMs === undefined ? { firstAttemptWithinMs: COMMAND_FIRST_ATTEMPT_MS } : { firstAttemptWithinMs: own.startTimeoutMs, userSet: true };
}

/** What a run says of the target (reports, bundle): the command, its secret not in it. */
function describe(own: WebhookSenderOptions): string {
  const trigger = own.trigger;
  if (!trigger) return 'wirecheck send (bundled sender)';
  return trigger.kind === 'listen' ? 'listen: deliveries triggered by the vendor' : `command: ${trigger.words.join(' ')}`;
}

export function startWebhookSender({ run, own }: StartInputs<WebhookSenderOptions>): Promise<StartedTarget<SenderTarget>> {
  const bundled = own.trigger === undefined;
  const base = { system: 'webhook-sender' as const, baseUrl: describe(own), capabilities: [], secret: own.secret };
  const target: SenderTarget = bundled
    ? {
      ...base, kind: 'reference',
      trigger: {
        kind: 'command',
        words: [...WIRECHECK, 'send', '--url', '{url}', '--event', '{event}', '--secret', '{secret}', '--dead-letter', '{dead-letter-file}',
          '--max-attempts', String(REFERENCE_SENDER.maxAttempts), '--timeout-ms', String(REFERENCE_SENDER.timeoutMs)],
        firstAttemptWithinMs: COMMAND_FIRST_ATTEMPT_MS,
      },
      commandEnv: run.referenceEnv, maxAttempts: REFERENCE_SENDER.maxAttempts, senderTimeoutMs: REFERENCE_SENDER.timeoutMs,
      deadLetterCommand: [...WIRECHECK, 'deliveries', 'list', '--dead-letter', '{dead-letter-file}', '--json'],
    }
    : {
      ...base, kind: 'external',
      trigger: own.trigger?.kind === 'command'
        ? { kind: 'command', words: own.trigger.words, ...startLimit(own) }
        : { kind: 'listen', firstAttemptWithinMs: 5 * 60_000 },
      commandEnv: own.commandEnv, maxAttempts: own.maxAttempts ?? 4, ...(own.senderTimeoutMs !== undefined ? { senderTimeoutMs: own.senderTimeoutMs } : {}),
      ...(own.jitter !== undefined ? { jitter: own.jitter } : {}),
      ...(own.deadLetterWords ? { deadLetterCommand: own.deadLetterWords } : {}),
    };
  return Promise.resolve({ target, stop: async () => {} });
}
