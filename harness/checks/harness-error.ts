// The harness's own trouble, told apart from the target's failure (CONTRACTS §2, outcome
// `error`): a check ends `failed` only on evidence about the target. When its own
// machinery fails (a module it cannot load, a helper process of its own that dies, a
// verifier that cannot start) or a limit of its own runs out (a check's wall-clock limit,
// a command it killed), it throws a HarnessError: the check ends `error`, the run exit 4,
// and the reason says what went wrong and what to do.

export type HarnessErrorKind =
  /** Its own machinery failed: a module, a helper process, a verifier. */
  | 'machinery'
  /** A limit of the harness's own ran out while the target was still being judged. */
  | 'limit'
  /** The machine ran the harness's timers or processes too late to time a rule. */
  | 'machine-busy';

/** What an error must carry to be the harness's (also across a `cause` chain, and after a structured clone). */
interface HarnessErrorMark {
  readonly kind: HarnessErrorKind;
  readonly advice: string;
}

export class HarnessError extends Error {
  override readonly name = 'HarnessError';
  readonly harnessError: HarnessErrorMark;

  /** `message`: what went wrong, in words; `advice`: what to do about it. */
  constructor(kind: HarnessErrorKind, message: string, advice: string, options?: { cause?: unknown }) {
    super(message, options);
    this.harnessError = { kind, advice };
  }
}

/** Node's codes for a module that cannot be loaded: a dependency missing from the install is the harness's. */
const MODULE_CODES = new Set(['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND', 'ERR_PACKAGE_PATH_NOT_EXPORTED', 'ERR_UNKNOWN_FILE_EXTENSION']);

const REINSTALL = 'reinstall wirecheck (npm ci in a clone; npm install wirecheck in a project) and run again; if it persists, report it with this message';

/** Deep enough for any wrapping a check does. */
const MAX_DEPTH = 8;

function markOf(value: object): HarnessErrorMark | undefined {
  const mark = (value as { harnessError?: unknown }).harnessError;
  if (typeof mark === 'object' && mark !== null && typeof (mark as HarnessErrorMark).advice === 'string') return mark as HarnessErrorMark;
  const code = (value as { code?: unknown }).code;
  if (typeof code === 'string' && MODULE_CODES.has(code)) return { kind: 'machinery', advice: REINSTALL };
  return undefined;
}

/** The harness's trouble an error (or one in its cause chain) is, as the reason a check states: what happened, then what to do. */
export function harnessErrorIn(error: unknown): { kind: HarnessErrorKind; reason: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && typeof current === 'object' && current !== null; depth++) {
    const mark = markOf(current);
    if (mark) {
      const message = String((current as { message?: unknown }).message ?? '').split('\n')[0] ?? '';
      return { kind: mark.kind, reason: `the harness could not judge this check: ${message} — ${mark.advice}` };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

// Defined beside the machine's pace, which the target layer (a reference's start-up) reads too.
export { BUSY_MACHINE_ADVICE } from '../target/machine-pace.ts';
