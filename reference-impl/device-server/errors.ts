// The W3C WebDriver error catalog: one code → one HTTP status, and the body shape
// `{"value":{"error","message","stacktrace"}}` every failure is answered with. The
// stacktrace is "" (W3C: an implementation-defined string; its own example is ""): a
// client never sees the server's stack frames or source paths, the server log does.
// Drivers are separate packages and cannot import this class; they signal a W3C error
// by throwing any Error carrying an `error` property with one of these codes.

export const W3C_STATUS = {
  'invalid argument': 400,
  'invalid session id': 404,
  'no such alert': 404,
  'unknown command': 404,
  'unknown method': 405,
  'session not created': 500,
  'unsupported operation': 500,
  'unknown error': 500,
} as const;

export type W3CErrorCode = keyof typeof W3C_STATUS;

export interface W3CErrorBody {
  value: { error: W3CErrorCode; message: string; stacktrace: string };
}

export class WebDriverError extends Error {
  override readonly name = 'WebDriverError';
  constructor(readonly error: W3CErrorCode, message: string) {
    super(message);
  }

  get status(): number {
    return W3C_STATUS[this.error];
  }

  toBody(): W3CErrorBody {
    return { value: { error: this.error, message: this.message, stacktrace: '' } };
  }
}

export function isW3CErrorCode(code: unknown): code is W3CErrorCode {
  return typeof code === 'string' && Object.hasOwn(W3C_STATUS, code);
}

/**
 * What a client may read of a failure. A Node system error (ENOENT, EACCES, ...) names
 * files of the server's machine, so it is only named by its code; the log keeps the rest.
 */
function clientMessage(thrown: unknown): string {
  if (!(thrown instanceof Error)) return String(thrown);
  const { code, syscall } = thrown as NodeJS.ErrnoException;
  if (syscall !== undefined) return `the driver failed with a system error (${code ?? 'unknown'}); the server log has the details`;
  return thrown.message;
}

/** Any thrown value as a WebDriverError: a driver's coded error keeps its code, the rest is `fallback`. */
export function toWebDriverError(thrown: unknown, fallback: W3CErrorCode = 'unknown error'): WebDriverError {
  if (thrown instanceof WebDriverError) return thrown;
  const code = (thrown as { error?: unknown } | null)?.error;
  const converted = new WebDriverError(isW3CErrorCode(code) ? code : fallback, clientMessage(thrown));
  if (thrown instanceof Error && thrown.stack) converted.stack = thrown.stack;
  return converted;
}

export const invalidArgument = (message: string) => new WebDriverError('invalid argument', message);
export const sessionNotCreated = (message: string) =>
  new WebDriverError('session not created', `A new session could not be created. Details: ${message}`);
export const unknownCommand = (method: string, path: string) =>
  new WebDriverError(
    'unknown command',
    `The requested resource could not be found: ${method} ${path} is not a command of this server.`,
  );
