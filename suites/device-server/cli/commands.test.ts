// Command line and server start-up: `--version` (3.x) and `--help`; the config file
// (its keys loaded, a flag overriding it; what becomes of an unknown key is recorded); the
// default port (4723, where no other program holds it); and the stated
// security controls a server's defaults bear on — the address it binds without
// --address and whether --relaxed-security starts it (operators' duties: recorded).
import { writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { DEFAULT_PORT, portFree, withDefaultPortTurn } from '../../../harness/device-server/default-port.ts';
import { deviceServerTarget } from '../../../harness/device-server/device-server-context.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { describeRun, runCli, SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { answers, attemptStart, type StartAttempt, startInstance } from '../../../harness/device-server/server-instance.ts';
import { emptyHome } from '../../../harness/device-server/shared-instances.ts';
import { describeAnswer, isSuccess } from '../../../harness/device-server/w3c-answer.ts';
import { W3cClient } from '../../../harness/device-server/w3c-client.ts';
import { freePort } from '../../../harness/target/free-port.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

check('DS-CLI-01', async (ctx) => {
  const run = await runCli(deviceServerTarget(ctx), ['--version'], { home: await emptyHome(pool, 'cli'), transcript: ctx.transcript });
  expect(run.code, describeRun(run)).toBe(0);
  const version = run.stdout.trim().split('\n')[0]?.trim() ?? '';
  expect(version, `--version must print the server version, beginning with 3.; printed "${version}"`).toMatch(/^3\.\d/);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-02', async (ctx) => {
  const run = await runCli(deviceServerTarget(ctx), ['--help'], { home: await emptyHome(pool, 'cli'), transcript: ctx.transcript });
  expect(run.code, `${describeRun(run)}: --help must exit 0`).toBe(0);
  // "Shows help": some text, in any form (the spec fixes none).
  expect(run.output, '--help must show the help: it printed nothing on stdout or stderr').not.toBe('');
}, SERVER_COMMAND_TIMEOUT);

async function configFile(name: string, server: Record<string, unknown>): Promise<string> {
  const file = join(await emptyHome(pool, 'config'), name);
  writeFileSync(file, `${JSON.stringify({ server }, null, 2)}\n`);
  return file;
}

function tail(attempt: StartAttempt): string {
  return `\`${attempt.command}\`; output:\n${attempt.output.slice(-1500)}`;
}

check('DS-CLI-03', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const filePort = await freePort();
  let flagPort = await freePort();
  while (flagPort === filePort) flagPort = await freePort();
  const file = await configFile('wirecheck-config.json', {
    address: '127.0.0.1', port: filePort, 'log-level': 'info', 'allow-insecure': ['*:session_discovery'],
  });
  const attempt = await attemptStart(target, ctx.run.reportDir, {
    label: 'config', home: await emptyHome(pool, 'config-home'), address: false, portFlag: false, port: flagPort,
    flags: ['--config', file, '--port', String(flagPort)], watchPorts: [flagPort, filePort],
  });
  pool.onStop(attempt.stop);
  ctx.transcript.note(`config file ${file}: port ${filePort}, allow-insecure *:session_discovery; flag --port ${flagPort}\n${tail(attempt)}`);
  expect(attempt.servedOn, `the server must serve on the flag's port ${flagPort}, not the file's ${filePort}; ${tail(attempt)}`).toBe(flagPort);
  const listing = await new W3cClient(`http://127.0.0.1:${flagPort}/`, ctx.transcript, target.vendor).listSessions();
  expect(isSuccess(listing), `the file's server.allow-insecure ["*:session_discovery"] must take effect: GET ${target.vendor}/sessions answered ${describeAnswer(listing)}`).toBe(true);
  await attempt.stop();
  const fileOnly = await attemptStart(target, ctx.run.reportDir, {
    label: 'config-port', home: await emptyHome(pool, 'config-home'), address: false, portFlag: false, port: filePort,
    flags: ['--config', file],
  });
  pool.onStop(fileOnly.stop);
  ctx.transcript.note(`the same file, no --port\n${tail(fileOnly)}`);
  await fileOnly.stop();
  expect(fileOnly.servedOn, `without --port the server must serve on the file's port ${filePort}; ${tail(fileOnly)}`).toBe(filePort);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-04', async (ctx) => {
  const port = await freePort();
  const file = await configFile('wirecheck-unknown-key.json', { address: '127.0.0.1', port, 'wirecheck-unknown-key': true });
  const attempt = await attemptStart(deviceServerTarget(ctx), ctx.run.reportDir, {
    label: 'config-unknown-key', home: await emptyHome(pool, 'config-home'), address: false, portFlag: false, port,
    flags: ['--config', file],
  });
  pool.onStop(attempt.stop);
  ctx.transcript.note(`config file ${file} with the unknown key "wirecheck-unknown-key"\n${tail(attempt)}`);
  await attempt.stop();
  const named = /wirecheck-unknown-key/.test(attempt.output) ? ', naming the key' : '';
  ctx.observe(attempt.servedOn !== undefined
    ? `a config file with an unknown key: the server started and served${named}`
    : attempt.exited ? `a config file with an unknown key: refused at start (exit ${attempt.code})${named}` : 'a config file with an unknown key: neither served nor exited within the time given');
}, SERVER_COMMAND_TIMEOUT);

const PORT_TAKEN = /EADDRINUSE|address already in use/i;

check('DS-CLI-22', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const where = `127.0.0.1:${DEFAULT_PORT}`;
  const taken = `not applicable: ${where} is in use by another program, so a server started without --port cannot show that it listens there; free the port and run again`;
  // The port is the machine's: runs of wirecheck take turns with it.
  await withDefaultPortTurn(async () => {
    if (!(await portFree(DEFAULT_PORT))) ctx.skip(taken);
    // Also watched: the ports its output names in URLs, so a server listening elsewhere is seen at once.
    const attempt = await attemptStart(target, ctx.run.reportDir, {
      label: 'default-port', home: await emptyHome(pool, 'default-port'), cwd: await emptyHome(pool, 'default-port-cwd'),
      portFlag: false, port: DEFAULT_PORT, watchOutputPorts: true,
    });
    pool.onStop(attempt.stop);
    ctx.transcript.note(`started without --port (and no config file), watching ${where} and the ports its output names\n${tail(attempt)}`);
    // Served at a port its output named first: it may still come to 4723 as well.
    const atDefault = attempt.servedOn === DEFAULT_PORT || (attempt.servedOn !== undefined && (await answers(`http://${where}/status`, 1_500)));
    const servedWhileRunning = atDefault && !attempt.exited;
    await attempt.stop();
    // Another program that took the port meanwhile: once this server is stopped, the port is not free; or the server could not bind it.
    const bindRefused = attempt.exited && PORT_TAKEN.test(attempt.output) && attempt.output.includes(`:${DEFAULT_PORT}`);
    if (!(await portFree(DEFAULT_PORT)) || (!servedWhileRunning && bindRefused)) {
      ctx.skip(`${taken.replace('is in use', 'was taken while the check ran')} (what answered there, if anything, may not have been this server)`);
    }
    const how = attempt.servedOn !== undefined ? `it served on port ${attempt.servedOn} (named in its output), and nothing answered at ${where}`
      : attempt.exited ? `it exited (code ${attempt.code}) without serving there` : 'nothing answered there within the time given';
    expect(servedWhileRunning, `started without --port the server must listen on the default port ${DEFAULT_PORT}: ${how}; ${tail(attempt)}`).toBe(true);
  });
}, SERVER_COMMAND_TIMEOUT);

/** An IPv4 address of this machine that is not loopback: reachable only if the server binds beyond loopback. */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

check('DS-SEC-01', async (ctx) => {
  const address = externalAddress();
  if (!address) return ctx.observe('could not be determined: this machine has no non-loopback IPv4 interface');
  const instance = await startInstance(deviceServerTarget(ctx), ctx.run.reportDir, {
    label: 'default-address', home: await emptyHome(pool, 'default-address'), address: false,
  });
  pool.onStop(instance.stop);
  const reached = await answers(`http://${address}:${instance.port}/status`, 1_500);
  ctx.transcript.note(`started without --address on port ${instance.port}; GET http://${address}:${instance.port}/status ${reached ? 'answered' : 'did not answer'}`);
  ctx.observe(reached
    ? 'started without --address it answers on a non-loopback interface too: it binds every interface (pass --address to bind a trusted one)'
    : 'started without --address it answers on loopback only');
  await instance.stop();
}, SERVER_COMMAND_TIMEOUT);

check('DS-SEC-02', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const attempt = await attemptStart(target, ctx.run.reportDir, {
    label: 'relaxed-security', home: await emptyHome(pool, 'relaxed'), flags: ['--relaxed-security'],
  });
  pool.onStop(attempt.stop);
  ctx.transcript.note(`\`${attempt.command}\`\n${attempt.output.slice(-1500)}`);
  if (attempt.servedOn === undefined) {
    await attempt.stop();
    return ctx.observe(attempt.exited ? `refused at start (exit ${attempt.code})` : 'neither served nor exited within the time given');
  }
  const listing = await new W3cClient(`http://127.0.0.1:${attempt.servedOn}/`, ctx.transcript, target.vendor).listSessions();
  ctx.observe(`started; with it GET ${target.vendor}/sessions → ${describeAnswer(listing).split(' ')[0]} (session discovery ${listing.status < 300 ? 'on' : 'off'})`);
  await attempt.stop();
}, SERVER_COMMAND_TIMEOUT);
