// A driver cannot import the server's error class (it is a separate package); it throws
// errors carrying a W3C `error` code, which the server maps to the status.

export type DriverErrorCode = 'invalid argument' | 'no such alert' | 'session not created' | 'unsupported operation' | 'unknown error';

export class DriverError extends Error {
  override readonly name = 'DriverError';
  constructor(readonly error: DriverErrorCode, message: string) {
    super(message);
  }
}
