// Before any check, the sender command is proven to deliver at all: one event, answered
// 202 at once. A command that delivers nothing (a typo, a placeholder left out, a sender
// that cannot start) is a set-up mistake: the run ends with exit 2, the command's own
// words and output, and the fix — not with every check failing on "no attempt".
// (--listen has no preflight: each scenario's wait for its first attempt is the vendor's.)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import { escapeControls } from '../http/escape-controls.ts';
import { Redactor, type Transcript } from '../http/index.ts';
import type { SystemFindings } from '../target/target-info.ts';
import { firstAttemptLimitMs, LATE_FIRST_ATTEMPT_MS } from './run-sender-scenarios.ts';
import { scaledLimit, scaledNote } from '../target/machine-pace.ts';
import { startCommand } from './sender-command.ts';
import { ScriptedReceiver } from './scripted-receiver.ts';
import type { SenderTarget } from './sender-target.ts';

const SHOWN_OUTPUT = 1_500;

const PREFLIGHT_EVENT = {
  id: 'evt_wirecheck_sender_preflight', type: 'payment.succeeded', createdAt: new Date(0).toISOString(),
  data: { paymentId: 'pay_wirecheck_sender_preflight', amount: 1, currency: 'EUR' },
};

export async function preflightSender(target: SenderTarget, inputs: { scratchDir: string; transcript: Transcript }): Promise<SystemFindings> {
  if (target.trigger.kind !== 'command') return {};
  const receiver = await ScriptedReceiver.start();
  const url = receiver.script('preflight', [202]);
  const event = join(inputs.scratchDir, 'webhook-sender-preflight.json');
  writeFileSync(event, `${JSON.stringify(PREFLIGHT_EVENT, null, 2)}\n`);
  const command = startCommand(target.trigger.words, target.commandEnv, {
    url, event, secret: target.secret, deadLetterFile: join(inputs.scratchDir, 'webhook-sender-preflight-dead-letters.jsonl'),
  });
  const started = performance.now();
  const firstWithinMs = firstAttemptLimitMs(target.trigger);
  try {
    for (;;) {
      const { exitedAt } = command.run;
      if (receiver.attempts('preflight').length > 0) break;
      if (exitedAt !== undefined ? performance.now() - exitedAt > scaledLimit(LATE_FIRST_ATTEMPT_MS) : performance.now() - started > firstWithinMs) break;
      await sleep(20);
    }
    await Promise.race([command.done, sleep(5_000)]);
  } finally {
    command.kill();
    await command.done;
    await receiver.close();
  }
  const { run } = command;
  const how = run.exitedAt === undefined || run.killed ? 'was still running' : `exited ${String(run.code)}`;
  const output = escapeControls(new Redactor({ secrets: [target.secret] }).redactText(run.output.trim()), { keepNewlines: true }).slice(-SHOWN_OUTPUT);
  inputs.transcript.note(`webhook-sender preflight: one event to ${url}, answered 202; ${receiver.attempts('preflight').length} attempt(s); the command ${how}\n${output}`);
  if (receiver.attempts('preflight').length > 0) return {};
  throw new WirecheckError(ERROR_CODES.preflightFailed, [
    `the sender command delivered nothing: asked to deliver one event to ${url}, it ${how} without a single attempt within ${(run.exitedAt === undefined ? firstWithinMs : scaledLimit(LATE_FIRST_ATTEMPT_MS)) / 1000} s${run.exitedAt === undefined && target.trigger.userSet ? ' (--sender-start-timeout)' : scaledNote()}.`,
    ...(run.exitedAt === undefined ? ['A sender that takes longer to start (a JVM, a container) can be given more time with --sender-start-timeout S.'] : []),
    output ? `Its output:\n${output}` : 'It printed nothing.',
    'Check --sender-cmd: it must send the file {event} to {url}, signed with {secret} (the placeholders are filled in per scenario; the command runs without a shell, from the current directory).',
  ].join('\n'));
}
