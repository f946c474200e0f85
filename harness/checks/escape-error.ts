// Where a target's text enters a check's reason: the error a check throws. Its message
// often quotes what the target answered (`GET preferences answered 500 <body>`), and
// vitest, the terminal line, report.html, JUnit and Allure all take the reason from
// it — the message, the stack that repeats it, and the diff vitest draws from the
// assertion's actual and expected values. So the controls in all of them are escaped
// once, here, before the error leaves the check; every sink escapes again as defence.
// Line breaks stay: a message's first line is the reason, the rest its detail.
import { escapeControls } from '../http/escape-controls.ts';

const KEEP_LINES = { keepNewlines: true } as const;
/** Deep enough for any value an assertion compares; deeper values are left to the sinks. */
const MAX_DEPTH = 8;

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `value` with its strings escaped: strings, arrays and plain objects, as an assertion's actual or expected. */
function escapeValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return escapeControls(value, KEEP_LINES);
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => escapeValue(item, depth + 1));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [escapeControls(k), escapeValue(v, depth + 1)]));
}

function escapeFields(error: Record<string, unknown>, depth: number): void {
  for (const field of ['message', 'stack'] as const) {
    if (typeof error[field] === 'string') error[field] = escapeControls(error[field], KEEP_LINES);
  }
  for (const field of ['actual', 'expected'] as const) {
    if (field in error) error[field] = escapeValue(error[field], 0);
  }
  const cause = error['cause'];
  if (depth < MAX_DEPTH && typeof cause === 'object' && cause !== null) escapeFields(cause as Record<string, unknown>, depth + 1);
}

/**
 * The error a check threw, with the controls in its message, stack, actual, expected
 * and cause escaped. The same error object where it can be changed (its class, and
 * chai's showDiff, still tell vitest how to show it), else a new Error with its message.
 */
export function escapeError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return new Error(escapeControls(String(error), KEEP_LINES));
  try {
    escapeFields(error as Record<string, unknown>, 0);
    return error;
  } catch {
    // A frozen error, or one whose message is a getter only: keep its words, not the object.
    return new Error(escapeControls(String((error as { message?: unknown }).message ?? error), KEEP_LINES));
  }
}
