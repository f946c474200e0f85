// The environments `driver doctor` is shown to tell apart (DS-CLI-16, DS-CLI-17): the
// harness cannot remove the Android SDK, ADB and Java from this machine, so it hides
// them — a PATH holding only node and npm (the CLI needs them), the SDK and Java
// variables unset or naming a path where nothing is — or shows stubs where the Android
// SDK and a JDK put them: ANDROID_HOME a tree with platform-tools/adb, emulator and
// apkanalyzer, JAVA_HOME one with bin/java, each a script that only prints.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DeviceServerTarget } from './device-server-target.ts';
import { findOnPath } from './find-on-path.ts';
import { type CliRun, runCli } from './server-command.ts';

export type DoctorSetting = 'variables unset' | 'variables naming a path where nothing is' | 'stub SDK and JDK where the variables point';

export interface DoctorRun {
  readonly setting: DoctorSetting;
  /** What the setting sets (paths as given), for messages and transcripts. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly run: CliRun;
}

/** A directory holding links to node and npm only, and a root for the rest; `remove` deletes both. */
function bareRoot(commandPath: string): { bin: string; root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'wirecheck-doctor-'));
  const bin = join(root, 'bin');
  mkdirSync(bin);
  symlinkSync(process.execPath, join(bin, 'node'));
  const npm = findOnPath('npm', commandPath);
  if (npm) symlinkSync(npm, join(bin, 'npm'));
  return { bin, root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** An executable shell script at root/relative that prints `says`. */
function stubExecutable(root: string, relative: string, says: string): void {
  const file = join(root, relative);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\necho '${says}' >&2\n`);
  chmodSync(file, 0o755);
}

function stubSdkAndJdk(root: string): { sdk: string; jdk: string } {
  const sdk = join(root, 'sdk');
  const jdk = join(root, 'jdk');
  for (const tool of ['platform-tools/adb', 'emulator/emulator', 'cmdline-tools/latest/bin/apkanalyzer', 'tools/bin/apkanalyzer']) {
    stubExecutable(sdk, tool, `${tool} (wirecheck stub)`);
  }
  stubExecutable(jdk, 'bin/java', 'openjdk version "17.0.15" (wirecheck stub)');
  return { sdk, jdk };
}

/** `driver doctor NAME` in `home` under each setting, one after the other; the scratch trees are removed afterwards. */
export async function doctorRuns(target: DeviceServerTarget, home: string): Promise<DoctorRun[]> {
  const { bin, root, remove } = bareRoot(target.commandEnv['PATH'] ?? '');
  try {
    const nothing = join(root, 'no-such-dir');
    const { sdk, jdk } = stubSdkAndJdk(root);
    const settings: [DoctorSetting, Record<string, string | undefined>][] = [
      ['variables unset', { PATH: bin, ANDROID_HOME: undefined, ANDROID_SDK_ROOT: undefined, JAVA_HOME: undefined }],
      ['variables naming a path where nothing is', { PATH: bin, ANDROID_HOME: nothing, ANDROID_SDK_ROOT: nothing, JAVA_HOME: nothing }],
      ['stub SDK and JDK where the variables point', { PATH: bin, ANDROID_HOME: sdk, ANDROID_SDK_ROOT: undefined, JAVA_HOME: jdk }],
    ];
    const runs: DoctorRun[] = [];
    for (const [setting, env] of settings) runs.push({ setting, env, run: await runCli(target, ['driver', 'doctor', target.driverName], { home, env }) });
    return runs;
  } finally {
    remove();
  }
}

/** One run for a transcript: the setting, the command's end and what it printed. */
export function describeDoctorRun({ setting, env, run }: DoctorRun): string {
  const vars = Object.entries(env).map(([k, v]) => `${k}=${v ?? '(unset)'}`).join(' ');
  const how = run.timedOut ? 'killed at the time limit' : `exit ${run.code ?? 'by signal'}`;
  return `driver doctor with ${setting} (${vars}) → ${how}\n${run.output.slice(0, 2000) || '(no output)'}`;
}
