// The driver's execute methods (`mobile: <name>` with one options object), modelled on
// Appium's Android drivers. `mobile: shell` needs the insecure feature `adb_shell`.
import { DriverError } from './driver-error.ts';
import { readSimApp } from './sim-app.ts';
import type { SimulatedDevice } from './simulated-device.ts';

export interface MobileContext {
  readonly device: SimulatedDevice;
  readonly sessionAppId: string | null;
  readonly driverName: string;
  readonly adbShellEnabled: boolean;
  /** The only directory `installApp` reads packages from, and where its refusals are logged. */
  readonly appsRoot: string;
  readonly log: (message: string) => void;
}

type Options = Record<string, unknown>;
type Method = (ctx: MobileContext, options: Options) => unknown;

function appIdOf(ctx: MobileContext, options: Options): string {
  const appId = options['appId'] ?? options['bundleId'] ?? ctx.sessionAppId;
  if (typeof appId !== 'string' || appId === '') {
    throw new DriverError('invalid argument', "'appId' is required: pass [{\"appId\": \"...\"}] (no app was given with vendor:app)");
  }
  return appId;
}

function shell(ctx: MobileContext, options: Options): string {
  if (!ctx.adbShellEnabled) {
    throw new DriverError(
      'unknown error',
      `Potentially insecure feature 'adb_shell' has not been enabled. Enable it for this driver with ` +
        `--allow-insecure=${ctx.driverName}:adb_shell (or --allow-insecure='*:adb_shell'), on trusted networks only.`,
    );
  }
  const command = options['command'];
  const args = options['args'] ?? [];
  if (typeof command !== 'string' || !Array.isArray(args)) throw new DriverError('invalid argument', "'command' must be a string and 'args' an array");
  const words = [...command.trim().split(/\s+/), ...args.map(String)];
  const line = words.join(' ');
  if (words[0] === 'echo') return words.slice(1).join(' ');
  if (line === 'pm list packages') return [...ctx.device.installed.keys()].map((id) => `package:${id}`).join('\n');
  if (line === 'getprop ro.product.model') return 'SimAndroid';
  if (line === 'getprop ro.build.version.release') return '14';
  if (line === 'whoami') return 'shell';
  throw new DriverError('unknown error', `/system/bin/sh: ${words[0]}: inaccessible or not found`);
}

export const MOBILE_METHODS: Record<string, Method> = {
  launchApp: (ctx, o) => void ctx.device.launch(appIdOf(ctx, o), true),
  activateApp: (ctx, o) => void ctx.device.launch(appIdOf(ctx, o), false),
  terminateApp: (ctx, o) => ctx.device.terminate(appIdOf(ctx, o)),
  queryAppState: (ctx, o) => ctx.device.state(appIdOf(ctx, o)),
  isAppInstalled: (ctx, o) => ctx.device.installed.has(appIdOf(ctx, o)),
  removeApp: (ctx, o) => ctx.device.remove(appIdOf(ctx, o)),
  installApp: async (ctx, o) => {
    if (typeof o['appPath'] !== 'string') throw new DriverError('invalid argument', "'appPath' must be an absolute path");
    ctx.device.install(await readSimApp(o['appPath'], ctx.appsRoot, ctx.log, 'invalid argument'));
    return null;
  },
  deviceInfo: (ctx) => ({
    name: ctx.device.name,
    udid: ctx.device.udid,
    sessionId: ctx.device.sessionId,
    installedApps: [...ctx.device.installed.keys()],
    runningApps: [...ctx.device.running],
    foregroundApp: ctx.device.foreground,
    alertText: ctx.device.alert?.text ?? null,
  }),
  shell,
};

export function runMobileCommand(ctx: MobileContext, script: string, args: readonly unknown[]): unknown {
  const match = /^mobile:\s*(\S+)$/.exec(script.trim());
  if (!match) {
    throw new DriverError('unsupported operation', `Only 'mobile: <method>' execute methods are available in the native context, got '${script.slice(0, 80)}'`);
  }
  const method = Object.hasOwn(MOBILE_METHODS, match[1]!) ? MOBILE_METHODS[match[1]!] : undefined;
  if (!method) {
    throw new DriverError(
      'unsupported operation',
      `Unsupported execute method '${script.trim()}'. Available methods: ${Object.keys(MOBILE_METHODS).map((m) => `mobile: ${m}`).join(', ')}`,
    );
  }
  const options = args[0] ?? {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new DriverError('invalid argument', `the first execute argument must be an options object, e.g. [{"appId": "..."}]`);
  }
  return method(ctx, options as Options) ?? null;
}
