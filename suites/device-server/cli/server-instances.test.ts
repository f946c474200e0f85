// Instances of the server the harness starts through the server command, on free
// loopback ports, shared by the checks of this file: `plain` (home with the driver,
// `<driver>:adb_shell`, no base path, working directory = the app's), `wd-hub`
// (--base-path=/wd/hub, a home holding nothing) and, for DS-DISC-05 when the target
// itself has session discovery, `no-insecure-flag` (home with the driver, no flag).
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { withDeviceServer } from '../../../harness/device-server/device-server-context.ts';
import { missingDriverReason, noDriverPackage } from '../../../harness/device-server/driver-source.ts';
import { expectListingUnavailable, expectRefused, expectStatus, expectSuccess } from '../../../harness/device-server/expect-answer.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { reportedNodeVersionEnv, versionMarks } from '../../../harness/device-server/runtime-version.ts';
import { SERVER_COMMAND_TIMEOUT, stripAnsi } from '../../../harness/device-server/server-command.ts';
import { attemptStart, type ServerInstance, type StartAttempt, startInstance } from '../../../harness/device-server/server-instance.ts';
import { newSessionBody, vendorCap } from '../../../harness/device-server/session-capabilities.ts';
import { looksLikeSessionList } from '../../../harness/device-server/session-listing.ts';
import { emptyHome, homeWithDriver, plainInstance, WD_HUB, wdHubInstance } from '../../../harness/device-server/shared-instances.ts';
import { describeAnswer } from '../../../harness/device-server/w3c-answer.ts';
import type { W3cClient } from '../../../harness/device-server/w3c-client.ts';
import type { DeviceServerTarget } from '../../../harness/device-server/device-server-target.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

check('DS-BASE-02', (ctx) => withDeviceServer(ctx, async ({ target, clientOf }) => {
  const hub = clientOf((await wdHubInstance(pool, ctx)).baseUrl.replace(/wd\/hub\/$/, ''));
  expectSuccess(await hub.send('GET', `${WD_HUB}/status`), `--base-path=${WD_HUB}: GET ${WD_HUB}/status`);
  expectStatus(await hub.send('GET', '/status'), 404, `--base-path=${WD_HUB}: GET /status`);
  // A base path of the same length that is not the server's: a client configured with it must get 404.
  expectStatus(await hub.send('GET', '/wd/hux/status'), 404, `--base-path=${WD_HUB}: GET /wd/hux/status`);
  expectStatus(await hub.send('POST', '/session', newSessionBody(target)), 404, `--base-path=${WD_HUB}: POST /session`);
  const plain = clientOf((await plainInstance(pool, ctx)).baseUrl);
  expectSuccess(await plain.send('GET', '/status'), 'no --base-path: GET /status');
  expectStatus(await plain.send('GET', `${WD_HUB}/status`), 404, `no --base-path: GET ${WD_HUB}/status`);
  const created = await plain.newSession(newSessionBody(target), `${WD_HUB}/session`);
  if (created.sessionId) await plain.deleteSession(created.sessionId);
  expectStatus(created.answer, 404, `no --base-path: POST ${WD_HUB}/session`);
}), SERVER_COMMAND_TIMEOUT);

check('DS-DISC-03', (ctx) => withDeviceServer(ctx, async ({ target, clientOf }) => {
  const near = `--allow-insecure=${target.driverName}:session_discovery,*:adb_shell`;
  const instances: [string, Promise<ServerInstance>][] = [
    [`--allow-insecure=${target.driverName}:adb_shell`, plainInstance(pool, ctx)],
    [`no --allow-insecure (--base-path=${WD_HUB})`, wdHubInstance(pool, ctx)],
    [`${near} (session_discovery for one driver, another feature for all)`, pool.get('instance:near-discovery', async () => {
      const instance = await startInstance(target, ctx.run.reportDir, { label: 'near-discovery', home: await emptyHome(pool, 'near-discovery'), flags: [near] });
      return { value: instance, stop: instance.stop };
    })],
  ];
  for (const [flags, instance] of instances) {
    const answer = await clientOf((await instance).baseUrl).listSessions();
    expectRefused(answer, `GET ${target.vendor}/sessions on a server started with ${flags}`);
    expect(looksLikeSessionList(answer), `with ${flags}, the unavailable route must not list sessions; got ${describeAnswer(answer)}`).toBe(false);
  }
}), SERVER_COMMAND_TIMEOUT);

/** Shown with a failure on the target itself: the run may have been told wrong. */
const TOLD_WRONG = '. If the server was started with *:session_discovery, pass --session-discovery (the run says it was not)';

/** An instance started through the server command the way the reference target is, minus the flag: no --allow-insecure at all. */
function noFlagInstance(ctx: CheckContext, target: DeviceServerTarget): Promise<{ instance: ServerInstance; withDriver: boolean }> {
  return pool.get('instance:no-insecure-flag', async () => {
    const driverHome = await homeWithDriver(pool, ctx);
    const instance = await startInstance(target, ctx.run.reportDir, { label: 'no-insecure-flag', home: driverHome ?? (await emptyHome(pool, 'no-insecure-flag')) });
    return { value: { instance, withDriver: driverHome !== undefined }, stop: instance.stop };
  });
}

check('DS-DISC-05', (ctx) => withDeviceServer(ctx, async ({ target, client, clientOf, sessions }) => {
  const listing = `GET {base}${target.vendor}/sessions`;
  if (!target.capabilities.includes('session-discovery')) {
    // The target itself: a session is active, so a listing, if there were one, would show it.
    const id = await sessions.create(newSessionBody(target));
    expectListingUnavailable(await client.listSessions(), `${listing} on the target, which the run says was started without *:session_discovery,`, id, TOLD_WRONG);
    return;
  }
  if (!target.capabilities.includes('server-command')) {
    return ctx.skip('not applicable: the run says the target was started with *:session_discovery (--session-discovery), so its own listing is rightly there, and without --server-cmd no instance can be started without the flag');
  }
  // The target has the flag: judge the same server command started without it.
  const { instance, withDriver } = await noFlagInstance(ctx, target);
  const other = clientOf(instance.baseUrl);
  const created = withDriver ? await other.newSession(newSessionBody(target)) : undefined;
  try {
    expectListingUnavailable(await other.listSessions(), `${listing} on ${instance.baseUrl}, an instance started without any --allow-insecure,`, created?.sessionId);
  } finally {
    if (created?.sessionId) await other.deleteSession(created.sessionId);
  }
}), SERVER_COMMAND_TIMEOUT);

check('DS-DISC-04', (ctx) => withDeviceServer(ctx, async ({ target, clientOf }) => {
  const answer = await clientOf((await plainInstance(pool, ctx)).baseUrl).listSessions();
  ctx.observe(`GET ${target.vendor}/sessions without the flag → ${describeAnswer(answer)}`);
}), SERVER_COMMAND_TIMEOUT);

check('DS-CAPS-04', (ctx) => withDeviceServer(ctx, async ({ target, clientOf }) => {
  if (!target.app) return ctx.observe('no --app given: nothing to resolve');
  if (!(await homeWithDriver(pool, ctx))) return ctx.observe(missingDriverReason(target));
  const client = clientOf((await plainInstance(pool, ctx)).baseUrl);
  const { answer, sessionId } = await client.newSession(newSessionBody(target, { [vendorCap(target, 'app')]: basename(target.app) }));
  if (sessionId) await client.deleteSession(sessionId);
  ctx.observe(`vendor:app "${basename(target.app)}" (a file in the server's working directory) → ${sessionId ? 'a session was created' : `refused: ${describeAnswer(answer)}`}`);
}), SERVER_COMMAND_TIMEOUT);

/** The log file's bytes so far, once they have stopped growing (lines of earlier requests are written). */
async function settledLogSize(file: string): Promise<number> {
  let size = existsSync(file) ? statSync(file).size : 0;
  for (let i = 0; i < 20; i++) {
    await sleep(100);
    const now = existsSync(file) ? statSync(file).size : 0;
    if (now === size) return now;
    size = now;
  }
  return size;
}

const RECORD_OF_FAILURE = /\b404\b|unknown command|no route/i;

/**
 * Calls a removed route (POST .../touch/perform on a made-up session) on the plain
 * instance and returns the path and the log lines written after the call, waiting up to
 * 3 s for one that names the path or records a failure.
 */
async function removedRouteRecord(ctx: CheckContext, clientOf: (baseUrl: string) => W3cClient): Promise<{ path: string; lines: string[] }> {
  const instance = await plainInstance(pool, ctx);
  const path = `/session/wirecheck-${randomUUID()}/touch/perform`;
  const from = await settledLogSize(instance.logFile);
  await clientOf(instance.baseUrl).send('POST', path, { actions: [] });
  const newLines = () => stripAnsi(readFileSync(instance.logFile).subarray(from).toString('utf8')).split('\n').filter((l) => l.trim() !== '');
  const deadline = Date.now() + 3_000;
  while (!newLines().some((l) => l.includes(path) || RECORD_OF_FAILURE.test(l)) && Date.now() < deadline) await sleep(100);
  await sleep(200); // the rest of the record, when it takes several lines
  const lines = newLines();
  ctx.transcript.note(`log lines of ${instance.logFile} written after POST ${path}:\n${lines.join('\n') || '(none)'}`);
  return { path, lines };
}

check('DS-LEGACY-05', (ctx) => withDeviceServer(ctx, async ({ clientOf }) => {
  const { path, lines } = await removedRouteRecord(ctx, clientOf);
  const record = lines.filter((l) => l.includes(path) || RECORD_OF_FAILURE.test(l));
  expect(record, `the server log must record the removed route called (POST ${path}): no line written after the call names the path or a failure `
    + '(404, "unknown command", "no route")').not.toEqual([]);
}), SERVER_COMMAND_TIMEOUT);

check('DS-LEGACY-06', (ctx) => withDeviceServer(ctx, async ({ clientOf }) => {
  const { path, lines } = await removedRouteRecord(ctx, clientOf);
  const naming = lines.filter((l) => l.includes(path));
  const yes = (found: boolean) => (found ? 'yes' : 'no');
  // The method as a request line gives it: right before the path (a hint elsewhere in the line may name other methods).
  const withMethod = new RegExp(`\\bPOST\\s+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  ctx.observe(`new log lines naming the path: ${naming.length > 0 ? 'some' : 'none'}; of these, naming the method POST before it: ${yes(naming.some((l) => withMethod.test(l)))}; `
    + `naming 404 or unknown command: ${yes(naming.some((l) => RECORD_OF_FAILURE.test(l)))}; a new failure line without the path: ${yes(lines.some((l) => !l.includes(path) && RECORD_OF_FAILURE.test(l)))}`);
}), SERVER_COMMAND_TIMEOUT);

/** Starts the server as `spec` says, stops it if it still runs, and records its output. */
async function attemptAndStop(ctx: CheckContext, target: DeviceServerTarget, spec: Parameters<typeof attemptStart>[2], what: string): Promise<StartAttempt> {
  const attempt = await attemptStart(target, ctx.run.reportDir, spec);
  pool.onStop(attempt.stop);
  await attempt.stop();
  ctx.transcript.note(`${what}: \`${attempt.command}\`\n${attempt.output.slice(-1500)}`);
  return attempt;
}

/** The start must have ended with a non-zero exit, never serving. */
function expectRefusedStart(attempt: StartAttempt, what: string): void {
  expect(attempt.servedOn, `${what}: the server must not serve`).toBeUndefined();
  expect(attempt.exited && attempt.code !== 0, `${what}: the server must exit non-zero; exited ${attempt.exited}, code ${attempt.code}`).toBe(true);
}

check('DS-CLI-11', (ctx) => withDeviceServer(ctx, async ({ target }) => {
  const spec = { label: 'insecure-item', home: await emptyHome(pool, 'insecure-item'), flags: [`--allow-insecure=${target.driverName}:`] };
  const attempt = await attemptAndStop(ctx, target, spec, `--allow-insecure=${target.driverName}: (no feature name)`);
  const outcome = attempt.servedOn !== undefined ? 'started and served' : attempt.exited ? `refused at start (exit ${attempt.code})` : 'neither served nor exited within the time given';
  ctx.observe(`--allow-insecure=<driver>: (a scope, no feature name) → ${outcome}`);
}), SERVER_COMMAND_TIMEOUT);

/** Why an out-of-range start that was not refused tested nothing: the preload never ran, or the version it presents was never read. */
function notPresentedReason(version: string, marks: { loaded: boolean; read: boolean }): string | undefined {
  if (!marks.loaded) {
    return `not applicable: the runtime version is presented through a module preloaded with NODE_OPTIONS, and under Node.js ${version} no process of the server command loaded it `
      + '(no Node.js process, or NODE_OPTIONS not passed on): this server was shown no other version';
  }
  if (!marks.read) {
    return `not applicable: under Node.js ${version} (presented through NODE_OPTIONS as process.version and process.versions.node) the server command served without ever reading either, `
      + 'so it learns its runtime\'s version some other way and was not shown this one';
  }
  return undefined;
}

check('DS-CLI-12', (ctx) => withDeviceServer(ctx, async ({ target }) => {
  const home = await emptyHome(pool, 'engine');
  const attemptWith = async (version: string) => {
    const markFile = join(home, `node-${version}-${randomUUID().slice(0, 8)}.marks`);
    const attempt = await attemptAndStop(ctx, target, { label: `node-${version}`, home, env: reportedNodeVersionEnv(target.commandEnv, version, markFile) }, `Node.js ${version}`);
    return { attempt, marks: versionMarks(markFile) };
  };
  for (const version of ['20.18.3', '22.11.0', '23.11.0']) {
    const { attempt, marks } = await attemptWith(version);
    const refused = attempt.servedOn === undefined && attempt.exited && attempt.code !== 0;
    ctx.transcript.note(`Node.js ${version}: the preload was ${marks.loaded ? '' : 'never '}loaded, and the version ${marks.read ? 'was' : 'was never'} read`);
    const notPresented = refused ? undefined : notPresentedReason(version, marks);
    if (notPresented) return ctx.skip(notPresented);
    expectRefusedStart(attempt, `under Node.js ${version} (outside the accepted range, and read by the server)`);
  }
  for (const version of ['20.19.0', '22.12.0', '22.12.10', '24.0.0']) {
    expect((await attemptWith(version)).attempt.servedOn, `under Node.js ${version} (in the accepted range) the server must serve`).toBeDefined();
  }
}), SERVER_COMMAND_TIMEOUT);

check('DS-EXT-01', (ctx) => withDeviceServer(ctx, async ({ target, clientOf }) => {
  if (!(await homeWithDriver(pool, ctx))) noDriverPackage(ctx, target);
  const client = clientOf((await plainInstance(pool, ctx)).baseUrl);
  const { answer, sessionId } = await client.newSession(newSessionBody(target));
  // Clean-up only: the spec does not show the deletion route, so its answer is not judged.
  if (sessionId) ctx.transcript.note(`clean-up: DELETE {base}session/${sessionId} → ${describeAnswer(await client.deleteSession(sessionId))}`);
  expect(sessionId, `a server whose home holds the driver must create a session; got ${describeAnswer(answer)}`).toBeTruthy();
}), SERVER_COMMAND_TIMEOUT);

check('DS-EXT-02', (ctx) => withDeviceServer(ctx, async ({ target, clientOf }) => {
  const client = clientOf((await wdHubInstance(pool, ctx)).baseUrl);
  const created = await client.newSession(newSessionBody(target));
  if (created.sessionId) await client.deleteSession(created.sessionId);
  expect(created.sessionId, `a server with no driver installed must create no session; got ${describeAnswer(created.answer)}`).toBeUndefined();
  expectRefused(created.answer, 'a new session on a server whose home holds no driver');
  // The refusal must come from the session route: a route the server does not have, asked the same way, answers otherwise.
  const madeUp = `wirecheck-no-such-route-${randomUUID()}`;
  const unknown = await client.send('POST', madeUp, newSessionBody(target));
  ctx.transcript.note(`the control: POST {base}${madeUp} (a route no server has) → ${describeAnswer(unknown)}; POST {base}session → ${describeAnswer(created.answer)}`);
  const same = created.answer.status === unknown.status && created.answer.error?.error === unknown.error?.error;
  expect(same, `POST {base}session on a server whose home holds no driver answered as POST {base}${madeUp}, a route the server does not have, does `
    + `(${describeAnswer(created.answer)}): the refusal must come from the session route ("POST {base_path}session"), failing the creation, not from a server that has no such route`).toBe(false);
}), SERVER_COMMAND_TIMEOUT);
