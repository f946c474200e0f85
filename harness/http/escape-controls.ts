// Text that came from a target is shown to a person — on a terminal, in report.html,
// JUnit XML, the Allure report, transcripts — and must not act on what shows it:
// - C0 controls and DEL: ESC starts a sequence that clears the screen, moves the cursor
//   or sets the window title (ESC ] 0 ; … BEL); a bare CR returns to the line's start, so
//   what follows overwrites what the harness printed; BS erases; NUL ends C strings.
//   XML 1.0 cannot carry them at all, not even as character references.
// - C1 controls (U+0080–U+009F): U+009B is CSI and U+009D OSC on terminals that honour
//   8-bit controls, a second way to write the same sequences.
// - Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), zero-width and
//   direction marks, the line and paragraph separators (U+2028, U+2029), the BOM: they
//   reorder or split text as it is displayed, so a reason or a transcript line can read
//   differently from the characters it holds ("Trojan source", CVE-2021-42574).
// - U+FFFE and U+FFFF, which XML 1.0 forbids, and lone UTF-16 surrogates, which no
//   encoder writes as they are.
// Each becomes a visible escape: a C0 control `\t`, `\n`, `\r` or `\xNN` (as escapeBytes
// shows a byte), any other `\uNNNN` — every one a BMP code point, and `\uNNNN` is JSON's
// own escape of the same character. JSON.stringify escapes C0 itself, so JSON printed
// through this function is still JSON and holds the same strings (`list --json`).

/** A code point that is never shown raw. */
export function mustEscape(cp: number): boolean {
  return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e)
    || (cp >= 0x2060 && cp <= 0x206f) || cp === 0xfeff || cp === 0xfffe || cp === 0xffff || (cp >= 0xd800 && cp <= 0xdfff);
}

const NAMED: Readonly<Record<number, string>> = { 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r' };

/** The visible escape of a code point that `mustEscape`. */
export function escapeCodePoint(cp: number): string {
  if (cp < 0x20) return NAMED[cp] ?? `\\x${cp.toString(16).padStart(2, '0')}`;
  return `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

export interface EscapeControlsOptions {
  /**
   * Keep LF as a line break: for a sink that shows several lines (a transcript, a
   * failure's detail, an XML text node). A line break moves on to a new line and
   * cannot rewrite one already shown; CR, which can, is escaped all the same.
   */
  readonly keepNewlines?: boolean;
}

/**
 * `text` with every code point `mustEscape` holds shown as an escape; everything else,
 * printable Unicode included, as it is.
 *
 * A backslash is not doubled, unlike escapeBytes: this function is the guard of every
 * sink, so text passes it more than once (where a reason is made, then where it is
 * printed), and text escaped before — escapeBytes's excerpts, chai's quoted strings —
 * must come out as it went in. So it is idempotent, and injective on text without a
 * backslash; a target that sends the four characters `\x1b` reads like one that sent
 * ESC, and the transcript (escapeBytes, which doubles a backslash wherever it would read as an escape) tells them apart.
 */
export function escapeControls(text: string, options: EscapeControlsOptions = {}): string {
  let out = '';
  // By code point: a surrogate pair is one character, a lone surrogate one of its own.
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    out += mustEscape(cp) && !(cp === 0x0a && options.keepNewlines === true) ? escapeCodePoint(cp) : ch;
  }
  return out;
}
