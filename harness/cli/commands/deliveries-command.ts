// `wirecheck deliveries list|replay`: what an operator does with exhausted deliveries.
// list shows the dead-letter file (a corrupt line is reported, never fatal); replay
// re-delivers entries with the sender's rules — a delivered entry is removed from the
// file, an undelivered one stays with the replay recorded in its `replays`.
import { DeadLetterStore, type DeadLetterListing } from '../../webhook/sender/dead-letter-store.ts';
import { attemptLine, entryLine, outcomeLine } from '../../webhook/sender/attempt-lines.ts';
import { replayEntry } from '../../webhook/sender/replay.ts';
import { resolveDeliveriesConfig, type DeliveriesConfig } from '../../webhook/sender/sender-cli-options.ts';
import { ERROR_CODES, WirecheckError } from '../../errors.ts';
import { EXIT } from '../../exit-codes.ts';
import { DELIVERIES_HELP } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine, type OptionSpec } from '../parse-command-line.ts';
import { deadLetterFileError, secretFreeOutput } from './send-command.ts';

const str = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;

export const DELIVERIES_OPTIONS: OptionSpec = {
  'dead-letter': str, json: flag, all: flag, secret: str, url: str, 'max-attempts': str, 'timeout-ms': str, jitter: flag,
  help: { type: 'boolean', short: 'h' },
};

async function listing(store: DeadLetterStore, io: Output): Promise<DeadLetterListing> {
  const found = await store.list().catch((error: unknown) => { throw deadLetterFileError(store.file, error); });
  for (const { line, problem } of found.corrupt) io.err(`wirecheck: ${store.file} line ${line} is not a dead-letter entry (${problem}); left as it is`);
  return found;
}

async function list(config: Extract<DeliveriesConfig, { action: 'list' }>, io: Output): Promise<number> {
  const store = new DeadLetterStore(config.deadLetterFile);
  const { entries, corrupt } = await listing(store, io);
  if (config.json) {
    io.out(JSON.stringify({ file: store.file, entries, corrupt }, null, 2));
    return EXIT.passed;
  }
  for (const entry of entries) io.out(entryLine(entry));
  io.out(`${entries.length === 0 ? 'no' : entries.length} dead-lettered deliver${entries.length === 1 ? 'y' : 'ies'} in ${store.file}`);
  return EXIT.passed;
}

async function replay(config: Extract<DeliveriesConfig, { action: 'replay' }>, io: Output): Promise<number> {
  const store = new DeadLetterStore(config.deadLetterFile);
  const say = secretFreeOutput(io, config.secret);
  const { entries } = await listing(store, say);
  const missing = config.ids.filter((id) => !entries.some((e) => e.deliveryId === id));
  if (missing.length > 0) {
    throw new WirecheckError(ERROR_CODES.deadLetterMissing, `no dead letter ${missing.join(', ')} in ${store.file} (\`wirecheck deliveries list --dead-letter ${store.file}\` shows them)`);
  }
  const selected = config.all ? entries : entries.filter((e) => config.ids.includes(e.deliveryId));
  if (selected.length === 0) say.out(`nothing to replay: no dead-lettered deliveries in ${store.file}`);
  let undelivered = 0;
  for (const entry of selected) {
    say.out(`replaying ${entry.deliveryId} (event ${entry.eventId ?? '(no id)'}) to ${config.url ?? entry.url}`);
    const { result, removed } = await replayEntry(store, entry, {
      secret: config.secret, maxAttempts: config.maxAttempts, timeoutMs: config.timeoutMs, jitter: config.jitter,
      ...(config.url ? { url: config.url } : {}),
      onAttempt: ({ record }) => say.out(attemptLine(record, config.maxAttempts)),
    }).catch((error: unknown) => { throw deadLetterFileError(store.file, error); });
    say.out(outcomeLine(result));
    if (result.outcome !== 'delivered') undelivered += 1;
    say.out(result.outcome !== 'delivered'
      ? `  ${entry.deliveryId} stays in ${store.file}, this replay recorded in its replays`
      : removed ? `  removed ${entry.deliveryId} from ${store.file}` : `  ${entry.deliveryId} was no longer in ${store.file} (removed meanwhile)`);
  }
  return undelivered > 0 ? EXIT.failed : EXIT.passed;
}

export async function deliveriesCommand(args: readonly string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const { positionals, values } = parseCommandLine(args, DELIVERIES_OPTIONS, 'wirecheck deliveries --help');
  if (values['help']) {
    io.out(DELIVERIES_HELP);
    return 0;
  }
  const config = resolveDeliveriesConfig(positionals, values, env, process.cwd());
  return config.action === 'list' ? list(config, io) : replay(config, io);
}
