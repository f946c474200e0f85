// Entry point: deliver one event file to a webhook receiver by the spec's sender rules.
// Exit 0 delivered (2xx), 1 rejected (4xx) or attempts exhausted, 2 usage error.
// stderr carries one line per attempt; the secret and the signature are never printed.
import { readFileSync } from 'node:fs';
import { deliver, type AttemptReport } from './deliver.ts';
import { appendExhausted, exhaustedEntry } from './exhausted-log.ts';
import { parseSendArgs, SEND_USAGE, UsageError, type SendOptions } from './options.ts';

const EXIT_DELIVERED = 0;
const EXIT_NOT_DELIVERED = 1;
const EXIT_USAGE = 2;

function describe(report: AttemptReport): string {
  const result = 'status' in report.result ? `HTTP ${report.result.status}` : report.result.error;
  const next = report.verdict === 'delivered' ? 'delivered'
    : report.verdict === 'rejected' ? 'rejected (4xx), not retried'
    : report.nextDelayMs === undefined ? 'no attempts left'
    : `retrying in ${report.nextDelayMs} ms`;
  return `fetch-retry: attempt ${report.attempt}/${report.maxAttempts}: ${result}; ${next}`;
}

function readBody(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new UsageError(`--file ${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? String(err)}); give the path of the event JSON file`);
  }
}

async function run(options: SendOptions): Promise<number> {
  const body = readBody(options.file);
  const result = await deliver({ ...options, body, onAttempt: (report) => console.error(describe(report)) });
  if (result.outcome === 'delivered') return EXIT_DELIVERED;
  if (result.outcome === 'exhausted') {
    const entry = exhaustedEntry(options.url, body, result.attempts);
    try {
      appendExhausted(options.exhaustedLog, entry);
      console.error(`fetch-retry: ${result.attempts.length} attempts used; event ${entry.eventId ?? '(no id)'} written to ${options.exhaustedLog} for replay`);
    } catch (err) {
      // The operator must not lose it silently: say which event could not be recorded.
      console.error(`fetch-retry: ${result.attempts.length} attempts used, and event ${entry.eventId ?? '(no id)'} could NOT be written to ${options.exhaustedLog}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return EXIT_NOT_DELIVERED;
}

async function main(): Promise<number> {
  try {
    const parsed = parseSendArgs(process.argv.slice(2), process.env);
    if (parsed.help) {
      console.log(SEND_USAGE);
      return EXIT_DELIVERED;
    }
    return await run(parsed.options);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`fetch-retry: ${err.message}\n${SEND_USAGE}`);
    return EXIT_USAGE;
  }
}

// Exit as soon as the outcome is known: no delay after the final attempt, and nothing
// (a timed-out socket, an unref'd timer) keeps the process alive past it. stderr writes
// to files and pipes are synchronous on Linux, so no line is lost.
main().then((code) => process.exit(code), (err: unknown) => {
  console.error(`fetch-retry: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(EXIT_NOT_DELIVERED);
});
