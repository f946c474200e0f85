// A driver cannot import the server's error class (it is a separate package); it throws
// errors carrying a W3C `error` code, which the server maps to the status.

export type DriverErrorCode = 'invalid argument' | 'no such alert' | 'session not created' | 'unsupported operation' | 'unknown error';

export class DriverError extends Error {
  // Stryker disable next-line StringLiteral: not shown: error statuses and bodies (Errors: not shown beyond the base-path 404; DS-ERR-01 is INFO), the name reaches only the stacktrace text
  override readonly name = 'DriverError';
  constructor(readonly error: DriverErrorCode, message: string) {
    super(message);
  }
}
