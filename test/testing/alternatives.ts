// The correct alternatives in alternatives/ (alternatives/README.md), and how each is
// started and certified. Written once here so that the false-alarm guard
// (test/alternatives/) and bench:under-load certify them the same way: a bench that ran
// them with other options would measure another run than the one the tests prove.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STORE_ENV, STORE_URLS, type StoreKind } from './alternative-stores.ts';

/** A receiver or API on its own framework and store (a folder with server.ts). */
export interface ServerAlternative {
  readonly dir: string;
  readonly system: 'webhook' | 'resource-api';
  readonly framework: string;
  readonly store: StoreKind;
  readonly instances: number;
  /**
   * --workers for its run: some alternatives are certified the way a staging run goes,
   * independent suite files at once, so a check that holds only when files run one after
   * another fails here.
   */
  readonly workers?: number;
}

/** A webhook sender certified through its own command line (a folder without server.ts). */
export interface SenderAlternative {
  readonly dir: string;
  readonly client: string;
  readonly command: string;
  readonly deadLetterCommand: string;
  readonly runArgs: readonly string[];
}

/** What a certification of the alternatives shares with them: the webhook secret, the API's two users' tokens. */
export interface AlternativeCredentials {
  readonly secret: string;
  readonly tokens: { readonly user: string; readonly other: string };
}

const SERVER_SYSTEMS = ['webhook', 'resource-api'] as const;

function described<T>(dir: string): T {
  return { dir, ...(JSON.parse(readFileSync(join(dir, 'alternative.json'), 'utf8')) as Omit<T, 'dir'>) } as T;
}

/** Every server alternative under ROOT/alternatives. */
export function serverAlternatives(root: string): ServerAlternative[] {
  return SERVER_SYSTEMS.flatMap((system) => {
    const systemDir = join(root, 'alternatives', system);
    return readdirSync(systemDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(systemDir, d.name, 'server.ts')))
      .map((d) => described<ServerAlternative>(join(systemDir, d.name)));
  });
}

/** Every sender alternative under ROOT/alternatives/webhook-sender. */
export function senderAlternatives(root: string): SenderAlternative[] {
  const senders = join(root, 'alternatives', 'webhook-sender');
  return readdirSync(senders, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(senders, d.name, 'alternative.json')))
    .map((d) => described<SenderAlternative>(join(senders, d.name)));
}

/** One sender alternative by its folder's name. */
export function senderAlternative(root: string, name: string): SenderAlternative {
  return described<SenderAlternative>(join(root, 'alternatives', 'webhook-sender', name));
}

/** The environment of one instance of a server alternative: its port, its store, the probe on, the run's secret and tokens. */
export function serverEnv(alt: ServerAlternative, instance: { port: number; storeName: string }, credentials: AlternativeCredentials): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '', PORT: String(instance.port), STORE_NAME: instance.storeName, [STORE_ENV[alt.store]]: STORE_URLS[alt.store], CONFORMANCE_PROBE: '1',
    WEBHOOK_SECRET: credentials.secret, API_TOKENS: `${credentials.tokens.user}:alice,${credentials.tokens.other}:bob`,
  };
}

/**
 * The wirecheck arguments that certify a server alternative: external, through the probe,
 * --strict. No --version-field: where each receiver reads an event's version, the preflight
 * finds through the probe, as a vendor's run would.
 */
export function serverRunArgs(alt: ServerAlternative, urls: readonly string[], credentials: AlternativeCredentials, seed: string): string[] {
  const target = ['--target', 'external', ...urls.flatMap((u) => ['--base-url', u]), '--probe', '--strict', '--no-allure', '--seed', seed,
    ...(alt.workers ? ['--workers', String(alt.workers)] : [])];
  const system = alt.system === 'webhook'
    ? ['--secret', credentials.secret]
    : ['--token', credentials.tokens.user, '--user-id', 'alice', '--other-user-id', 'bob', '--other-token', credentials.tokens.other];
  return ['run', alt.system, ...target, ...system];
}

/** Debian's Python first: the `python3` on PATH may be another one (pyenv) without requests. */
const PYTHON_CANDIDATES = ['/usr/bin/python3', 'python3'];
let python: string | undefined;

/** A Python that imports requests and urllib3; none is an error that says how to get one, never a skip. */
export function pythonWithRequests(): string {
  python ??= PYTHON_CANDIDATES.find((candidate) => spawnSync(candidate, ['-c', 'import requests, urllib3'], { stdio: 'ignore' }).status === 0);
  if (!python) throw new Error(`no Python with requests and urllib3 among ${PYTHON_CANDIDATES.join(', ')}: apt-get install -y python3-requests (.ci/run does)`);
  return python;
}

/** A command of alternative.json with the Python found in place of its leading `python3`. */
function withPython(command: string): string {
  return command.startsWith('python3 ') ? command.replace(/^python3 /, `${pythonWithRequests()} `) : command;
}

/** The wirecheck arguments that certify a sender alternative through its own command line, --strict. */
export function senderRunArgs(alt: SenderAlternative, extraCommandWords = ''): string[] {
  return ['run', 'webhook-sender', '--target', 'external', '--sender-cmd', `${withPython(alt.command)}${extraCommandWords}`, '--dead-letter-cmd', withPython(alt.deadLetterCommand),
    ...alt.runArgs, '--strict', '--no-allure'];
}

/** The senders' knobs for their deliberate faults (RETRY_429, GIVE_UP_501, BACKOFF_BASE_MS), unset: the correct sender. */
export const SENDER_FAULT_KNOBS_OFF: Readonly<Record<string, undefined>> = { RETRY_429: undefined, GIVE_UP_501: undefined, BACKOFF_BASE_MS: undefined };
