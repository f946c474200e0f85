// Puts the sender under test through every scenario at once: the scripted receiver
// records each delivery's attempts while the sender runs (a command per scenario) or
// while the vendor triggers the deliveries (--listen). The whole certification takes
// about as long as its longest scenario. A scenario is over when the sender has gone
// quiet for longer than its next delay could be (and its command has ended). The limits
// here are the harness's own (stretched for a busy machine): a scenario cut at one is not
// judged against the sender (`cut`), the check ends `error` instead.
import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { scaledLimit } from '../target/machine-pace.ts';
import { attemptEnd } from './attempt-end.ts';
import { ruleDelayMs } from './delivery-rule.ts';
import { senderScenarios, type Scenario } from './scenarios.ts';
import { SchedulingNoise, toleranceOf, type NoiseReading } from './scheduling-noise.ts';
import { startCommand, type CommandRun, type Placeholders, type StartedCommand } from './sender-command.ts';
import { ScriptedReceiver, type Attempt, type Follow } from './scripted-receiver.ts';
import type { SenderTarget } from './sender-target.ts';

export interface ScenarioRun {
  readonly scenario: Scenario;
  readonly url: string;
  readonly event: { readonly id: string; readonly file: string; readonly bytes: Buffer };
  readonly attempts: readonly Attempt[];
  /** Requests to the scenario's Location URL (a 3xx with Location): the redirects the sender followed. */
  readonly follows: readonly Follow[];
  /** Command mode: how the sender's command ran. */
  readonly command?: CommandRun;
  /** Why the run stopped watching the scenario before it was over, if it did. */
  readonly cut?: Cut;
}

/**
 * A scenario the run stopped watching: at a limit of the harness's own (its whole time,
 * or a command's first attempt), or with the sender still waiting for an answer the
 * no-answer scenario never gives and no stated timeout to end it.
 */
export interface Cut {
  readonly kind: 'limit' | 'first-attempt' | 'still-waiting';
  /** The limit that ran out, in ms (as stretched for this machine). */
  readonly afterMs: number;
  /** The limit was the user's (--sender-start-timeout), not the harness's own. */
  readonly userSet?: true;
}

export interface SenderRun {
  readonly scenarios: ReadonlyMap<string, ScenarioRun>;
  /** How late this process's timers fired, over the run and at any moment of it. */
  readonly noise: NoiseReading;
  readonly placeholders: Omit<Placeholders, 'url' | 'event'>;
  /** Requests to paths that are no scenario's. */
  readonly strays: readonly string[];
}

/**
 * The commands start one after another, each once the one before has made its first
 * attempt (or ended, or this passed), and never more than MAX_STARTING at a time without
 * a first attempt: a sender's start-up costs CPU, and start-ups piled up (24 `npx` at
 * once on a loaded machine) would distort the delays measured meanwhile and starve the
 * commands themselves.
 */
const START_SETTLES_MS = 5_000;
const MAX_STARTING = 2;
/** A command that ended without any attempt: wait this long for a late one (a sender that queues and returns). */
export const LATE_FIRST_ATTEMPT_MS = 3_000;
/** How long a command may take to make its first attempt (a sender may take a while to start), unless --sender-start-timeout says. */
export const COMMAND_FIRST_ATTEMPT_MS = 30_000;

/** A command's time to its first attempt: the user's as given, the harness's own stretched for a busy machine. */
export function firstAttemptLimitMs(trigger: { readonly firstAttemptWithinMs: number; readonly userSet?: true }): number {
  return trigger.userSet ? trigger.firstAttemptWithinMs : scaledLimit(trigger.firstAttemptWithinMs);
}
/**
 * Without --sender-timeout-ms, how long the no-answer scenario waits for the sender to give
 * up on its unanswered attempt; a sender still waiting then is not judged on it (skipped).
 */
export const NO_ANSWER_WAIT_MS = 60_000;
const POLL_MS = 20;

/** The event of a scenario: valid, its id unique to the run, pretty-printed so that re-serialized bytes differ. */
function eventOf(scenario: Scenario, tag: string): { id: string; bytes: Buffer } {
  const id = `evt_ws_${tag}_${scenario.name}`;
  const event = { id, type: 'payment.succeeded', createdAt: new Date().toISOString(), data: { paymentId: `pay_ws_${tag}_${scenario.name}`, amount: 1250, currency: 'EUR', note: 'caf\u00e9 \u2014 r\u00e9sum\u00e9' } };
  return { id, bytes: Buffer.from(`${JSON.stringify(event, null, 2)}\n`, 'utf8') };
}

interface Live {
  readonly scenario: Scenario;
  readonly url: string;
  readonly event: ScenarioRun['event'];
  command?: StartedCommand;
  startedAt: number;
  done: boolean;
  cut?: Cut;
}

/** The whole time a scenario may take: every attempt waiting out the sender's timeout, and its delays. */
function limitOf(target: SenderTarget): number {
  return scaledLimit(target.maxAttempts * ((target.senderTimeoutMs ?? NO_ANSWER_WAIT_MS) + 2_000) + 30_000);
}

function cut(live: Live, kind: Cut['kind'], afterMs: number, userSet?: true): boolean {
  live.cut = { kind, afterMs, ...(userSet ? { userSet } : {}) };
  return true;
}

/** True once the scenario is over; cuts it (and its command) past its limit. */
function settle(live: Live, receiver: ScriptedReceiver, target: SenderTarget, toleranceMs: number, now: number): boolean {
  const attempts = receiver.attempts(live.scenario.name);
  // Not started yet (command starts wait for a slot): its time has not begun.
  if (target.trigger.kind === 'command' && !live.command) return false;
  const command = live.command?.run;
  const commandOver = target.trigger.kind === 'listen' || command?.exitedAt !== undefined;
  if (now - live.startedAt > limitOf(target)) return cut(live, 'limit', limitOf(target));
  const last = attempts.at(-1);
  if (!last) {
    if (command?.exitedAt !== undefined) return now - command.exitedAt > scaledLimit(LATE_FIRST_ATTEMPT_MS);
    // --listen's wait is the vendor's, and documented; a command's is the harness's own.
    if (target.trigger.kind === 'listen') return now - live.startedAt > target.trigger.firstAttemptWithinMs;
    const limit = firstAttemptLimitMs(target.trigger);
    return now - live.startedAt > limit && cut(live, 'first-attempt', limit, target.trigger.userSet);
  }
  const ends = attempts.map((a) => attemptEnd(a, target.senderTimeoutMs));
  const open = attempts.find((_, i) => (ends[i] ?? Infinity) > now);
  if (open) {
    // An unanswered attempt without a stated timeout: waited for up to a bound, then let go.
    const waiting = open.answer === 'no-answer' && target.senderTimeoutMs === undefined && now - open.arrivedAt > NO_ANSWER_WAIT_MS;
    return waiting && cut(live, 'still-waiting', NO_ANSWER_WAIT_MS);
  }
  // Quiet for longer than the next delay could be (jitter included): no further attempt is coming.
  const quietMs = ruleDelayMs(attempts.length) * (1 + (target.jitter ?? 0)) + toleranceMs + 250;
  return commandOver && now - (ends.at(-1) ?? now) >= quietMs;
}

/** A command started that has made no attempt yet, and is neither over nor given up on. */
function starting(live: Live, receiver: ScriptedReceiver): boolean {
  return live.command !== undefined && !live.done && live.command.run.exitedAt === undefined && receiver.attempts(live.scenario.name).length === 0;
}

async function startAll(lives: readonly Live[], target: SenderTarget, receiver: ScriptedReceiver, placeholders: SenderRun['placeholders']): Promise<void> {
  if (target.trigger.kind !== 'command') return;
  for (const live of lives) {
    while (lives.filter((l) => starting(l, receiver)).length >= MAX_STARTING) await sleep(POLL_MS);
    live.startedAt = performance.now();
    live.command = startCommand(target.trigger.words, target.commandEnv, { ...placeholders, url: live.url, event: live.event.file });
    const settled = performance.now() + scaledLimit(START_SETTLES_MS);
    while (starting(live, receiver) && performance.now() < settled) await sleep(POLL_MS);
  }
}

/** Runs every scenario, or those named in `only` (a delay measured again). */
export async function runSenderScenarios(target: SenderTarget, scratchDir: string, say: (line: string) => void, only?: readonly string[]): Promise<SenderRun> {
  const receiver = await ScriptedReceiver.start();
  // A delay measured again (`only`) is judged on the process starts measured meanwhile.
  const noise = new SchedulingNoise({ sampleStarts: only !== undefined });
  noise.start();
  const tag = randomBytes(4).toString('hex');
  const placeholders = { secret: target.secret, deadLetterFile: join(scratchDir, 'dead-letters.jsonl') };
  const lives: Live[] = senderScenarios(target.maxAttempts).filter((s) => !only || only.includes(s.name)).map((scenario) => {
    const event = eventOf(scenario, tag);
    const file = join(scratchDir, `${scenario.name}-${tag}.json`);
    writeFileSync(file, event.bytes);
    return { scenario, url: receiver.script(scenario.name, scenario.answers), event: { ...event, file }, startedAt: performance.now(), done: false };
  });
  try {
    if (target.trigger.kind === 'listen') {
      const list = lives.map((l) => ({ scenario: l.scenario.name, url: l.url, eventFile: l.event.file, eventId: l.event.id }));
      // Written whole, then renamed: a script polling for the file never reads half of it.
      const listFile = join(scratchDir, 'scenarios.json');
      writeFileSync(`${listFile}.partial`, `${JSON.stringify(list, null, 2)}\n`);
      renameSync(`${listFile}.partial`, listFile);
      say(`webhook-sender: listening. Deliver each event file to its URL with your sender (list: ${join(scratchDir, 'scenarios.json')}):`);
      for (const l of list) say(`  ${l.url}  ${l.eventFile}`);
    }
    const starting = startAll(lives, target, receiver, placeholders);
    let done = 0;
    while (done < lives.length) {
      await sleep(POLL_MS);
      const now = performance.now();
      for (const live of lives) if (!live.done && settle(live, receiver, target, toleranceOf(noise.maxLateMs), now)) live.done = true;
      const finished = lives.filter((l) => l.done).length;
      // Waiting on the vendor can take minutes: say how far it got.
      if (target.trigger.kind === 'listen' && finished > done) say(`webhook-sender: ${finished} of ${lives.length} scenarios over`);
      done = finished;
    }
    await starting;
  } finally {
    for (const live of lives) live.command?.kill();
    await Promise.all(lives.flatMap((l) => (l.command ? [l.command.done] : [])));
    await noise.stop();
    await receiver.close();
  }
  const scenarios = new Map(lives.map((l) => [l.scenario.name, {
    scenario: l.scenario, url: l.url, event: l.event, attempts: receiver.attempts(l.scenario.name), follows: receiver.follows(l.scenario.name),
    ...(l.cut ? { cut: l.cut } : {}), ...(l.command ? { command: l.command.run } : {}),
  }]));
  return { scenarios, noise, placeholders, strays: receiver.strays };
}
