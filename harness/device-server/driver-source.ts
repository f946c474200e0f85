// The driver package the CLI checks install into their throwaway homes. The reference
// names its own; for an external server it is found where wirecheck's environment
// points the home variable (e.g. APPIUM_HOME): `driver list --installed --json` gives
// the installed driver's installPath (Appium: the linked or installed package).
import type { CheckContext } from '../checks/check.ts';
import type { Transcript } from '../http/index.ts';
import type { DeviceServerTarget } from './device-server-target.ts';
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

/** The home the driver's package is looked up in, for messages. */
export function sourceHomeText(target: DeviceServerTarget): string {
  return target.sourceHome ? `${target.homeEnv}=${target.sourceHome}` : `the default home (${target.homeEnv} is not set in wirecheck's environment)`;
}

export function noSourceReason(target: DeviceServerTarget): string {
  return `not applicable: the driver "${target.driverName}" is not installed in ${sourceHomeText(target)}, so there is no package to install into a throwaway home`;
}

/** Why there is no package when the run names its driver: the listing left it out (DS-CLI-20), or the home is not the server's. */
export function unlistedDriverReason(target: DeviceServerTarget): string {
  return `\`driver list --installed --json\` in ${sourceHomeText(target)} does not list the driver "${target.driverName}" the run names (--driver-name) with its installPath, `
    + `so there is no package to install into a throwaway home (DS-CLI-20 judges the listing). If the server uses another extension home, set ${target.homeEnv} `
    + 'in wirecheck\'s environment to that home; if the driver has another name, give it with --driver-name';
}

/** What a check that records (INFO) says when there is no package. */
export function missingDriverReason(target: DeviceServerTarget): string {
  return target.driverNamed ? unlistedDriverReason(target) : noSourceReason(target);
}

/**
 * Ends a check that needs the driver's package when there is none: skipped as not
 * applicable where the run names no driver (its name is a guess), failed at once
 * where it names one — the listing's failure is the cause, named in the reason.
 */
export function noDriverPackage(ctx: CheckContext, target: DeviceServerTarget): never {
  if (target.driverNamed) throw new Error(unlistedDriverReason(target));
  return ctx.skip(noSourceReason(target));
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
