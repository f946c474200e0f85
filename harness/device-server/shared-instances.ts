// The instances and homes the server-command checks share within a suite file.
//   plain:   a home holding the driver (when its package can be found), no base path,
//            the scoped feature `<driver>:adb_shell`, working directory = the app's.
//   wd-hub:  --base-path=/wd/hub and a home holding nothing.
import { dirname } from 'node:path';
import type { CheckContext } from '../checks/check.ts';
import { deviceServerTarget } from './device-server-context.ts';
import { findDriverSource } from './driver-source.ts';
import type { InstancePool } from './instance-pool.ts';
import { describeRun, runCli } from './server-command.ts';
import { startInstance, type ServerInstance } from './server-instance.ts';
import { throwawayHome } from './throwaway-home.ts';

export const WD_HUB = '/wd/hub';

/** A fresh home with nothing installed. */
export function emptyHome(pool: InstancePool, key: string): Promise<string> {
  return pool.get(`home:${key}`, async () => {
    const home = throwawayHome(key);
    return { value: home.path, stop: home.remove };
  });
}

/** A fresh home with the target's driver installed from its package; undefined when no package can be found. */
export function homeWithDriver(pool: InstancePool, ctx: CheckContext, key = 'driver'): Promise<string | undefined> {
  const target = deviceServerTarget(ctx);
  return pool.get(`home:${key}`, async () => {
    const source = await findDriverSource(target, ctx.transcript);
    if (!source) return { value: undefined, stop: () => {} };
    const home = throwawayHome(key);
    const run = await runCli(target, ['driver', 'install', '--source=local', source], { home: home.path, transcript: ctx.transcript });
    if (run.code !== 0) {
      home.remove();
      throw new Error(`installing the driver from ${source} into a throwaway home failed: ${describeRun(run)}\n${run.output.slice(-1500)}`);
    }
    return { value: home.path, stop: home.remove };
  });
}

export function plainInstance(pool: InstancePool, ctx: CheckContext): Promise<ServerInstance> {
  const target = deviceServerTarget(ctx);
  return pool.get('instance:plain', async () => {
    const home = (await homeWithDriver(pool, ctx)) ?? (await emptyHome(pool, 'plain'));
    const instance = await startInstance(target, ctx.run.reportDir, {
      label: 'plain', home, flags: [`--allow-insecure=${target.driverName}:adb_shell`],
      ...(target.app ? { cwd: dirname(target.app) } : {}),
    });
    return { value: instance, stop: instance.stop };
  });
}

export function wdHubInstance(pool: InstancePool, ctx: CheckContext): Promise<ServerInstance> {
  const target = deviceServerTarget(ctx);
  return pool.get('instance:wd-hub', async () => {
    const home = await emptyHome(pool, 'wd-hub');
    const instance = await startInstance(target, ctx.run.reportDir, { label: 'wd-hub', home, basePath: WD_HUB, flags: [`--base-path=${WD_HUB}`] });
    return { value: instance, stop: instance.stop };
  });
}
