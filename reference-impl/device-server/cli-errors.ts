// Errors of the command line, from one catalog with stable codes. Every message names
// the value received and how to fix it; the CLI prints it and exits non-zero.

export const CLI_ERROR_CODES = [
  'VENDOR_ERR_USAGE', // unknown option/command, missing or malformed argument
  'VENDOR_ERR_CONFIG_INVALID', // config file unreadable, unknown key, wrong type
  'VENDOR_ERR_INSECURE_FEATURE', // unscoped allow-insecure item, relaxed security
  'VENDOR_ERR_ENGINE', // Node.js or npm outside the accepted range
  'VENDOR_ERR_EXTENSION', // install/uninstall/doctor failures, bad driver package, corrupt manifest
  'VENDOR_ERR_DOCTOR', // doctor found required fixes
  'VENDOR_ERR_FAULTS', // unknown fault name
  'VENDOR_ERR_LISTEN', // the server could not listen
] as const;

export type CliErrorCode = (typeof CLI_ERROR_CODES)[number];

export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    readonly code: CliErrorCode,
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
