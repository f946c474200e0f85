// Entry point: the operator's list of exhausted deliveries, one JSON line each on stdout
// (event id, url, attempts, when). A missing log means none: nothing printed, exit 0.
// Lines that are not entries are named on stderr and make the exit 1, so a damaged log
// is not mistaken for a short one.
import { readExhausted } from './exhausted-log.ts';
import { LIST_USAGE, parseListArgs, UsageError } from './options.ts';

function main(): number {
  let parsed;
  try {
    parsed = parseListArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`list-exhausted: ${err.message}\n${LIST_USAGE}`);
    return 2;
  }
  if (parsed.help) {
    console.log(LIST_USAGE);
    return 0;
  }
  const { entries, badLines } = readExhausted(parsed.options.exhaustedLog);
  for (const e of entries) {
    process.stdout.write(`${JSON.stringify({ eventId: e.eventId, url: e.url, attempts: e.attempts.length, exhaustedAt: e.exhaustedAt })}\n`);
  }
  if (badLines.length > 0) {
    console.error(`list-exhausted: ${parsed.options.exhaustedLog}: line(s) ${badLines.join(', ')} are not exhausted-delivery entries`);
    return 1;
  }
  return 0;
}

process.exitCode = main();
