// The config file's server.address: a server started with a file naming a loopback
// address other than 127.0.0.1 (and no --address) listens there. 127.0.0.2 tells a
// server that honours the key from one that binds its default (127.0.0.1, or 0.0.0.0,
// which answers on every loopback address): the default answers on 127.0.0.1 too.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { deviceServerTarget } from '../../../harness/device-server/device-server-context.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { answers, attemptStart } from '../../../harness/device-server/server-instance.ts';
import { emptyHome } from '../../../harness/device-server/shared-instances.ts';
import { freePort } from '../../../harness/target/free-port.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

const SECOND_LOOPBACK = '127.0.0.2';

check('DS-CLI-18', async (ctx) => {
  const target = deviceServerTarget(ctx);
  // Linux routes all of 127/8 to loopback; macOS only 127.0.0.1 unless aliased.
  const canListen = await freePort(SECOND_LOOPBACK).then(() => true, () => false);
  if (!canListen) ctx.skip(`this machine cannot listen on ${SECOND_LOOPBACK} (a second loopback address is needed to tell the file's address from the default)`);
  const home = await emptyHome(pool, 'config-address');
  const port = await freePort();
  const file = join(home, 'wirecheck-config-address.json');
  writeFileSync(file, `${JSON.stringify({ server: { address: SECOND_LOOPBACK, port } }, null, 2)}\n`);
  const attempt = await attemptStart(target, ctx.run.reportDir, {
    label: 'config-address', home, address: false, portFlag: false, port, host: SECOND_LOOPBACK, flags: ['--config', file],
  });
  pool.onStop(attempt.stop);
  ctx.transcript.note(`config file ${file}: server.address ${SECOND_LOOPBACK}, server.port ${port}; \`${attempt.command}\`; output:\n${attempt.output.slice(-1500)}`);
  expect(attempt.servedOn, `with server.address ${SECOND_LOOPBACK} in the file and no --address, the server must listen on ${SECOND_LOOPBACK}:${port}; output:\n${attempt.output.slice(-1500)}`).toBe(port);
  const onDefault = await answers(`http://127.0.0.1:${port}/status`);
  await attempt.stop();
  expect(onDefault, `the server must listen on the file's address only: 127.0.0.1:${port} answered, so it bound its default address instead of ${SECOND_LOOPBACK}`).toBe(false);
}, SERVER_COMMAND_TIMEOUT);
