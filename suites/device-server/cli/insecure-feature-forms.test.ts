// "An unscoped feature is rejected by the server". DS-CLI-05: the bare item
// (`--allow-insecure=session_discovery`, `:session_discovery`) — the feature whose effect
// shows over HTTP — must not be taken: refusing to start and starting with session
// listing off both pass (DS-CLI-21 records which), while the scoped `*:session_discovery`
// shows the check sees listing where it is on. DS-CLI-19: however the feature is given: a
// comma-separated list, the space form, the config file's server.allow-insecure (JSON,
// as the spec shows it; YAML), a list file, an rc file in the working directory. Each
// form holds `<driver>:adb_shell` beside the unscoped `session_discovery`: a server that
// refuses to start, or starts with session listing off, rejected it; one that starts with listing on took it. Most of these forms
// are not the spec's, so each is judged only where the server reads it: a second start
// with the same form holding the scoped `*:session_discovery` in its place must turn
// listing on; where it does not, the form is not judged (the transcript says why).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { deviceServerTarget } from '../../../harness/device-server/device-server-context.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { attemptStart, startInstance } from '../../../harness/device-server/server-instance.ts';
import { emptyHome } from '../../../harness/device-server/shared-instances.ts';
import { describeAnswer, isSuccess } from '../../../harness/device-server/w3c-answer.ts';
import { W3cClient } from '../../../harness/device-server/w3c-client.ts';
import type { DeviceServerTarget } from '../../../harness/device-server/device-server-target.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

/** What became of a start with an unscoped item: refused, started with listing off or on, or neither within the time given. */
interface UnscopedOutcome {
  readonly item: string;
  readonly how: 'refused' | 'listing off' | 'listing on' | 'neither';
  /** One line, the same in every run for the same behaviour: what DS-CLI-21 records. */
  readonly said: string;
  /** The command, what it printed and what the listing answered, for the transcript. */
  readonly evidence: string;
}

/** The unscoped items: the feature whose effect shows over HTTP, bare and with an empty scope. */
const UNSCOPED_ITEMS = ['session_discovery', ':session_discovery'] as const;

/** Starts an instance with `--allow-insecure=<item>` (once per file: DS-CLI-05 and DS-CLI-21 share it) and says what became of it. */
function unscopedOutcome(ctx: CheckContext, target: DeviceServerTarget, item: string): Promise<UnscopedOutcome> {
  return pool.get(`unscoped:${item}`, async () => {
    const spec = { label: 'unscoped-item', home: await emptyHome(pool, 'unscoped-item'), flags: [`--allow-insecure=${item}`], timeoutMs: 30_000 };
    const attempt = await attemptStart(target, ctx.run.reportDir, spec);
    pool.onStop(attempt.stop);
    const listing = attempt.servedOn === undefined ? undefined : await new W3cClient(`http://127.0.0.1:${attempt.servedOn}/`, ctx.transcript, target.vendor).listSessions();
    await attempt.stop();
    const flag = `--allow-insecure=${item}`;
    const outcome: Omit<UnscopedOutcome, 'evidence'> = listing
      ? isSuccess(listing)
        ? { item, how: 'listing on', said: `${flag}: started, and GET {vendor}/sessions answered ${listing.status}: the unscoped item was taken` }
        : { item, how: 'listing off', said: `${flag}: started without the feature (GET {vendor}/sessions → ${describeAnswer(listing).split(' ')[0]})` }
      : attempt.exited
        ? { item, how: 'refused', said: `${flag}: refused at start (exit ${attempt.code})` }
        : { item, how: 'neither', said: `${flag}: neither served nor exited within 30 s` };
    const evidence = `${flag}: \`${attempt.command}\`\n→ ${outcome.said}\noutput:\n${attempt.output.slice(-1500)}`;
    return { value: { ...outcome, evidence }, stop: () => {} };
  });
}

check('DS-CLI-05', async (ctx) => {
  const target = deviceServerTarget(ctx);
  // The scoped form turns listing on: the check can see the feature where it is on.
  const scoped = await pool.get('instance:scoped-discovery', async () => {
    const instance = await startInstance(target, ctx.run.reportDir, { label: 'scoped-discovery', home: await emptyHome(pool, 'scoped-discovery'), flags: ['--allow-insecure=*:session_discovery'] });
    return { value: instance, stop: instance.stop };
  });
  const on = await new W3cClient(scoped.baseUrl, ctx.transcript, target.vendor).listSessions();
  expect(isSuccess(on), `--allow-insecure=*:session_discovery (the scoped feature) must enable session listing, so the unscoped one can be seen rejected; GET ${target.vendor}/sessions answered ${describeAnswer(on)}`).toBe(true);
  const outcomes = await Promise.all(UNSCOPED_ITEMS.map((item) => unscopedOutcome(ctx, target, item)));
  for (const outcome of outcomes) {
    ctx.transcript.note(outcome.evidence);
    expect(outcome.how, `${outcome.said}. An unscoped feature is rejected by the server: the start must fail, or the server must serve with the feature off`).not.toBe('listing on');
    expect(outcome.how, `${outcome.said}: it neither refused to start nor served`).not.toBe('neither');
  }
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-21', async (ctx) => {
  const target = deviceServerTarget(ctx);
  for (const item of UNSCOPED_ITEMS) {
    const outcome = await unscopedOutcome(ctx, target, item);
    ctx.transcript.note(outcome.evidence);
    ctx.observe(outcome.said);
  }
}, SERVER_COMMAND_TIMEOUT);

/** A form's items: the one under test holds the unscoped item, its control the scoped one in its place. */
type Items = readonly [string, string];
const unscopedItems = (target: DeviceServerTarget): Items => [`${target.driverName}:adb_shell`, 'session_discovery'];
const controlItems = (target: DeviceServerTarget): Items => [`${target.driverName}:adb_shell`, '*:session_discovery'];

interface FeatureForm {
  readonly name: string;
  readonly flags: readonly string[];
  readonly cwd?: string;
}

/** Every form of `items`, its files written under `dir`. */
function featureForms(target: DeviceServerTarget, dir: string, items: Items): FeatureForm[] {
  const write = (name: string, text: string) => {
    const file = join(dir, name);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
    return file;
  };
  const json = `${JSON.stringify({ server: { 'allow-insecure': items } }, null, 2)}\n`;
  const list = write('features.txt', `${items.join('\n')}\n`);
  const config = write('features.json', json);
  const yaml = write('features.yaml', `server:\n  allow-insecure:\n${items.map((i) => `    - "${i}"`).join('\n')}\n`);
  const rcFile = write(`rc/.${target.vendor}rc.json`, json);
  return [
    { name: `a comma-separated list (--allow-insecure=${items.join(',')})`, flags: [`--allow-insecure=${items.join(',')}`] },
    { name: `the space form (--allow-insecure ${items.join(',')})`, flags: ['--allow-insecure', items.join(',')] },
    { name: 'the config file\'s server.allow-insecure array (JSON, --config)', flags: ['--config', config] },
    { name: 'a list file, one feature per line (--allow-insecure=FILE)', flags: [`--allow-insecure=${list}`] },
    { name: 'a YAML config file (--config)', flags: ['--config', yaml] },
    { name: `an rc file in the working directory (rc/.${target.vendor}rc.json)`, flags: [], cwd: join(rcFile, '..') },
  ];
}

/** What one start with a form came to: refused, listing on or off, or neither within the time given. */
interface FormStart {
  readonly listing: 'on' | 'off' | 'refused' | 'neither';
  readonly said: string;
}

async function startWith(ctx: CheckContext, target: DeviceServerTarget, form: FeatureForm, label: string): Promise<FormStart> {
  const attempt = await attemptStart(target, ctx.run.reportDir, {
    label, home: await emptyHome(pool, 'insecure-forms'), flags: form.flags, ...(form.cwd ? { cwd: form.cwd } : {}),
  });
  pool.onStop(attempt.stop);
  let start: FormStart;
  if (attempt.servedOn !== undefined) {
    const answer = await new W3cClient(`http://127.0.0.1:${attempt.servedOn}/`, ctx.transcript, target.vendor).listSessions();
    start = isSuccess(answer)
      ? { listing: 'on', said: `started with session listing on (GET ${target.vendor}/sessions → ${answer.status})` }
      : { listing: 'off', said: `started with session listing off (GET ${target.vendor}/sessions → ${describeAnswer(answer)})` };
  } else {
    start = attempt.exited ? { listing: 'refused', said: `refused to start (exit ${attempt.code})` } : { listing: 'neither', said: 'neither served nor exited within the time given' };
  }
  await attempt.stop();
  ctx.transcript.note(`${form.name}: \`${attempt.command}\`${form.cwd ? ` in ${form.cwd}` : ''}\n→ ${start.said}\noutput:\n${attempt.output.slice(-1200)}`);
  return start;
}

type Verdict = 'rejected' | 'accepted' | 'not judged';

/** A form with the unscoped item, and its control: the verdict, with why in the transcript. */
async function judgeForm(ctx: CheckContext, target: DeviceServerTarget, tested: FeatureForm, control: FeatureForm, index: number): Promise<Verdict> {
  const [withUnscoped, withScoped] = await Promise.all([
    startWith(ctx, target, tested, `insecure-form-${index}`),
    startWith(ctx, target, control, `insecure-form-${index}-control`),
  ]);
  let verdict: Verdict;
  let why: string;
  if (withUnscoped.listing === 'on') {
    verdict = 'accepted';
    why = `with the unscoped session_discovery it ${withUnscoped.said}: the unscoped item was taken`;
  } else if (withScoped.listing === 'on') {
    verdict = 'rejected';
    why = `it reads the form (with *:session_discovery in its place it ${withScoped.said}), and with the unscoped item it ${withUnscoped.said}`;
  } else {
    verdict = 'not judged';
    why = `with *:session_discovery in place of the unscoped item it ${withScoped.said}: it does not read the form this way, so the form is not judged`;
  }
  ctx.transcript.note(`${tested.name}: ${verdict} — ${why}`);
  return verdict;
}

check('DS-CLI-19', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const tested = featureForms(target, await emptyHome(pool, 'insecure-form-files'), unscopedItems(target));
  const controls = featureForms(target, await emptyHome(pool, 'insecure-form-controls'), controlItems(target));
  const verdicts: Verdict[] = [];
  // One form at a time, its two starts together: each start takes a second or two of CPU.
  for (const [i, form] of tested.entries()) verdicts.push(await judgeForm(ctx, target, form, controls[i] as FeatureForm, i));
  const accepted = tested.filter((_, i) => verdicts[i] === 'accepted').map((f) => f.name);
  expect(accepted, `the server took the unscoped session_discovery given in these forms (session listing on): ${accepted.join('; ')}`).toEqual([]);
  if (!verdicts.includes('rejected')) {
    ctx.skip('not applicable: the server read none of these forms (with *:session_discovery in place of the unscoped item, none turned session listing on); see the transcript');
  }
}, SERVER_COMMAND_TIMEOUT);
