// Puts the sender under test through every scenario at once: the scripted receiver
// records each delivery's attempts while the sender runs (a command per scenario) or
// while the vendor triggers the deliveries (--listen). The whole certification takes
// about as long as its longest scenario. A scenario is over when the sender has gone
// quiet for longer than its next delay could be (and its command has ended).
import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ruleDelayMs } from './delivery-rule.ts';
import { senderScenarios, type Scenario } from './scenarios.ts';
import { SchedulingNoise, toleranceOf, type NoiseReading } from './scheduling-noise.ts';
import { startCommand, type CommandRun, type Placeholders, type StartedCommand } from './sender-command.ts';
import { ScriptedReceiver, type Attempt } from './scripted-receiver.ts';
import type { SenderTarget } from './sender-target.ts';

export interface ScenarioRun {
  readonly scenario: Scenario;
  readonly url: string;
  readonly event: { readonly id: string; readonly file: string; readonly bytes: Buffer };
  readonly attempts: readonly Attempt[];
  /** Command mode: how the sender's command ran. */
  readonly command?: CommandRun;
  /** The scenario was cut at its time limit. */
  readonly cut: boolean;
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
 * attempt (or ended, or this passed): a sender's start-up costs CPU, and start-ups piled
 * up would distort the delays measured meanwhile.
 */
const START_SETTLES_MS = 5_000;
/** A command that ended without any attempt: wait this long for a late one (a sender that queues and returns). */
export const LATE_FIRST_ATTEMPT_MS = 3_000;
/** How long a command may take to make its first attempt (a sender may take a while to start). */
export const COMMAND_FIRST_ATTEMPT_MS = 30_000;
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
  cut: boolean;
}

function limitOf(target: SenderTarget): number {
  return target.maxAttempts * (target.senderTimeoutMs + 2_000) + 30_000;
}

/** True once the scenario is over; cuts it (and its command) past its limit. */
function settle(live: Live, receiver: ScriptedReceiver, target: SenderTarget, toleranceMs: number, now: number): boolean {
  const attempts = receiver.attempts(live.scenario.name);
  // Not started yet (command starts wait for a slot): its time has not begun.
  if (target.trigger.kind === 'command' && !live.command) return false;
  const command = live.command?.run;
  const commandOver = target.trigger.kind === 'listen' || command?.exitedAt !== undefined;
  if (now - live.startedAt > limitOf(target)) {
    live.cut = true;
    return true;
  }
  const last = attempts.at(-1);
  if (!last) {
    if (command?.exitedAt !== undefined) return now - command.exitedAt > LATE_FIRST_ATTEMPT_MS;
    const firstWithin = target.trigger.kind === 'listen' ? target.trigger.firstAttemptWithinMs : COMMAND_FIRST_ATTEMPT_MS;
    return now - live.startedAt > firstWithin;
  }
  if (last.endedAt === undefined || !receiver.idle(live.scenario.name)) return false;
  // Quiet for longer than the next delay could be (jitter included): no further attempt is coming.
  const quietMs = ruleDelayMs(attempts.length) * (1 + (target.jitter ?? 0)) + toleranceMs + 250;
  return commandOver && now - last.endedAt >= quietMs;
}

async function startAll(lives: readonly Live[], target: SenderTarget, receiver: ScriptedReceiver, placeholders: SenderRun['placeholders']): Promise<void> {
  if (target.trigger.kind !== 'command') return;
  for (const live of lives) {
    live.startedAt = performance.now();
    live.command = startCommand(target.trigger.words, target.commandEnv, { ...placeholders, url: live.url, event: live.event.file });
    const settled = performance.now() + START_SETTLES_MS;
    while (receiver.attempts(live.scenario.name).length === 0 && live.command.run.exitedAt === undefined && performance.now() < settled) await sleep(POLL_MS);
  }
}

/** Runs every scenario, or those named in `only` (a delay measured again). */
export async function runSenderScenarios(target: SenderTarget, scratchDir: string, say: (line: string) => void, only?: readonly string[]): Promise<SenderRun> {
  const receiver = await ScriptedReceiver.start();
  const noise = new SchedulingNoise();
  noise.start();
  const tag = randomBytes(4).toString('hex');
  const placeholders = { secret: target.secret, deadLetterFile: join(scratchDir, 'dead-letters.jsonl') };
  const lives: Live[] = senderScenarios(target.maxAttempts).filter((s) => !only || only.includes(s.name)).map((scenario) => {
    const event = eventOf(scenario, tag);
    const file = join(scratchDir, `${scenario.name}-${tag}.json`);
    writeFileSync(file, event.bytes);
    return { scenario, url: receiver.script(scenario.name, scenario.answers), event: { ...event, file }, startedAt: performance.now(), done: false, cut: false };
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
    noise.stop();
    await receiver.close();
  }
  const scenarios = new Map(lives.map((l) => [l.scenario.name, {
    scenario: l.scenario, url: l.url, event: l.event, attempts: receiver.attempts(l.scenario.name), cut: l.cut,
    ...(l.command ? { command: l.command.run } : {}),
  }]));
  return { scenarios, noise, placeholders, strays: receiver.strays };
}
