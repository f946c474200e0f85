// The CLI's extension listings as the checks read them: `<kind> list --installed --json`
// must succeed and print one JSON object keyed by extension name.
import { expect } from 'vitest';
import type { CheckContext } from '../checks/check.ts';
import { deviceServerTarget } from './device-server-context.ts';
import { jsonOf } from './driver-source.ts';
import { type CliOptions, type CliRun, describeRun, runCli } from './server-command.ts';
import { isObject } from './w3c-answer.ts';

/** Runs the target's CLI in `home` (its environment changed by `env`), recording the run in the check's transcript. */
export function cliIn(ctx: CheckContext, args: readonly string[], home: string, env?: CliOptions['env']): Promise<CliRun> {
  return runCli(deviceServerTarget(ctx), args, { home, transcript: ctx.transcript, ...(env ? { env } : {}) });
}

/** The `--json` object of a list command, which must succeed. */
export function listOf(run: CliRun): Record<string, unknown> {
  expect(run.code, `${describeRun(run)}: the list command must succeed`).toBe(0);
  const json = jsonOf(run.stdout);
  expect(isObject(json), `${describeRun(run)} must print a JSON object; printed ${run.stdout.slice(0, 300)}`).toBe(true);
  return json as Record<string, unknown>;
}

/** `<kind> list --installed --json` in `home`. */
export async function installedList(ctx: CheckContext, kind: 'driver' | 'plugin', home: string): Promise<Record<string, unknown>> {
  return listOf(await cliIn(ctx, [kind, 'list', '--installed', '--json'], home));
}
