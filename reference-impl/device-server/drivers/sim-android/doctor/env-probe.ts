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
  catch {
    return false;
  }
}

export function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  }
  catch {
    return false;
  }
}

/** The first executable `name` on PATH, or undefined. */
export function which(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const extensions = process.platform === 'win32' ? (env['PATHEXT'] ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env['PATH'] ?? '').split(path.delimiter).filter(Boolean)) {
    for (const ext of extensions) {
      const candidate = path.join(dir, name + ext);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** ANDROID_HOME, else ANDROID_SDK_ROOT: the variable's name and value when set. */
export function sdkVariable(env: NodeJS.ProcessEnv): { name: string; value: string } | undefined {
  for (const name of ['ANDROID_HOME', 'ANDROID_SDK_ROOT']) {
    const value = env[name];
    if (value) return { name, value };
  }
  return undefined;
}

export const ok = (message: string): DoctorCheckResult => ({
  ok: true,
  optional: false,
  message,
});
export const missing = (message: string): DoctorCheckResult => ({
  ok: false,
  optional: false,
  message,
});

/** A required check without autofix (the IDoctorCheck shape). */
export function requiredCheck(diagnose: () => DoctorCheckResult, fixHint: string): DoctorCheck {
  return {
    diagnose: async () => diagnose(),
    fix: async () => fixHint,
    hasAutofix: () => false,
    isOptional: () => false,
  };
}
