// `wirecheck send --url U --secret S --event FILE [...]`: one delivery with the bundled
// sender — every attempt printed, the outcome, and for an exhausted delivery its entry
// in the dead-letter file. Exit 0 delivered, 1 rejected or exhausted, 2 usage.
import { ERROR_CODES, WirecheckError } from '../../errors.ts';
import { attemptLine, outcomeLine, redactSecrets } from '../../webhook/sender/attempt-lines.ts';
import { eventIdOf } from '../../webhook/sender/dead-letter-entry.ts';
import { deliver } from '../../webhook/sender/deliver.ts';
import { resolveSendConfig } from '../../webhook/sender/sender-cli-options.ts';
import { EXIT } from '../../exit-codes.ts';
import { SEND_HELP } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine, type OptionSpec } from '../parse-command-line.ts';

const str = { type: 'string' } as const;

export const SEND_OPTIONS: OptionSpec = {
  url: str, secret: str, event: str, 'max-attempts': str, 'timeout-ms': str, jitter: { type: 'boolean' }, 'dead-letter': str,
  help: { type: 'boolean', short: 'h' },
};

/** Output that never carries the secret, whatever a receiver echoes back. */
export function secretFreeOutput(io: Output, secret: string): Output {
  return { out: (text) => io.out(redactSecrets(text, [secret])), err: (text) => io.err(redactSecrets(text, [secret])), color: io.color };
}

export function deadLetterFileError(file: string, error: unknown, context = ''): WirecheckError {
  const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new WirecheckError(ERROR_CODES.deadLetterFile, `${context}the dead-letter file ${file} cannot be used (${reason}): fix its permissions or choose another with --dead-letter FILE`, { cause: error });
}

export async function sendCommand(args: readonly string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const { positionals, values } = parseCommandLine(args, SEND_OPTIONS, 'wirecheck send --help');
  if (values['help']) {
    io.out(SEND_HELP);
    return 0;
  }
  const config = resolveSendConfig(positionals, values, env, process.cwd());
  const say = secretFreeOutput(io, config.secret);
  say.out(`POST ${config.url} — event ${eventIdOf(config.body) ?? '(no id)'}, ${config.body.length} bytes, up to ${config.maxAttempts} attempts`);
  // Only the dead-letter file can make deliver() throw: every network failure is an attempt's result.
  const result = await deliver({
    url: config.url, secret: config.secret, body: config.body,
    maxAttempts: config.maxAttempts, timeoutMs: config.timeoutMs, deadLetterFile: config.deadLetterFile, faults: config.faults,
    // Left unset without --jitter: deliver()'s own default (off; on under the fault sender-jitter-on).
    ...(config.jitter ? { jitter: true } : {}),
    onAttempt: ({ record }) => say.out(attemptLine(record, config.maxAttempts)),
  }).catch((error: unknown) => {
    throw deadLetterFileError(config.deadLetterFile, error, 'the delivery was exhausted, but ');
  });
  say.out(outcomeLine(result));
  if (result.deadLetter) {
    say.out(`dead letter ${result.deadLetter.deliveryId} written to ${result.deadLetter.file}`);
    say.out(`  replay: wirecheck deliveries replay ${result.deadLetter.deliveryId} --dead-letter ${result.deadLetter.file}  (secret: --secret or env WEBHOOK_SECRET)`);
  }
  return result.outcome !== 'delivered' ? EXIT.failed : EXIT.passed;
}
