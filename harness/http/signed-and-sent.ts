// A check that signs one body and sends another (a body changed after signing) holds
// both up in its transcript: the bytes it signed and the bytes it sent, each on a line of
// its own as escapeBytes shows them (a JSON escape as on the wire), and under them a caret
// at the first byte where they differ. report.html marks both lines from that byte on
// (markSignedAndSent in report/html/check-rows.ts reads these lines).
import { escapeBytes, shownLength } from './escape-bytes.ts';

export const SIGNED_LABEL = 'signed bytes: ';
export const SENT_LABEL = 'sent bytes:   ';
/** The caret line's words after the caret. */
export const FIRST_DIFFERENCE = 'first difference: byte ';

/** The first offset at which `a` and `b` differ (the shorter one's length when it is the other's start); -1 when they are equal. */
export function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const common = Math.min(a.length, b.length);
  for (let i = 0; i < common; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : common;
}

/**
 * `signed bytes: …`, `sent bytes:   …` and the caret line under them: the bytes as shown
 * in a transcript, the caret under the first byte that differs; [] when they are equal.
 */
export function signedAndSentLines(signed: Uint8Array, sent: Uint8Array): string[] {
  const at = firstDifference(signed, sent);
  if (at < 0) return [];
  const column = SENT_LABEL.length + shownLength(sent, at);
  return [
    `${SIGNED_LABEL}${escapeBytes(signed)}`,
    `${SENT_LABEL}${escapeBytes(sent)}`,
    `${' '.repeat(column)}^ ${FIRST_DIFFERENCE}${at} (signed ${signed.length} bytes, sent ${sent.length})`,
  ];
}
