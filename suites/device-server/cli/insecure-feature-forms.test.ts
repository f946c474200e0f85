// "An unscoped feature is rejected by the server", however the feature is given: a
// comma-separated list, the space form, the config file's server.allow-insecure (JSON,
// as the spec shows it; YAML), a list file, an rc file in the working directory. Most
// of these forms are not the spec's, so each is judged only where the server shows it
// reads the form: every form carries the scoped `*:session_discovery` next to the
// unscoped `adb_shell`. A server that refuses to start passes; one that starts with
// session discovery on read the form, took the unscoped item with it, and fails; one
// that starts without it did not read the form that way, and the form is not judged.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { deviceServerTarget } from '../../../harness/device-server/device-server-context.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { attemptStart } from '../../../harness/device-server/server-instance.ts';
import { emptyHome } from '../../../harness/device-server/shared-instances.ts';
import { describeAnswer, isSuccess } from '../../../harness/device-server/w3c-answer.ts';
import { W3cClient } from '../../../harness/device-server/w3c-client.ts';
import type { DeviceServerTarget } from '../../../harness/target/target-info.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

/** The scoped feature that shows the form was read, and the unscoped one the server must reject. */
const ITEMS = ['*:session_discovery', 'adb_shell'] as const;

interface FeatureForm {
  readonly name: string;
  readonly flags: readonly string[];
  readonly cwd?: string;
}

/** Every form, its files written under `dir`. */
function featureForms(target: DeviceServerTarget, dir: string): FeatureForm[] {
  const write = (name: string, text: string) => {
    const file = join(dir, name);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
    return file;
  };
  const json = `${JSON.stringify({ server: { 'allow-insecure': ITEMS } }, null, 2)}\n`;
  const list = write('features.txt', `${ITEMS.join('\n')}\n`);
  const config = write('features.json', json);
  const yaml = write('features.yaml', `server:\n  allow-insecure:\n${ITEMS.map((i) => `    - "${i}"`).join('\n')}\n`);
  const rcFile = write(`rc/.${target.vendor}rc.json`, json);
  return [
    { name: `a comma-separated list (--allow-insecure=${ITEMS.join(',')})`, flags: [`--allow-insecure=${ITEMS.join(',')}`] },
    { name: `the space form (--allow-insecure ${ITEMS.join(',')})`, flags: ['--allow-insecure', ITEMS.join(',')] },
    { name: 'the config file\'s server.allow-insecure array (JSON, --config)', flags: ['--config', config] },
    { name: 'a list file, one feature per line (--allow-insecure=FILE)', flags: [`--allow-insecure=${list}`] },
    { name: 'a YAML config file (--config)', flags: ['--config', yaml] },
    { name: `an rc file in the working directory (${rcFile.slice(dir.length + 1)})`, flags: [], cwd: join(rcFile, '..') },
  ];
}

type Verdict = 'refused' | 'accepted' | 'not judged';

/** Starts the server with one form and says what became of it, noting why in the transcript. */
async function tryForm(ctx: CheckContext, target: DeviceServerTarget, form: FeatureForm, index: number): Promise<Verdict> {
  const attempt = await attemptStart(target, ctx.run.reportDir, {
    label: `insecure-form-${index}`, home: await emptyHome(pool, 'insecure-forms'), flags: form.flags, ...(form.cwd ? { cwd: form.cwd } : {}),
  });
  pool.onStop(attempt.stop);
  let verdict: Verdict;
  let why: string;
  if (attempt.servedOn !== undefined) {
    const listing = await new W3cClient(`http://127.0.0.1:${attempt.servedOn}/`, ctx.transcript, target.vendor).listSessions();
    verdict = isSuccess(listing) ? 'accepted' : 'not judged';
    why = isSuccess(listing)
      ? `started, and GET ${target.vendor}/sessions answered ${describeAnswer(listing).split(' ')[0]}: it read the form (*:session_discovery took effect) and did not reject the unscoped adb_shell beside it`
      : `started without session discovery (GET ${target.vendor}/sessions → ${describeAnswer(listing)}): it does not read the form this way, so the form is not judged`;
  } else if (attempt.exited) {
    verdict = 'refused';
    why = `refused to start (exit ${attempt.code}): the unscoped item was not accepted`;
  } else {
    verdict = 'not judged';
    why = 'neither served nor exited within the time given: not judged';
  }
  await attempt.stop();
  ctx.transcript.note(`${form.name}: \`${attempt.command}\`${form.cwd ? ` in ${form.cwd}` : ''}\n→ ${why}\noutput:\n${attempt.output.slice(-1200)}`);
  return verdict;
}

check('DS-CLI-19', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const forms = featureForms(target, await emptyHome(pool, 'insecure-form-files'));
  const verdicts: Verdict[] = [];
  // Two at a time: each start takes a second or two of CPU.
  for (let i = 0; i < forms.length; i += 2) {
    verdicts.push(...(await Promise.all(forms.slice(i, i + 2).map((form, j) => tryForm(ctx, target, form, i + j)))));
  }
  const accepted = forms.filter((_, i) => verdicts[i] === 'accepted').map((f) => f.name);
  expect(accepted, `the server started with session discovery on, so it read each of these forms, yet took the unscoped adb_shell given beside *:session_discovery: ${accepted.join('; ')}`).toEqual([]);
  if (!verdicts.includes('refused')) {
    ctx.skip('not applicable: the server read none of these forms (each started without session discovery, or did not end); see the transcript');
  }
}, SERVER_COMMAND_TIMEOUT);
