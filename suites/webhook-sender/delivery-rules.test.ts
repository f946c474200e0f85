// The sender-side delivery rules, judged on a black box: before any check, every scenario
// runs at once against wirecheck's scripted receiver (harness/webhook-sender/); each check
// then grades the attempts recorded — how many, which bytes, and the delays between them.
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { check, type CheckContext } from '../../harness/checks/check.ts';
import { BUSY_MACHINE_ADVICE, HarnessError } from '../../harness/checks/harness-error.ts';
import { suiteRun } from '../../harness/checks/suite-run.ts';
import { processStartMs, scaledLimit, scaledNote } from '../../harness/target/machine-pace.ts';
import { attemptEnd, endUnseen } from '../../harness/webhook-sender/attempt-end.ts';
import { busySlack, explainedByBusyMachine, type Outside } from '../../harness/webhook-sender/delay-evidence.ts';
import { answerTooLate, stallAround } from '../../harness/webhook-sender/harness-stalls.ts';
import { delayWindow, FIRST_CAPPED_ATTEMPT, ruleDelayMs } from '../../harness/webhook-sender/delivery-rule.ts';
import { NO_ANSWER_WAIT_MS, runSenderScenarios, type ScenarioRun, type SenderRun } from '../../harness/webhook-sender/run-sender-scenarios.ts';
import { failuresBeforeSuccess, LOCATION_STATUSES, REJECT_STATUSES, RETRY_STATUSES, SUCCESS_STATUSES } from '../../harness/webhook-sender/scenarios.ts';
import { answerText } from '../../harness/webhook-sender/scripted-receiver.ts';
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
    say(`webhook-sender: timers fired up to ${senderRun.noise.maxLateMs} ms late during the run; each delay is judged with ${BASE_TOLERANCE_MS} ms plus twice the longest the harness was held while the attempt before it and the delay ran`);
  } catch (error) {
    // Every check ends with it (a failing beforeAll would only skip them): the scripted receiver, the commands' start — the harness's own machinery.
    setupFailure = new HarnessError('machinery', `the scenarios could not run: ${(error as Error).message}`, 'not a finding about the sender; run again, and report it if it persists', { cause: error });
  }
}, SCENARIOS_LIMIT_MS);

/** The transcripts that already say how noisy the run was. */
const noted = new WeakSet<object>();

function recorded(ctx: CheckContext): SenderRun {
  if (setupFailure) throw setupFailure;
  if (!senderRun) throw new Error('the scenarios did not run');
  if (noted.has(ctx.transcript)) return senderRun;
  noted.add(ctx.transcript);
  ctx.transcript.note(`scheduling noise: timers fired up to ${senderRun.noise.maxLateMs} ms late during the run; a delay's tolerance is ${BASE_TOLERANCE_MS} ms plus twice the longest the harness was held while the attempt before it and the delay ran`);
  if (senderRun.strays.length > 0) ctx.transcript.note(`requests to no scenario's URL (answered 404): ${senderRun.strays.slice(0, 5).join('; ')}`);
  return senderRun;
}

/** One scenario of the run, its attempts written into the transcript (their signatures are not). */
function scenario(ctx: CheckContext, name: string): ScenarioRun {
  return scenarioOf(ctx, recorded(ctx), name);
}

/** `cut at the harness's limit of 78 s`: why the run stopped watching a scenario, in words. */
function cutText(run: ScenarioRun): string {
  const cut = run.cut;
  if (!cut) return '';
  const after = `${Math.round(cut.afterMs / 1000)} s`;
  if (cut.kind === 'still-waiting') return `, let go after ${after}: the sender was still waiting for an answer and no --sender-timeout-ms ends its attempt`;
  if (cut.kind === 'first-attempt') return `, cut: its command made no attempt within ${after}${cut.userSet ? ' (--sender-start-timeout)' : scaledNote()} and was still running`;
  return `, cut at the scenario's limit of ${after}${scaledNote()}`;
}

function scenarioOf(ctx: CheckContext, from: SenderRun, name: string): ScenarioRun {
  const run = from.scenarios.get(name);
  if (!run) throw new Error(`no scenario ${name}`);
  const timeout = senderTarget(ctx).senderTimeoutMs;
  const start = run.attempts[0]?.arrivedAt ?? 0;
  const at = (t: number | undefined) => (t === undefined ? '—' : `+${Math.round(t - start)} ms`);
  const lines = run.attempts.map((a, i) => {
    const before = run.attempts[i - 1];
    const end = before && attemptEnd(before, timeout);
    const delay = end === undefined ? '' : `, ${Math.round(a.arrivedAt - end)} ms after the attempt before ended`;
    const ended = attemptEnd(a, timeout);
    const closed = a.endedAt !== undefined && ended !== undefined && a.endedAt > ended ? ` (by the stated timeout; closed ${at(a.endedAt)})` : '';
    return `  attempt ${a.n} arrived ${at(a.arrivedAt)}${delay}; answered ${answerText(a.answer)}; ended ${at(ended)}${closed}`;
  });
  const follows = run.follows.map((f) => `  followed the Location: ${f.method} ${at(f.arrivedAt)}${f.signed ? ', signed' : ', unsigned'}`);
  const command = run.command;
  const how = command ? `; command ${command.killed ? 'killed' : `exited ${String(command.code)} at ${at(command.exitedAt)}`}` : '';
  ctx.transcript.note(`scenario ${name} (${run.url}, event ${run.event.id}): ${run.attempts.length} attempt(s)${cutText(run)}${how}\n${[...lines, ...follows].join('\n')}`);
  if (command?.output) ctx.transcript.note(`its command's output:\n${command.output}`);
  return run;
}

/**
 * A scenario the run stopped watching at a limit of the harness's own, without the
 * attempts the check needs: no verdict on the sender (its command may have been starved
 * of its start, or killed while it was still delivering).
 */
function cutShort(name: string, run: ScenarioRun, seen: string): HarnessError {
  const advice = run.cut?.kind === 'first-attempt'
    ? 'not a finding about the sender; give a sender that starts slowly more time with --sender-start-timeout S, or run again on a less loaded machine'
    : BUSY_MACHINE_ADVICE;
  return new HarnessError('limit', `scenario ${name}${cutText(run)}, after ${seen}`, advice);
}

function expectAttempts(ctx: CheckContext, name: string, count: number, why: string): ScenarioRun {
  const run = scenario(ctx, name);
  const n = run.attempts.length;
  if (n === count) return run;
  if (run.cut && run.cut.kind !== 'still-waiting') throw cutShort(name, run, `${n} attempt(s) of the ${count} it expects`);
  if (n === 0) {
    const how = run.command ? `its command exited ${String(run.command.code)} without one` : 'none reached the scenario\'s URL';
    throw new Error(`scenario ${name}: the sender made no attempt: ${how} — see its output in the transcript`);
  }
  const late = n > count ? answerTooLate(recorded(ctx).noise, run.attempts, senderTarget(ctx).senderTimeoutMs) : undefined;
  if (late) {
    const timeout = late.stated ? `its stated timeout (--sender-timeout-ms ${late.timeoutMs})` : `${late.timeoutMs / 1000} s (no --sender-timeout-ms states its timeout)`;
    throw new HarnessError('machine-busy', `scenario ${name}: ${n} attempts where ${count} are expected, but this busy machine held the harness: its answer to attempt ${late.n} came up to ${late.waitMs} ms after the request, past ${timeout}, so the sender may rightly have timed out and tried again`, BUSY_MACHINE_ADVICE);
  }
  throw new Error(`scenario ${name}: ${why}; it made ${n}`);
}

check('WS-STOP-01', (ctx) => {
  for (const status of SUCCESS_STATUSES) expectAttempts(ctx, `success-${status}`, 1, `a ${status} ends the delivery: exactly one attempt`);
});

check('WS-STOP-02', (ctx) => {
  const failures = failuresBeforeSuccess(senderTarget(ctx).maxAttempts);
  expectAttempts(ctx, 'retry-then-202', failures + 1, `${failures} × 503 are retried and the 202 that follows ends the delivery: exactly ${failures + 1} attempts`);
});

check('WS-STOP-03', (ctx) => {
  for (const status of REJECT_STATUSES) expectAttempts(ctx, `reject-${status}`, 1, `${status} is a permanent rejection (400 to 499: stop at once, no retry): exactly one attempt`);
});

check('WS-RETRY-01', (ctx) => {
  for (const status of RETRY_STATUSES) {
    const what = status < 400 ? `${status} without a Location is not a success` : `${status} is not a success`;
    expectAttempts(ctx, `retry-${status}`, 2, `${what}: it is retried, and the 202 of attempt 2 ends the delivery — exactly 2 attempts`);
  }
});

check('WS-RETRY-02', (ctx) => {
  expectAttempts(ctx, 'reset', 2, 'a connection reset is retried, and the 202 of attempt 2 ends the delivery: exactly 2 attempts');
});

check('WS-RETRY-03', (ctx) => {
  const timeout = senderTarget(ctx).senderTimeoutMs;
  const run = scenario(ctx, 'no-answer');
  if (run.cut?.kind === 'still-waiting') {
    ctx.skip(`the sender was still waiting for an answer ${NO_ANSWER_WAIT_MS / 1000} s after its attempt (the no-answer scenario's bound without a stated timeout): state its timeout with --sender-timeout-ms to judge it`);
  }
  const within = timeout === undefined ? 'once the sender gives up on it' : `once its stated timeout (--sender-timeout-ms ${timeout}) ends it`;
  expectAttempts(ctx, 'no-answer', 2, `an attempt without an answer is retried ${within}, and the 202 of attempt 2 ends the delivery: exactly 2 attempts`);
});

check('WS-CAP-01', (ctx) => {
  const cap = senderTarget(ctx).maxAttempts;
  expectAttempts(ctx, 'cap', cap, `against 503 answers the sender makes exactly its cap of ${cap} attempts`);
});

/** A 3xx with Location, as the sender treated it: followed, retried at the delivery URL, or taken as the end. */
function movedVerdict(run: ScenarioRun): 'followed' | 'retried' | 'stopped' | 'other' {
  if (run.follows.length > 0 && run.attempts.length === 1) return 'followed';
  if (run.follows.length === 0 && run.attempts.length === 2) return 'retried';
  if (run.follows.length === 0 && run.attempts.length === 1) return 'stopped';
  return 'other';
}

check('WS-RETRY-04', (ctx) => {
  const problems: string[] = [];
  for (const status of LOCATION_STATUSES) {
    const name = `moved-${status}`;
    const run = scenario(ctx, name);
    const verdict = movedVerdict(run);
    if (verdict === 'followed' || verdict === 'retried') continue;
    if (run.cut && run.cut.kind !== 'still-waiting') throw cutShort(name, run, `${run.attempts.length} attempt(s)`);
    problems.push(verdict === 'stopped'
      ? `${name}: the delivery ended at the ${status}: neither followed to its Location nor retried`
      : `${name}: ${run.attempts.length} attempt(s) at the delivery URL and ${run.follows.length} request(s) to the Location`);
  }
  if (problems.length > 0) throw new Error(`a 3xx with Location is not a success, so it must not end the delivery (follow it, or retry after a delay): ${problems.join('; ')}`);
});

check('WS-RETRY-05', (ctx) => {
  const seen = LOCATION_STATUSES.map((status) => {
    const run = scenario(ctx, `moved-${status}`);
    const verdict = movedVerdict(run);
    const how = verdict === 'followed' ? `followed (${run.follows.map((f) => `${f.method}${f.signed ? ' signed' : ' unsigned'}`).join(', ')})` : verdict;
    return `${status}: ${how}`;
  });
  ctx.observe(seen.join('; '));
});

interface DelayVerdicts {
  /** Each scenario with a delay outside its window, and those delays. */
  readonly outside: Map<string, Outside[]>;
  /** Delays that could not be judged (the machine too busy, an end that cannot be seen), by scenario. */
  readonly unjudged: Map<string, string[]>;
  judged: number;
}

/**
 * The delays measured before attempt n+1, for the attempts n the filter takes, in the
 * scenarios given, each within its window: the rule's delay (or the --jitter range) with
 * a tolerance from the scheduling noise measured while it ran. A delay runs from the end
 * of one attempt (attempt-end.ts) to the arrival of the next.
 */
function delayVerdicts(ctx: CheckContext, run: SenderRun, names: Iterable<string>, take: (n: number) => boolean): DelayVerdicts {
  const target = senderTarget(ctx);
  const verdicts: DelayVerdicts = { outside: new Map(), unjudged: new Map(), judged: 0 };
  const add = <T>(map: Map<string, T[]>, name: string, item: T) => map.set(name, [...(map.get(name) ?? []), item]);
  for (const name of names) {
    const { attempts } = scenarioOf(ctx, run, name);
    attempts.forEach((next, i) => {
      const before = attempts[i - 1];
      const end = before && attemptEnd(before, target.senderTimeoutMs);
      if (!before || end === undefined || !take(before.n)) return;
      const delay = Math.round(next.arrivedAt - end);
      const where = `${name}: ${delay} ms before attempt ${next.n}`;
      if (endUnseen(before, next, target.senderTimeoutMs)) return void add(verdicts.unjudged, name, `${where} (the unanswered attempt was closed as the next arrived: without --sender-timeout-ms its end cannot be seen)`);
      // The harness held at any moment of the attempt or the delay may have recorded either late (harness-stalls.ts).
      const late = stallAround(run.noise, before, end, next);
      const tolerance = toleranceOf(late);
      // Past half the delay, a tolerance could not tell the delay from its double.
      if (tolerance > ruleDelayMs(before.n) / 2) return void add(verdicts.unjudged, name, `${where} (the harness was held up to ${late} ms meanwhile)`);
      const window = delayWindow(before.n, tolerance, target.jitter);
      verdicts.judged += 1;
      ctx.transcript.note(`${where}: window ${window.min}–${window.max} ms`);
      // The end reckoned from the stated timeout rather than seen (attempt-end.ts): the sender's timeout may have started before its request arrived.
      const reckoned = before.endedAt === undefined || end < before.endedAt;
      if (delay < window.min) add(verdicts.outside, name, { text: `${where}, shorter than ${window.min}–${window.max} ms`, long: false, byMs: window.min - delay, ...(reckoned ? { endReckoned: true as const } : {}) });
      else if (delay > window.max) add(verdicts.outside, name, { text: `${where}, longer than ${window.min}–${window.max} ms`, long: true, byMs: delay - window.max });
    });
  }
  return verdicts;
}

/** Times a delay is measured again, its scenario alone, before a delay outside its window counts. */
const REMEASURES = 2;
/** Room for the measures again: each as long as the scenarios' own limit allows. */
const REMEASURE_LIMIT_MS = 30 * 60_000;

/** The scenario's verdicts alone. */
function only(verdicts: DelayVerdicts, name: string): { outside: Outside[]; unjudged: string[]; judged: number } {
  return { outside: verdicts.outside.get(name) ?? [], unjudged: verdicts.unjudged.get(name) ?? [], judged: verdicts.judged };
}

/**
 * Throws the verdict on the delays outside their windows: the sender's failure, or — when
 * the busy machine explains every one (delay-evidence.ts) — the harness's. The process
 * starts are those measured while the delays were measured again, and one measured now.
 */
async function failDelays(wrong: readonly Outside[], rule: string, processStartsMs: readonly number[]): Promise<void> {
  const texts = wrong.map((w) => w.text).join('; ');
  const slack = busySlack([...processStartsMs, await processStartMs()]);
  if (slack && explainedByBusyMachine(wrong, slack)) {
    throw new HarnessError('machine-busy', `every delay outside its window missed it by no more than this busy machine holds a sender back (a process start took up to ${slack.slowestStartMs} ms while they were measured, so up to ${slack.slackMs} ms is excused): ${texts}`, BUSY_MACHINE_ADVICE);
  }
  throw new Error(`${rule}: ${texts}`);
}

/**
 * The order in which flagged scenarios are measured again: the strongest evidence first —
 * a delay too short (no machine makes one), then the delay too long by the most (a delay
 * rule broken shows most where the rule's delay is longest) — then those not judged.
 */
function byEvidence(verdicts: DelayVerdicts): (a: string, b: string) => number {
  const strength = (name: string) => {
    const outside = verdicts.outside.get(name) ?? [];
    if (outside.some((o) => !o.long)) return Number.MAX_SAFE_INTEGER;
    return outside.reduce((most, o) => Math.max(most, o.byMs), -1);
  };
  return (a, b) => strength(b) - strength(a);
}

/**
 * Judges the delays. A scenario with a delay outside its window, or one the machine was
 * too busy to judge, is measured again, alone, up to REMEASURES times, the strongest
 * evidence first (byEvidence): a sender whose delays are wrong is wrong every time, while
 * a stall of the machine does not come back on cue. The first scenario wrong in every
 * measurement decides (the rest are not measured again: a broken sender fails fast).
 */
async function judgeDelays(ctx: CheckContext, take: (n: number) => boolean): Promise<void> {
  const run = recorded(ctx);
  const target = senderTarget(ctx);
  const remeasures = target.trigger.kind === 'command' ? REMEASURES : 0;
  ctx.transcript.note(`measurement 1 of up to ${remeasures + 1}: every scenario at once`);
  const first = delayVerdicts(ctx, run, run.scenarios.keys(), take);
  let judged = first.judged;
  // Only a command can be run again: deliveries the vendor triggered (--listen) are measured once.
  const flagged = [...run.scenarios.keys()].filter((name) => first.outside.has(name) || first.unjudged.has(name)).sort(byEvidence(first));
  for (const name of flagged) ctx.transcript.note(`measurement 1, ${name}: ${[...only(first, name).outside.map((o) => o.text), ...only(first, name).unjudged].join('; ')}`);
  let wrong: Outside[] = [];
  // The process starts measured while the wrong scenario was measured again: how far the machine held a process back.
  let starts: number[] = [];
  const unjudged: string[] = [];
  for (const name of flagged) {
    let verdict = only(first, name);
    const measuredStarts: number[] = [];
    for (let again = 1; again <= remeasures && (verdict.outside.length > 0 || verdict.unjudged.length > 0); again++) {
      ctx.transcript.note(`measurement ${again + 1} of up to ${remeasures + 1}: scenario ${name} again, alone`);
      const rerun = await runSenderScenarios(target, scratch(), say, [name]);
      measuredStarts.push(rerun.noise.slowestStartMs ?? 0);
      verdict = only(delayVerdicts(ctx, rerun, [name], take), name);
      judged += verdict.judged;
      const found = [...verdict.outside.map((o) => o.text), ...verdict.unjudged];
      ctx.transcript.note(`measurement ${again + 1}, ${name}: ${found.length > 0 ? found.join('; ') : 'every delay within its window'} (a process start took up to ${rerun.noise.slowestStartMs ?? 0} ms meanwhile)`);
    }
    unjudged.push(...verdict.unjudged);
    if (verdict.outside.length > 0) {
      wrong = verdict.outside;
      starts = measuredStarts;
      const rest = flagged.slice(flagged.indexOf(name) + 1);
      if (rest.length > 0) ctx.transcript.note(`not measured again, one scenario wrong every time being enough: ${rest.flatMap((r) => only(first, r).outside.map((o) => o.text)).join('; ')}`);
      break;
    }
  }
  if (unjudged.length > 0) ctx.transcript.note(`not judged: ${unjudged.join('; ')}`);
  if (wrong.length > 0) {
    const jitter = target.jitter ? ` with the jitter of ±${target.jitter * 100} %` : '';
    await failDelays(wrong, `every delay follows min(250 × 2^(n−1), 2000) ms${jitter}${remeasures > 0 ? `; this scenario missed it in each of ${remeasures + 1} measurements` : ''}`, starts);
  }
  if (judged === 0 && unjudged.length > 0) ctx.skip(`no delay could be judged (${unjudged[0]}): run again on a quieter machine, or state --sender-timeout-ms`);
  if (judged === 0) throw new Error('the sender never retried, so no delay could be judged: see WS-RETRY-01 and WS-CAP-01');
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
  const scenarioRun = scenarioOf(ctx, run, 'cap');
  const { attempts, command } = scenarioRun;
  const last = attempts.at(-1);
  const end = last && attemptEnd(last, senderTarget(ctx).senderTimeoutMs);
  if (scenarioRun.cut && scenarioRun.cut.kind !== 'still-waiting') throw cutShort('cap', scenarioRun, `${attempts.length} attempt(s)`);
  if (end === undefined || command?.exitedAt === undefined) throw new Error('scenario cap: no final attempt, or its command never returned — see the transcript');
  if (command.exitedAt < end) ctx.skip('the sender\'s command returned before its last attempt: it delivers in the background, so the end of a delivery cannot be seen');
  return Math.round(command.exitedAt - end);
}

check('WS-DELAY-03', async (ctx) => {
  const target = senderTarget(ctx);
  if (target.trigger.kind !== 'command') ctx.skip('with --listen the end of a delivery cannot be seen: only a command that returns shows it');
  // A delay after the last attempt would be the next one the rule gives; a process may take a while to exit, but not three quarters of that.
  const limit = Math.round(ruleDelayMs(target.maxAttempts) * 0.75);
  let after = exitAfterLast(ctx, recorded(ctx));
  const starts: number[] = [];
  for (let again = 1; again <= REMEASURES && after > limit; again++) {
    ctx.transcript.note(`the command returned ${after} ms after its last attempt: measured again (${again} of ${REMEASURES}), alone`);
    const rerun = await runSenderScenarios(target, scratch(), say, ['cap']);
    starts.push(rerun.noise.slowestStartMs ?? 0);
    after = exitAfterLast(ctx, rerun);
  }
  if (after <= limit) return;
  await failDelays([{ text: `scenario cap: the command returned ${after} ms after its final attempt, in each of ${REMEASURES + 1} measurements`, long: true, byMs: after - limit }],
    `the command must return right after the final attempt (within ${limit} ms, three quarters of the delay a next attempt would follow), not after another delay`, starts);
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
  if (judged === 0) throw new Error('the sender made no attempt, so none could be judged: see the transcript');
  if (problems.length > 0) throw new Error(`every attempt is a POST, application/json, with a signature of 64 hex characters over the exact bytes: ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? `; and ${problems.length - 10} more` : ''}`);
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
  if (judged === 0) throw new Error('the sender never retried, so no retry could be compared: see WS-RETRY-01');
  if (problems.length > 0) throw new Error(`a retry carries the bytes and signature of the first attempt: ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? `; and ${problems.length - 10} more` : ''}`);
});

/** The dead-letter command's time: the harness's own limit (stretched for a busy machine). */
const DEAD_LETTER_LIMIT_MS = 60_000;

check('WS-DLQ-01', async (ctx) => {
  const target = senderTarget(ctx);
  const listCommand = target.deadLetterCommand;
  if (!listCommand) return ctx.skip('needs --dead-letter-cmd: a command that lists the sender\'s exhausted deliveries');
  const run = recorded(ctx);
  const exhausted = expectAttempts(ctx, 'cap', target.maxAttempts, 'the delivery must be exhausted at the cap before it can be listed');
  const limitMs = scaledLimit(DEAD_LETTER_LIMIT_MS);
  const listing = await runCommand(listCommand, target.commandEnv, { ...run.placeholders, url: exhausted.url, event: exhausted.event.file }, limitMs);
  ctx.transcript.note(`dead-letter command: ${listing.killed ? `killed after ${limitMs / 1000} s` : `exit ${String(listing.code)}`}; output:\n${listing.output}`);
  if (listing.output.includes(exhausted.event.id)) return;
  if (listing.killed) throw new HarnessError('limit', `the dead-letter command was killed at ${limitMs / 1000} s${scaledNote()} before it listed ${exhausted.event.id}`, BUSY_MACHINE_ADVICE);
  throw new Error(`the dead-letter listing (--dead-letter-cmd, exit ${String(listing.code)}) does not name the exhausted event ${exhausted.event.id}: see its output in the transcript`);
});
