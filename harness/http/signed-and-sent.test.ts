import { describe, expect, it } from 'vitest';
import { escapeBytes } from './escape-bytes.ts';
import { firstDifference, SENT_LABEL, SIGNED_LABEL, signedAndSentLines } from './signed-and-sent.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('signed and sent bytes, side by side', () => {
  it('finds the first byte where they differ, the shorter one\'s end when it starts the other', () => {
    expect(firstDifference(bytes('{"id":1}'), bytes('{"id" :1}'))).toBe(5);
    expect(firstDifference(bytes('abc'), bytes('abcd'))).toBe(3);
    expect(firstDifference(bytes('abc'), bytes('abc'))).toBe(-1);
    expect(signedAndSentLines(bytes('abc'), bytes('abc'))).toEqual([]);
  });

  it('shows both as on the wire — a JSON escape with its one backslash — and a caret under the first difference', () => {
    const signed = bytes('{"id":"evt_1","type":"payment.succeeded"}');
    const sent = bytes('{"id":"evt_1","typ\\u0065":"payment.succeeded"}');
    const [signedLine, sentLine, caret] = signedAndSentLines(signed, sent);
    expect(signedLine).toBe(`${SIGNED_LABEL}{"id":"evt_1","type":"payment.succeeded"}`);
    expect(sentLine).toBe(`${SENT_LABEL}{"id":"evt_1","typ\\u0065":"payment.succeeded"}`);
    expect(sentLine).not.toContain('\\\\');
    expect(caret).toBe(`${' '.repeat(SENT_LABEL.length + 18)}^ first difference: byte 18 (signed 41 bytes, sent 46)`);
    const column = caret?.indexOf('^') ?? -1;
    expect([signedLine?.[column], sentLine?.[column]]).toEqual(['e', '\\']);
    expect(signedLine?.slice(0, column)).toBe(`${SIGNED_LABEL}${sentLine?.slice(SENT_LABEL.length, column)}`);
  });

  it('puts the caret under the byte as the transcript shows it, after escapes and wide characters', () => {
    const signed = bytes('é\r\n\\x');
    const sent = bytes('é\r\n\\y');
    const [, sentLine, caret] = signedAndSentLines(signed, sent);
    expect(sentLine).toBe(`${SENT_LABEL}${escapeBytes(sent)}`);
    expect(escapeBytes(sent)).toBe('é\\r\\n\\y');
    const column = caret?.indexOf('^') ?? -1;
    expect([...(sentLine ?? '')][column]).toBe('y');
  });
});
