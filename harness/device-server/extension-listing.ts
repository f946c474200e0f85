// The CLI's extension listings as the checks read them. CONTRACTS §1 offers `--json`
// for `driver list --installed` only, and the spec's own form is the text listing: a
// listing is read from `<kind> list --installed --json` where the command gives a JSON
// object (keyed by extension name, Appium 3's form), and otherwise from the text of
// `<kind> list --installed`, where the driver is looked for as a word. A check skips
// (not applicable) only where neither can be read.
import type { CheckContext } from '../checks/check.ts';
import type { DeviceServerTarget } from './device-server-target.ts';
import { deviceServerTarget } from './device-server-context.ts';
import { driverEntry, jsonOf } from './driver-source.ts';
import { type CliOptions, type CliRun, describeRun, runCli } from './server-command.ts';
import { isObject } from './w3c-answer.ts';

export type ExtensionKind = 'driver' | 'plugin';

export interface Listing {
  readonly kind: ExtensionKind;
  /** The `--json` object, where the command gave one. */
  readonly json?: Record<string, unknown>;
  /** Otherwise the text listing's output, the home's path left out. */
  readonly text?: string;
  /** The command read, for messages. */
  readonly how: string;
}

/** Runs the target's CLI in `home` (its environment changed by `env`), recording the run in the check's transcript. */
export function cliIn(ctx: CheckContext, args: readonly string[], home: string, env?: CliOptions['env']): Promise<CliRun> {
  return runCli(deviceServerTarget(ctx), args, { home, transcript: ctx.transcript, ...(env ? { env } : {}) });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a text listing names the target's driver: its name or automationName as a word (`fake`, not `fake-driver`). */
export function textNamesDriver(target: DeviceServerTarget, text: string): boolean {
  return [target.driverName, target.automationName].some((name) => new RegExp(`(^|[^\\w-])${escape(name)}([^\\w-]|$)`, 'im').test(text));
}

/** A text listing's output with `home` (a path that may hold any word) left out. */
export function withoutHome(run: CliRun, home: string | undefined): string {
  return home ? run.output.split(home).join('') : run.output;
}

/** The JSON object a `--json` run printed, when it succeeded and printed one. */
export function jsonListing(run: CliRun): Record<string, unknown> | undefined {
  const json = run.code === 0 ? jsonOf(run.stdout) : undefined;
  return isObject(json) ? json : undefined;
}

/** `<kind> list --installed` in `home`: the JSON listing where offered, else the text one; undefined where neither can be read. */
export async function installedListing(ctx: CheckContext, kind: ExtensionKind, home: string): Promise<Listing | undefined> {
  const jsonRun = await cliIn(ctx, [kind, 'list', '--installed', '--json'], home);
  const json = jsonListing(jsonRun);
  if (json) return { kind, json, how: describeRun(jsonRun) };
  const textRun = await cliIn(ctx, [kind, 'list', '--installed'], home);
  if (textRun.code !== 0) return undefined;
  ctx.transcript.note(`${describeRun(jsonRun)} gave no JSON object: the text listing is read instead`);
  return { kind, text: withoutHome(textRun, home), how: describeRun(textRun) };
}

/** The listing, or the check skipped: neither form could be read. */
export async function requireListing(ctx: CheckContext, kind: ExtensionKind, home: string): Promise<Listing> {
  const listing = await installedListing(ctx, kind, home);
  if (listing) return listing;
  return ctx.skip(`not applicable: neither \`${kind} list --installed --json\` nor \`${kind} list --installed\` succeeded, so the ${kind} listing cannot be read (see the transcript)`);
}

/** Whether the listing shows the target's driver (its --json entry by name or automationName, or the name in the text). */
export function listsDriver(target: DeviceServerTarget, listing: Listing): boolean {
  return listing.json ? driverEntry(target, listing.json) !== undefined : textNamesDriver(target, listing.text ?? '');
}

/** The names a JSON listing holds; undefined for a text listing, whose extension names the harness cannot know. */
export function listedNames(listing: Listing): string[] | undefined {
  return listing.json ? Object.keys(listing.json) : undefined;
}
