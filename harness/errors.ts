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

/**
 * A helper of the harness's own (a bundled reference) still starting when a limit of the
 * harness's own ran out: the harness's trouble, not a set-up mistake and not the
 * target's failure (CONTRACTS §2). The run goes on without that system; its checks end
 * `error` (exit 4). It carries the mark checks/harness-error.ts reads, by its shape.
 */
export class HarnessLimitError extends WirecheckError {
  readonly harnessError: { readonly kind: 'limit'; readonly advice: string };

  constructor(code: ErrorCode, message: string, advice: string) {
    super(code, message);
    this.harnessError = { kind: 'limit', advice };
  }
}

/** Usage or configuration problems, all of them at once. */
export class OptionsError extends WirecheckError {
  constructor(readonly problems: readonly string[], readonly helpCommand: string) {
    super(ERROR_CODES.optionsInvalid,
      `invalid arguments:\n${problems.map((p) => `  - ${p}`).join('\n')}\nRun \`${helpCommand}\` to see every option.`);
  }
}
