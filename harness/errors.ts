// The harness's error catalog: stable codes, messages that name the value received
// and how to fix it. The CLI maps every one of these to exit code 2.

export const ERROR_CODES = {
  usage: 'WIRECHECK_ERR_USAGE',
  optionsInvalid: 'WIRECHECK_ERR_OPTIONS_INVALID',
  targetUnreachable: 'WIRECHECK_ERR_TARGET_UNREACHABLE',
  referenceStart: 'WIRECHECK_ERR_REFERENCE_START',
  targetUnavailable: 'WIRECHECK_ERR_TARGET_UNAVAILABLE',
  /** A prerequisite of the run (secret, probe, base URL) does not hold: found before any check. */
  preflightFailed: 'WIRECHECK_ERR_PREFLIGHT',
  deadLetterFile: 'WIRECHECK_ERR_DEAD_LETTER_FILE',
  deadLetterMissing: 'WIRECHECK_ERR_DEAD_LETTER_MISSING',
  // evidence: verify, keygen, baseline write
  bundleUnreadable: 'WIRECHECK_ERR_BUNDLE_UNREADABLE',
  keyInvalid: 'WIRECHECK_ERR_KEY_INVALID',
  keyExists: 'WIRECHECK_ERR_KEY_EXISTS',
  summaryUnreadable: 'WIRECHECK_ERR_SUMMARY_UNREADABLE',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export class WirecheckError extends Error {
  override readonly name = 'WirecheckError';
  constructor(readonly code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Usage or configuration problems, all of them at once. */
export class OptionsError extends WirecheckError {
  constructor(readonly problems: readonly string[], readonly helpCommand: string) {
    super(ERROR_CODES.optionsInvalid,
      `${problems.length === 1 ? 'invalid option' : 'invalid options'}:\n${problems.map((p) => `  - ${p}`).join('\n')}\nRun \`${helpCommand}\` to see every option.`);
  }
}
