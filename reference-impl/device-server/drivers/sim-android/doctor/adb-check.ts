// Doctor: ADB, on PATH or in the SDK's platform-tools.
import path from 'node:path';
import { isExecutable, missing, ok, requiredCheck, sdkVariable, which } from './env-probe.ts';

export function diagnoseAdb(env: NodeJS.ProcessEnv) {
  const onPath = which('adb', env);
  if (onPath) return ok(`ADB: found at '${onPath}' (PATH)`);
  const sdk = sdkVariable(env);
  const inSdk = sdk ? path.join(sdk.value, 'platform-tools', process.platform === 'win32' ? 'adb.exe' : 'adb') : undefined;
  if (inSdk && isExecutable(inSdk)) return ok(`ADB: found at '${inSdk}' (${sdk!.name}/platform-tools)`);
  return missing(
    `ADB: adb is not on PATH${
      inSdk ? ` nor at '${inSdk}'` : ' and no Android SDK is set'
    }`,
  );
}

export const adbCheck = requiredCheck(
  () => diagnoseAdb(process.env),
  'Install the Android SDK platform-tools (sdkmanager "platform-tools") and add $ANDROID_HOME/platform-tools to PATH',
);
