// Instances of the server the harness starts through the server command, on free
// loopback ports, shared by the checks of this file: `plain` (home with the driver,
// `<driver>:adb_shell`, no base path, working directory = the app's), `wd-hub`
// (--base-path=/wd/hub, a home holding nothing) and, for DS-DISC-05 when the target
// itself has session discovery, `no-insecure-flag` (home with the driver, no flag).
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { withDeviceServer } from '../../../harness/device-server/device-server-context.ts';
import { missingDriverReason, noDriverPackage } from '../../../harness/device-server/driver-source.ts';
import { expectListingUnavailable, expectRefused, expectStatus, expectSuccess } from '../../../harness/device-server/expect-answer.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { reportedNodeVersionEnv } from '../../../harness/device-server/runtime-version.ts';
import { attemptStart, type ServerInstance, type StartAttempt, startInstance } from '../../../harness/device-server/server-instance.ts';
import { newSessionBody, vendorCap } from '../../../harness/device-server/session-capabilities.ts';
import { looksLikeSessionList } from '../../../harness/device-server/session-listing.ts';
import { emptyHome, homeWithDriver, plainInstance, WD_HUB, wdHubInstance } from '../../../harness/device-server/shared-instances.ts';
import { describeAnswer } from '../../../harness/device-server/w3c-answer.ts';
import type { DeviceServerTarget } from '../../../harness/target/target-info.ts';

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

check('DS-LEGACY-05', (ctx) => withDeviceServer(ctx, async ({ clientOf }) => {
  const instance = await plainInstance(pool, ctx);
  const path = `/session/wirecheck-${randomUUID()}/touch/perform`;
  await clientOf(instance.baseUrl).send('POST', path, { actions: [] });
  const pattern = new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*(404|unknown command|no route)|(404|unknown command|no route).*${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i');
  const deadline = Date.now() + 3_000;
  while (!pattern.test(instance.log()) && Date.now() < deadline) await sleep(100);
  const lines = instance.log().split('\n').filter((l) => l.includes(path));
  ctx.transcript.note(`log lines of ${instance.logFile} naming ${path}:\n${lines.join('\n') || '(none)'}`);
  expect(pattern.test(instance.log()), `the server log must record the removed route POST ${path} and its failure (a line with 404, "unknown command" or "no route")`).toBe(true);
  expect(lines.some((l) => /\bPOST\b/.test(l)), 'the log must name the method POST with the path').toBe(true);
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

/** Starts an instance with `--allow-insecure=<item>`; it must exit non-zero without serving. */
async function expectRefusedFeature(ctx: CheckContext, target: DeviceServerTarget, item: string, what: string): Promise<void> {
  const spec = { label: 'insecure-item', home: await emptyHome(pool, 'insecure-item'), flags: [`--allow-insecure=${item}`] };
  expectRefusedStart(await attemptAndStop(ctx, target, spec, `--allow-insecure=${item}`), `--allow-insecure=${item} (${what})`);
}

check('DS-CLI-05', (ctx) => withDeviceServer(ctx, async ({ target, clientOf }) => {
  await expectRefusedFeature(ctx, target, 'adb_shell', 'no scope');
  await expectRefusedFeature(ctx, target, ':adb_shell', 'an empty scope');
  const scoped = clientOf((await plainInstance(pool, ctx)).baseUrl);
  expectSuccess(await scoped.status(), `the scoped form --allow-insecure=${target.driverName}:adb_shell must start a server`);
}), SERVER_COMMAND_TIMEOUT);

check('DS-CLI-11', (ctx) => withDeviceServer(ctx, async ({ target }) => {
  const spec = { label: 'insecure-item', home: await emptyHome(pool, 'insecure-item'), flags: [`--allow-insecure=${target.driverName}:`] };
  const attempt = await attemptAndStop(ctx, target, spec, `--allow-insecure=${target.driverName}: (no feature name)`);
  const outcome = attempt.servedOn !== undefined ? 'started and served' : attempt.exited ? `refused at start (exit ${attempt.code})` : 'neither served nor exited within the time given';
  ctx.observe(`--allow-insecure=<driver>: (a scope, no feature name) → ${outcome}`);
}), SERVER_COMMAND_TIMEOUT);

check('DS-CLI-12', (ctx) => withDeviceServer(ctx, async ({ target }) => {
  const home = await emptyHome(pool, 'engine');
  const attemptWith = (version: string) => attemptAndStop(ctx, target, {
    label: `node-${version}`, home, env: reportedNodeVersionEnv(target.commandEnv, version),
  }, `Node.js ${version}`);
  for (const version of ['20.18.3', '22.11.0', '23.11.0']) {
    expectRefusedStart(await attemptWith(version), `under Node.js ${version} (outside the accepted range)`);
  }
  for (const version of ['20.19.0', '22.12.0', '22.12.10', '24.0.0']) {
    expect((await attemptWith(version)).servedOn, `under Node.js ${version} (in the accepted range) the server must serve`).toBeDefined();
  }
}), SERVER_COMMAND_TIMEOUT);

check('DS-EXT-01', (ctx) => withDeviceServer(ctx, async ({ target, clientOf }) => {
  if (!(await homeWithDriver(pool, ctx))) noDriverPackage(ctx, target);
  const client = clientOf((await plainInstance(pool, ctx)).baseUrl);
  const { answer, sessionId } = await client.newSession(newSessionBody(target));
  if (sessionId) expectSuccess(await client.deleteSession(sessionId), 'DELETE of the session');
  expect(sessionId, `a server whose home holds the driver must create a session; got ${describeAnswer(answer)}`).toBeTruthy();
}), SERVER_COMMAND_TIMEOUT);

check('DS-EXT-02', (ctx) => withDeviceServer(ctx, async ({ target, clientOf }) => {
  const client = clientOf((await wdHubInstance(pool, ctx)).baseUrl);
  const created = await client.newSession(newSessionBody(target));
  if (created.sessionId) await client.deleteSession(created.sessionId);
  expect(created.sessionId, `a server with no driver installed must create no session; got ${describeAnswer(created.answer)}`).toBeUndefined();
  expectRefused(created.answer, 'a new session on a server whose home holds no driver');
}), SERVER_COMMAND_TIMEOUT);
