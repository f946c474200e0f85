// Doctor: ADB, on PATH or in the SDK's platform-tools.
import path from 'node:path';
import { isExecutable, missing, ok, requiredCheck, sdkVariable, which } from './env-probe.ts';

export function diagnoseAdb(env: NodeJS.ProcessEnv) {
  // Stryker disable next-line StringLiteral: not shown: where a driver looks for a dependency (Command line: `driver doctor` names the dependencies, Android SDK, ADB and Java, not where they are found), the mutant changes only the PATH lookup
  const onPath = which('adb', env);
  if (onPath) return ok(`ADB: found at '${onPath}' (PATH)`);
  const sdk = sdkVariable(env);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not shown: where a driver looks for a dependency (Command line: `driver doctor` names the dependencies, Android SDK, ADB and Java, not where they are found), the mutants change only the SDK lookup; → false, the 'win32' and 'adb.exe' literals are equivalent off Windows (the suites run on Linux)
  const inSdk = sdk ? path.join(sdk.value, 'platform-tools', process.platform === 'win32' ? 'adb.exe' : 'adb') : undefined;
  // Stryker disable next-line StringLiteral: operational record, the wording of a check's line (shown only when adb is not on PATH)
  if (inSdk && isExecutable(inSdk)) return ok(`ADB: found at '${inSdk}' (${sdk!.name}/platform-tools)`);
  return missing(
    `ADB: adb is not on PATH${
      // Stryker disable next-line StringLiteral: operational record, the wording of the failed check's line
      inSdk ? ` nor at '${inSdk}'` : ' and no Android SDK is set'
    }`,
  );
}

export const adbCheck = requiredCheck(
  () => diagnoseAdb(process.env),
  // Stryker disable next-line StringLiteral: operational record, the fix hint
  'Install the Android SDK platform-tools (sdkmanager "platform-tools") and add $ANDROID_HOME/platform-tools to PATH',
);
