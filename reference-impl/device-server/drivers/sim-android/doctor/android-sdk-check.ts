// Doctor: the Android SDK, found through ANDROID_HOME or ANDROID_SDK_ROOT.
import { isDirectory, missing, ok, requiredCheck, sdkVariable } from './env-probe.ts';

export function diagnoseAndroidSdk(env: NodeJS.ProcessEnv) {
  const sdk = sdkVariable(env);
  if (!sdk) return missing('Android SDK: neither ANDROID_HOME nor ANDROID_SDK_ROOT is set');
  if (!isDirectory(sdk.value)) return missing(`Android SDK: ${sdk.name} is set to '${sdk.value}', which is not a directory`);
  return ok(`Android SDK: ${sdk.name} is set to '${sdk.value}'`);
}

export const androidSdkCheck = requiredCheck(
  () => diagnoseAndroidSdk(process.env),
  'Install the Android SDK (Android Studio or the command-line tools) and set ANDROID_HOME to its directory',
);
