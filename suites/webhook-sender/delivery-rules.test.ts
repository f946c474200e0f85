// The sender-side delivery rules, judged on a black box: before any check, every scenario
// runs at once against wirecheck's scripted receiver (harness/webhook-sender/); each check
// then grades the attempts recorded — how many, which bytes, and the delays between them.
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect } from 'vitest';
import { check, type CheckContext } from '../../harness/checks/check.ts';
import { suiteRun } from '../../harness/checks/suite-run.ts';
import { delayWindow, FIRST_CAPPED_ATTEMPT, ruleDelayMs } from '../../harness/webhook-sender/delivery-rule.ts';
import { runSenderScenarios, type ScenarioRun, type SenderRun } from '../../harness/webhook-sender/run-sender-scenarios.ts';
import { failuresBeforeSuccess, REJECT_STATUSES, RETRY_STATUSES, senderScenarios, SUCCESS_STATUSES } from '../../harness/webhook-sender/scenarios.ts';
import { BASE_TOLERANCE_MS, toleranceOf } from '../../harness/webhook-sender/scheduling-noise.ts';
import { runCommand } from '../../harness/webhook-sender/sender-command.ts';
import { senderTarget, type SenderTarget } from '../../harness/webhook-sender/sender-target.ts';

/** Long enough for the slowest sender the options allow: 20 attempts of 120 s. */
const SCENARIOS_LIMIT_MS = 60 * 60_000;

let senderRun: SenderRun | undefined;
let setupFailure: Error | undefined;

/** Where the scenarios' event files and the sender's dead letters go: beside the report, as evidence. */
function scratch(): string {
  const dir = join(suiteRun().reportDir, 'webhook-sender');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The run's own lines (--listen's URLs, the noise) go to the terminal as they come. */
const say = (line: string) => { process.stderr.write(`${line}\n`); };

beforeAll(async () => {
  const target = suiteRun().targets['webhook-sender'] as SenderTarget | undefined;
  if (!target) return;
  try {
    senderRun = await runSenderScenarios(target, scratch(), say);
    say(`webhook-sender: timers fired up to ${senderRun.noise.maxLateMs} ms late during the run; each delay is judged with ${BASE_TOLERANCE_MS} ms plus twice the lateness measured while it ran`);
  } catch (error) {
    // Every check fails with it (a failing beforeAll would only skip them).
    setupFailure = error as Error;
  }
}, SCENARIOS_LIMIT_MS);

/** The transcripts that already say how noisy the run was. */
const noted = new WeakSet<object>();

function recorded(ctx: CheckContext): SenderRun {
  if (setupFailure) throw setupFailure;
  if (!senderRun) throw new Error('the scenarios did not run');
  if (noted.has(ctx.transcript)) return senderRun;
  noted.add(ctx.transcript);
  ctx.transcript.note(`scheduling noise: timers fired up to ${senderRun.noise.maxLateMs} ms late during the run; a delay's tolerance is ${BASE_TOLERANCE_MS} ms plus twice the lateness measured while it ran`);
  if (senderRun.strays.length > 0) ctx.transcript.note(`requests to no scenario's URL (answered 404): ${senderRun.strays.slice(0, 5).join('; ')}`);
  return senderRun;
}

/** One scenario of the run, its attempts written into the transcript (their signatures are not). */
function scenario(ctx: CheckContext, name: string): ScenarioRun {
  return scenarioOf(ctx, recorded(ctx), name);
}

function scenarioOf(ctx: CheckContext, from: SenderRun, name: string): ScenarioRun {
  const run = from.scenarios.get(name);
  if (!run) throw new Error(`no scenario ${name}`);
  const start = run.attempts[0]?.arrivedAt ?? 0;
  const at = (t: number | undefined) => (t === undefined ? '—' : `+${Math.round(t - start)} ms`);
  const lines = run.attempts.map((a, i) => {
    const before = run.attempts[i - 1]?.endedAt;
    const delay = before === undefined ? '' : `, ${Math.round(a.arrivedAt - before)} ms after the attempt before ended`;
    return `  attempt ${a.n} arrived ${at(a.arrivedAt)}${delay}; answered ${String(a.answer)}; ended ${at(a.endedAt)}`;
  });
  const command = run.command;
  const how = command ? `; command ${command.killed ? 'killed at the time limit' : `exited ${String(command.code)} at ${at(command.exitedAt)}`}` : '';
  ctx.transcript.note(`scenario ${name} (${run.url}, event ${run.event.id}): ${run.attempts.length} attempt(s)${run.cut ? ', cut at its time limit' : ''}${how}\n${lines.join('\n')}`);
  if (command?.output) ctx.transcript.note(`its command's output:\n${command.output}`);
  return run;
}

function expectAttempts(ctx: CheckContext, name: string, count: number, why: string): ScenarioRun {
  const run = scenario(ctx, name);
  if (run.attempts.length === 0) throw new Error(`scenario ${name}: the sender made no attempt at all — see its command's output in the transcript`);
  expect(run.attempts.length, `scenario ${name}: ${why}`).toBe(count);
  return run;
}

check('WS-STOP-01', (ctx) => {
  for (const status of SUCCESS_STATUSES) expectAttempts(ctx, `success-${status}`, 1, `a ${status} ends the delivery: exactly one attempt`);
});

check('WS-STOP-02', (ctx) => {
  const failures = failuresBeforeSuccess(senderTarget(ctx).maxAttempts);
  expectAttempts(ctx, 'retry-then-202', failures + 1, `${failures} × 503 are retried and the 202 that follows ends the delivery`);
});

check('WS-STOP-03', (ctx) => {
  for (const status of REJECT_STATUSES) expectAttempts(ctx, `reject-${status}`, 1, `${status} is a permanent rejection: exactly one attempt`);
});

check('WS-RETRY-01', (ctx) => {
  for (const status of RETRY_STATUSES) expectAttempts(ctx, `retry-${status}`, 2, `${status} is no success: it is retried, and the 202 of attempt 2 ends the delivery`);
});

check('WS-RETRY-02', (ctx) => {
  expectAttempts(ctx, 'reset', 2, 'a connection reset is retried, and the 202 of attempt 2 ends the delivery');
});

check('WS-RETRY-03', (ctx) => {
  expectAttempts(ctx, 'no-answer', 2, `an attempt without an answer is retried once the sender gives up on it (--sender-timeout-ms ${senderTarget(ctx).senderTimeoutMs}), and the 202 of attempt 2 ends the delivery`);
});

check('WS-CAP-01', (ctx) => {
  const cap = senderTarget(ctx).maxAttempts;
  expectAttempts(ctx, 'cap', cap, `against 503 answers the sender makes exactly its cap of ${cap} attempts`);
});

interface DelayVerdicts {
  /** Each scenario with a delay outside its window, and those delays. */
  readonly outside: Map<string, string[]>;
  /** Delays during which the machine was too busy to tell a delay from its double, by scenario. */
  readonly unjudged: Map<string, string[]>;
  judged: number;
}

/**
 * The delays measured before attempt n+1, for the attempts n the filter takes, in the
 * scenarios given, each within its window: the rule's delay (or the --jitter range) with
 * a tolerance from the scheduling noise measured while it ran.
 */
function delayVerdicts(ctx: CheckContext, run: SenderRun, names: Iterable<string>, take: (n: number) => boolean): DelayVerdicts {
  const target = senderTarget(ctx);
  const verdicts: DelayVerdicts = { outside: new Map(), unjudged: new Map(), judged: 0 };
  const add = (map: Map<string, string[]>, name: string, text: string) => map.set(name, [...(map.get(name) ?? []), text]);
  for (const name of names) {
    const { attempts } = scenarioOf(ctx, run, name);
    attempts.forEach((next, i) => {
      const before = attempts[i - 1];
      if (!before || before.endedAt === undefined || !take(before.n)) return;
      const delay = Math.round(next.arrivedAt - before.endedAt);
      const late = run.noise.lateBetween(before.endedAt, next.arrivedAt);
      const tolerance = toleranceOf(late);
      const where = `${name}: ${delay} ms before attempt ${next.n}`;
      // Past half the delay, a tolerance could not tell the delay from its double.
      if (tolerance > ruleDelayMs(before.n) / 2) return void add(verdicts.unjudged, name, `${where} (timers up to ${late} ms late meanwhile)`);
      const window = delayWindow(before.n, tolerance, target.jitter);
      verdicts.judged += 1;
      ctx.transcript.note(`${where}: window ${window.min}–${window.max} ms`);
      if (delay < window.min || delay > window.max) add(verdicts.outside, name, `${where}, outside ${window.min}–${window.max} ms`);
    });
  }
  return verdicts;
}

/** Times a delay is measured again, its scenario alone, before a delay outside its window counts. */
const REMEASURES = 2;
/** Room for the measures again: each as long as the scenarios' own limit allows. */
const REMEASURE_LIMIT_MS = 30 * 60_000;

/** The scenario's verdicts alone. */
function only(verdicts: DelayVerdicts, name: string): { outside: string[]; unjudged: string[]; judged: number } {
  return { outside: verdicts.outside.get(name) ?? [], unjudged: verdicts.unjudged.get(name) ?? [], judged: verdicts.judged };
}

/**
 * Judges the delays. A scenario with a delay outside its window, or one the machine was
 * too busy to judge, is measured again, alone, up to REMEASURES times, shortest scenario
 * first: a sender whose delays are wrong is wrong every time, while a stall of the
 * machine does not come back on cue. The first scenario wrong in every measurement
 * decides (the rest are not measured again: a broken sender fails fast).
 */
async function judgeDelays(ctx: CheckContext, take: (n: number) => boolean): Promise<void> {
  const run = recorded(ctx);
  const target = senderTarget(ctx);
  const first = delayVerdicts(ctx, run, run.scenarios.keys(), take);
  let judged = first.judged;
  // Only a command can be run again: deliveries the vendor triggered (--listen) are measured once.
  const remeasures = target.trigger.kind === 'command' ? REMEASURES : 0;
  const order = senderScenarios(target.maxAttempts).map((s) => s.name).reverse();
  const flagged = order.filter((name) => first.outside.has(name) || first.unjudged.has(name));
  const wrong: string[] = [];
  const unjudged: string[] = [];
  for (const name of flagged) {
    let verdict = only(first, name);
    for (let again = 1; again <= remeasures && (verdict.outside.length > 0 || verdict.unjudged.length > 0); again++) {
      ctx.transcript.note(`measured again (${again} of ${remeasures}), alone: ${[...verdict.outside, ...verdict.unjudged].join('; ')}`);
      verdict = only(delayVerdicts(ctx, await runSenderScenarios(target, scratch(), say, [name]), [name], take), name);
      judged += verdict.judged;
    }
    unjudged.push(...verdict.unjudged);
    if (verdict.outside.length > 0) {
      wrong.push(...verdict.outside);
      const rest = flagged.slice(flagged.indexOf(name) + 1);
      if (rest.length > 0) ctx.transcript.note(`not measured again, one scenario wrong every time being enough: ${rest.flatMap((r) => only(first, r).outside).join('; ')}`);
      break;
    }
  }
  if (unjudged.length > 0) ctx.transcript.note(`not judged, the machine too busy to tell a delay from its double: ${unjudged.join('; ')}`);
  if (judged === 0 && unjudged.length > 0) ctx.skip(`the machine was too busy to judge any delay (${unjudged[0]}): run again on a quieter machine`);
  expect(judged, 'the sender must have retried for its delays to be judged').toBeGreaterThan(0);
  expect(wrong, `every delay follows min(250 × 2^(n−1), 2000) ms${target.jitter ? ` with the jitter of ±${target.jitter * 100} %` : ''}${remeasures > 0 ? `, a scenario measured ${remeasures + 1} times where it did not` : ''}`).toEqual([]);
}

check('WS-DELAY-01', async (ctx) => {
  if (senderTarget(ctx).maxAttempts < 2) ctx.skip('a cap of 1 leaves no delay to judge');
  await judgeDelays(ctx, (n) => n < FIRST_CAPPED_ATTEMPT);
}, { timeout: REMEASURE_LIMIT_MS });

check('WS-DELAY-02', async (ctx) => {
  const cap = senderTarget(ctx).maxAttempts;
  if (cap <= FIRST_CAPPED_ATTEMPT) ctx.skip(`the ceiling shows from the fifth attempt on: needs a cap of 5 or more (--expect-max-attempts; this run expects ${cap})`);
  await judgeDelays(ctx, (n) => n >= FIRST_CAPPED_ATTEMPT);
}, { timeout: REMEASURE_LIMIT_MS });

/** How the cap scenario's command ended: after its last attempt by how much, or why that cannot be seen. */
function exitAfterLast(ctx: CheckContext, run: SenderRun): number {
  const { attempts, command } = scenarioOf(ctx, run, 'cap');
  const last = attempts.at(-1);
  if (!last?.endedAt || command?.exitedAt === undefined) throw new Error('scenario cap: no final attempt, or its command never returned — see the transcript');
  if (command.exitedAt < last.endedAt) ctx.skip('the sender\'s command returned before its last attempt: it delivers in the background, so the end of a delivery cannot be seen');
  return Math.round(command.exitedAt - last.endedAt);
}

check('WS-DELAY-03', async (ctx) => {
  const target = senderTarget(ctx);
  if (target.trigger.kind !== 'command') ctx.skip('with --listen the end of a delivery cannot be seen: only a command that returns shows it');
  // A delay after the last attempt would be the next one the rule gives; a process may take a while to exit, but not three quarters of that.
  const limit = Math.round(ruleDelayMs(target.maxAttempts) * 0.75);
  let after = exitAfterLast(ctx, recorded(ctx));
  for (let again = 1; again <= REMEASURES && after > limit; again++) {
    ctx.transcript.note(`the command returned ${after} ms after its last attempt: measured again (${again} of ${REMEASURES}), alone`);
    after = exitAfterLast(ctx, await runSenderScenarios(target, scratch(), say, ['cap']));
  }
  expect(after, `scenario cap: the command must return right after the final attempt (within ${limit} ms), not after another delay`).toBeLessThanOrEqual(limit);
}, { timeout: REMEASURE_LIMIT_MS });

const CONTENT_TYPE = /^application\/json\s*(;|$)/i;

check('WS-SIGN-01', (ctx) => {
  const run = recorded(ctx);
  const { secret } = senderTarget(ctx);
  const problems: string[] = [];
  let judged = 0;
  for (const name of run.scenarios.keys()) {
    for (const attempt of scenario(ctx, name).attempts) {
      const where = `${name} attempt ${attempt.n}`;
      judged += 1;
      if (attempt.method !== 'POST') problems.push(`${where}: method ${attempt.method}, not POST`);
      if (!CONTENT_TYPE.test(attempt.headers['content-type'] ?? '')) problems.push(`${where}: Content-Type ${JSON.stringify(attempt.headers['content-type'] ?? null)}, not application/json`);
      const signature = attempt.headers['x-webhook-signature'] ?? '';
      if (!/^[0-9a-fA-F]{64}$/.test(signature)) problems.push(`${where}: x-webhook-signature is ${signature ? `${signature.length} characters, not 64 hex` : 'missing'}`);
      else if (!attempt.body || signature.toLowerCase() !== createHmac('sha256', secret).update(attempt.body).digest('hex')) problems.push(`${where}: the signature does not verify over the ${attempt.body?.length ?? 0} bytes received`);
    }
  }
  expect(judged, 'the sender must have made attempts for them to be judged').toBeGreaterThan(0);
  expect(problems, 'every attempt: POST, application/json, a signature of 64 hex characters over the exact bytes').toEqual([]);
});

check('WS-SIGN-02', (ctx) => {
  const run = recorded(ctx);
  const problems: string[] = [];
  let judged = 0;
  for (const name of run.scenarios.keys()) {
    const [first, ...retries] = scenario(ctx, name).attempts;
    for (const retry of retries) {
      judged += 1;
      if (!first?.body || !retry.body?.equals(first.body)) problems.push(`${name} attempt ${retry.n}: other body bytes than attempt 1`);
      else if (retry.headers['x-webhook-signature'] !== first.headers['x-webhook-signature']) problems.push(`${name} attempt ${retry.n}: another signature than attempt 1`);
    }
  }
  expect(judged, 'the sender must have retried for its retries to be compared').toBeGreaterThan(0);
  expect(problems, 'a retry carries the bytes and signature of the first attempt').toEqual([]);
});

check('WS-DLQ-01', async (ctx) => {
  const target = senderTarget(ctx);
  const listCommand = target.deadLetterCommand;
  if (!listCommand) return ctx.skip('needs --dead-letter-cmd: a command that lists the sender\'s exhausted deliveries');
  const run = recorded(ctx);
  const exhausted = expectAttempts(ctx, 'cap', target.maxAttempts, 'the delivery must be exhausted at the cap before it can be listed');
  const listing = await runCommand(listCommand, target.commandEnv, { ...run.placeholders, url: exhausted.url, event: exhausted.event.file }, 60_000);
  ctx.transcript.note(`dead-letter command: ${listing.killed ? 'killed after 60 s' : `exit ${String(listing.code)}`}; output:\n${listing.output}`);
  expect(listing.output, `the dead-letter listing must name the exhausted event ${exhausted.event.id}`).toContain(exhausted.event.id);
});
