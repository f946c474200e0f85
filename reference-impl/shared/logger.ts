// pino with the redaction every reference shares: secrets, signatures and bearer
// tokens never reach a log line, whatever path they arrive by.
import pino from 'pino';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-webhook-signature"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-webhook-signature"]',
  'secret',
  'token',
  'signature',
  'payload',
  'body',
];

/** A logger to stdout, or to `destination` (logger.test.ts reads the lines). */
export function createLogger(options: { level?: string; name: string }, destination?: pino.DestinationStream): pino.Logger {
  return pino({
    name: options.name,
    level: options.level ?? 'info',
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
  }, destination);
}
