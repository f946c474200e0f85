// The webhook sender's options of `wirecheck run`: how the sender under test is made to
// deliver (a command per scenario, or --listen), the secret it signs with, and what the
// vendor states of its settings where the spec allows a choice (cap, jitter, timeout).
import { randomBytes } from 'node:crypto';
import { commandOptionOf } from '../../target/split-command.ts';
import { COMMAND_FIRST_ATTEMPT_MS, NO_ANSWER_WAIT_MS } from '../../webhook-sender/run-sender-scenarios.ts';
import { stringValue, type OptionRow } from '../option-table.ts';
import type { ResolveInputs } from '../system-module.ts';

export interface WebhookSenderOptions {
  /** --sender-cmd's words, or --listen; absent: the bundled sender (`wirecheck send`). */
  readonly trigger?: { readonly kind: 'command'; readonly words: readonly string[] } | { readonly kind: 'listen' };
  readonly secret: string;
  readonly maxAttempts?: number;
  readonly jitter?: number;
  readonly senderTimeoutMs?: number;
  /** --sender-start-timeout, in ms: how long each command may take to make its first attempt. */
  readonly startTimeoutMs?: number;
  readonly deadLetterWords?: readonly string[];
  /** The environment the vendor's commands run with: the user's own. */
  readonly commandEnv: Readonly<Record<string, string>>;
}

const PLACEHOLDERS = '{url}, {event}, {secret} and {dead-letter-file}';

const SENDER_CMD: OptionRow = {
  flag: 'sender-cmd', type: 'string', usage: '--sender-cmd CMD',
  help: [
    'the sender under test, run once per scenario; its words may', `hold ${PLACEHOLDERS}`,
    '(also in env WIRECHECK_DELIVERY_URL, WIRECHECK_EVENT_FILE,', 'WEBHOOK_SECRET, WIRECHECK_DEAD_LETTER_FILE); no shell',
  ],
  readme: ['`--sender-cmd CMD`', `webhook-sender: the sender under test, run once per scenario without a shell; its words may hold ${PLACEHOLDERS} (also in the environment: \`WIRECHECK_DELIVERY_URL\`, \`WIRECHECK_EVENT_FILE\`, \`WEBHOOK_SECRET\`, \`WIRECHECK_DEAD_LETTER_FILE\`). Without it and --listen: the bundled sender`],
};
const LISTEN: OptionRow = {
  flag: 'listen', type: 'boolean',
  help: ['print a URL and an event file per scenario and wait for', 'your sender to deliver them (needs --sender-secret)'],
  readme: ['`--listen`', 'webhook-sender: print each scenario\'s URL and event file (and write them to `<report-dir>/webhook-sender/scenarios.json`) and wait up to 5 minutes for the first attempt of each: for senders triggered from their own UI or API'],
};
const SENDER_SECRET: OptionRow = {
  flag: 'sender-secret', type: 'string', usage: '--sender-secret S', env: 'WEBHOOK_SENDER_SECRET',
  help: ['the secret the sender signs with (or env WEBHOOK_SENDER_SECRET);', 'with --sender-cmd, made for the run when not given'],
  readme: ['`--sender-secret S`', 'webhook-sender: the secret the sender signs with (or env `WEBHOOK_SENDER_SECRET`); needed with --listen, made for the run otherwise'],
  reproduce: { placeholder: '"$WEBHOOK_SENDER_SECRET"' },
};
const MAX_ATTEMPTS: OptionRow = {
  flag: 'expect-max-attempts', type: 'string', usage: '--expect-max-attempts N',
  help: ['the sender\'s attempt cap, 1 to 20 (default 4, the spec\'s)'],
  readme: ['`--expect-max-attempts N`', 'webhook-sender: the attempt cap the sender is configured with, 1 to 20 (default 4, the spec\'s); 5 or more also judges the 2000 ms delay ceiling (WS-DELAY-02)'],
};
const JITTER: OptionRow = {
  flag: 'jitter', type: 'string', usage: '--jitter F',
  help: ['the sender\'s documented jitter: each delay anywhere in', '[d × (1 − F), d × (1 + F)], 0 < F ≤ 1 (default: none, the spec\'s rule)'],
  readme: ['`--jitter F`', 'webhook-sender: the sender\'s documented jitter, a fraction 0 < F ≤ 1: each delay may lie anywhere in [d × (1 − F), d × (1 + F)] (default none, the spec\'s rule)'],
};
const SENDER_TIMEOUT: OptionRow = {
  flag: 'sender-timeout-ms', type: 'string', usage: '--sender-timeout-ms MS',
  help: [
    'how long the sender waits for an answer before it gives up on', 'an attempt (the spec shows none; any whole number of ms):',
    'an unanswered attempt ends then for the delay rule. Without it,', `it ends at the sender's close, waited for up to ${NO_ANSWER_WAIT_MS / 1000} s`,
  ],
  readme: ['`--sender-timeout-ms MS`', `webhook-sender: how long the sender waits for an answer before it gives up on an attempt (the spec shows no sender timeout: any whole number of milliseconds). An attempt ends, for the delay rule, at the earliest of the answer, a reset, the sender's close and its first byte plus this timeout. Without it an unanswered attempt ends at the sender's close: the no-answer scenario waits up to ${NO_ANSWER_WAIT_MS / 1000} s for it, and WS-RETRY-03 is skipped, saying so, if the sender is still waiting`],
};
const START_TIMEOUT: OptionRow = {
  flag: 'sender-start-timeout', type: 'string', usage: '--sender-start-timeout S',
  help: ['seconds each sender command may take to make its first attempt', `(default ${COMMAND_FIRST_ATTEMPT_MS / 1000}, stretched on a busy machine); past it the scenario`, 'is cut and its checks end error, naming this limit'],
  readme: ['`--sender-start-timeout S`', `webhook-sender: seconds each run of --sender-cmd may take to make its first attempt (default ${COMMAND_FIRST_ATTEMPT_MS / 1000}, stretched on a busy machine; give more for a sender that starts slowly, a JVM or a container). A command still silent then is cut: its checks end \`error\` naming the limit, never failed`],
};
const DEAD_LETTER_CMD: OptionRow = {
  flag: 'dead-letter-cmd', type: 'string', usage: '--dead-letter-cmd CMD',
  help: ['lists the sender\'s exhausted deliveries (same placeholders);', 'without it WS-DLQ-01 is skipped'],
  readme: ['`--dead-letter-cmd CMD`', `webhook-sender: a command that lists the sender's exhausted deliveries (same placeholders); WS-DLQ-01 looks for the exhausted event's id in its output, and is skipped without it`],
};

/** A day: the largest whole number the option takes (a timeout, however long, is finite). */
const MAX_SENDER_TIMEOUT_MS = 86_400_000;

export const WEBHOOK_SENDER_OPTION_ROWS: readonly OptionRow[] = [SENDER_CMD, LISTEN, SENDER_SECRET, MAX_ATTEMPTS, JITTER, SENDER_TIMEOUT, START_TIMEOUT, DEAD_LETTER_CMD];

function integerOf(values: ResolveInputs['values'], key: string, flag: string, range: [number, number], problems: string[]): number | undefined {
  const text = values[key];
  if (typeof text !== 'string') return undefined;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= range[0] && value <= range[1])) problems.push(`${flag} must be a whole number from ${range[0]} to ${range[1]} (got "${text}")`);
  return value;
}

export function resolveWebhookSenderOptions({ values, env, cwd, external, selected, problems }: ResolveInputs): WebhookSenderOptions {
  // Relative paths taken from the directory wirecheck runs in, where the commands run too.
  const words = commandOptionOf(values['senderCmd'] as string | undefined, '--sender-cmd', 'the command that runs your sender', cwd, problems);
  const listen = values['listen'] === true;
  const secret = stringValue(SENDER_SECRET, values, env);
  if (selected) {
    if (words && listen) problems.push('webhook-sender: give --sender-cmd or --listen, not both');
    if (external && !words && !listen) problems.push('webhook-sender: --target external needs the sender under test: --sender-cmd "CMD" (run per scenario) or --listen');
    if (listen && !secret) problems.push('webhook-sender: --listen needs the secret your sender signs with: --sender-secret S or env WEBHOOK_SENDER_SECRET');
  }
  if (values['senderSecret'] === '') problems.push('--sender-secret must not be empty');
  const maxAttempts = integerOf(values, 'expectMaxAttempts', '--expect-max-attempts', [1, 20], problems);
  // Any finite timeout the vendor states: the spec shows none ("Sender timeout …: not shown").
  const timeout = integerOf(values, 'senderTimeoutMs', '--sender-timeout-ms', [1, MAX_SENDER_TIMEOUT_MS], problems);
  const startSeconds = integerOf(values, 'senderStartTimeout', '--sender-start-timeout', [1, 3600], problems);
  if (startSeconds !== undefined && words === undefined && selected) problems.push('--sender-start-timeout is for --sender-cmd: the time each run of the command has to make its first attempt');
  const jitterText = values['jitter'] as string | undefined;
  const jitter = jitterText === undefined ? undefined : Number(jitterText);
  if (jitter !== undefined && !(jitter > 0 && jitter <= 1)) problems.push(`--jitter must be a fraction 0 < F ≤ 1, e.g. 0.5 for delays between half and one and a half times the rule's (got "${jitterText}")`);
  const deadLetterWords = commandOptionOf(values['deadLetterCmd'] as string | undefined, '--dead-letter-cmd', 'the command that lists your sender\'s exhausted deliveries', cwd, problems);
  const commandEnv = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
  return {
    ...(words ? { trigger: { kind: 'command' as const, words } } : listen ? { trigger: { kind: 'listen' as const } } : {}),
    secret: secret ?? randomBytes(24).toString('hex'),
    ...(maxAttempts !== undefined ? { maxAttempts } : {}),
    ...(jitter !== undefined ? { jitter } : {}),
    ...(timeout !== undefined ? { senderTimeoutMs: timeout } : {}),
    ...(startSeconds !== undefined ? { startTimeoutMs: startSeconds * 1000 } : {}),
    ...(deadLetterWords ? { deadLetterWords } : {}),
    commandEnv,
  };
}
