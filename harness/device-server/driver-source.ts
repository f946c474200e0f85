// The driver package the CLI checks install into their throwaway homes. The reference
// names its own; for an external server it is found where wirecheck's environment
// points the home variable (e.g. APPIUM_HOME): `driver list --installed --json` gives
// the installed driver's installPath (Appium: the linked or installed package).
import type { Transcript } from '../http/index.ts';
import type { DeviceServerTarget } from '../target/target-info.ts';
import { runCli } from './server-command.ts';
import { isObject } from './w3c-answer.ts';

/** JSON printed by a CLI command, also when progress text surrounds it. */
export function jsonOf(stdout: string): unknown {
  const start = stdout.indexOf('{');
  const end = stdout.lastIndexOf('}');
  if (start === -1 || end < start) return undefined;
  try {
    return JSON.parse(stdout.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/** The manifest entry of the target's driver in a `driver list --installed --json` object. */
export function driverEntry(target: DeviceServerTarget, list: unknown): Record<string, unknown> | undefined {
  if (!isObject(list)) return undefined;
  const byName = list[target.driverName];
  if (isObject(byName)) return byName;
  const wanted = target.automationName.toLowerCase();
  return Object.values(list).find((e): e is Record<string, unknown> => isObject(e) && String(e['automationName']).toLowerCase() === wanted);
}

export function noSourceReason(target: DeviceServerTarget): string {
  const where = target.sourceHome ? `${target.homeEnv}=${target.sourceHome}` : `the default home (${target.homeEnv} is not set in wirecheck's environment)`;
  return `not applicable: the driver "${target.driverName}" is not installed in ${where}, so there is no package to install into a throwaway home`;
}

export async function findDriverSource(target: DeviceServerTarget, transcript?: Transcript): Promise<string | undefined> {
  if (target.driverSource) return target.driverSource;
  const run = await runCli(target, ['driver', 'list', '--installed', '--json'], {
    ...(target.sourceHome ? { home: target.sourceHome } : {}), timeoutMs: 60_000, ...(transcript ? { transcript } : {}),
  });
  const entry = driverEntry(target, jsonOf(run.stdout));
  const path = entry?.['installPath'] ?? (entry?.['installType'] === 'local' ? entry['installSpec'] : undefined);
  return typeof path === 'string' && path !== '' ? path : undefined;
}
