import { describe, expect, it } from 'vitest';
import { escapeBytes } from './escape-bytes.ts';
import { Redactor } from './redactor.ts';
import { Transcript } from './transcript.ts';

const TOKEN = 'tok_5f2a9c';
const SIGNATURE = 'sha256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

function sample(): Transcript {
  const transcript = new Transcript(new Redactor({ secrets: [TOKEN] }));
  transcript.record({
    url: `http://127.0.0.1:9/v1?token=${TOKEN}`,
    sent: Buffer.from(`POST /webhooks HTTP/1.1\r\nAuthorization: Bearer ${TOKEN}\r\nX-Webhook-Signature: ${SIGNATURE}\r\nContent-Length: 22\r\n\r\n{"t":"${TOKEN}"}x\x01`),
    received: Buffer.from(`HTTP/1.1 204 No Content\r\nSet-Cookie: s=${TOKEN}\r\n\r\n{}`),
    note: `token ${TOKEN} was used`,
  });
  return transcript;
}

describe('Transcript', () => {
  it('redacts headers and secrets in both directions, the URL and the note, at record time', () => {
    const transcript = sample();
    const [entry] = transcript.entries;
    if (entry?.kind !== 'exchange') throw new Error('expected an exchange entry');
    for (const stored of [entry.sent.toString('latin1'), entry.received.toString('latin1'), entry.url, entry.note ?? '', transcript.toText()]) {
      expect(stored).not.toContain(TOKEN);
      expect(stored).not.toContain(SIGNATURE);
    }
    expect(entry.sent.toString('latin1')).toContain('Authorization: Bearer [REDACTED]\r\nX-Webhook-Signature: [REDACTED]\r\n');
    expect(entry.received.toString('latin1')).toContain('Set-Cookie: [REDACTED]\r\n');
  });

  it('prints >>> and <<< lines with visible line ends and escaped control bytes', () => {
    const text = sample().toText();
    expect(text.split('\n')).toEqual([
      '=== http://127.0.0.1:9/v1?token=[REDACTED] — token [REDACTED] was used',
      '>>> POST /webhooks HTTP/1.1\\r\\n',
      '>>> Authorization: Bearer [REDACTED]\\r\\n',
      '>>> X-Webhook-Signature: [REDACTED]\\r\\n',
      '>>> Content-Length: 22\\r\\n',
      '>>> \\r\\n',
      '>>> {"t":"[REDACTED]"}x\\x01',
      '<<< HTTP/1.1 204 No Content\\r\\n',
      '<<< Set-Cookie: [REDACTED]\\r\\n',
      '<<< \\r\\n',
      '<<< {}',
    ]);
  });

  it('shows a bare LF, invalid UTF-8 and an empty direction visibly', () => {
    const transcript = new Transcript(new Redactor());
    transcript.record({ url: 'http://h/', sent: Buffer.alloc(0), received: Buffer.from([0x61, 0x0a, 0xc3, 0x28, 0x5c, 0xe2, 0x80, 0xae]) });
    transcript.note('first line\nsecond line');
    expect(transcript.toText().split('\n')).toEqual([
      '=== http://h/', '>>> (nothing sent)', '<<< a\\n', '<<< \\xc3(\\\\\\u202E', '### first line', '### second line',
    ]);
  });

  it('shows the controls a check quotes in a note or in an exchange\'s URL and note escaped, keeping the note\'s lines', () => {
    const transcript = new Transcript(new Redactor());
    transcript.record({ url: 'http://h/\x1b[2J', sent: Buffer.from('a'), received: Buffer.alloc(0), note: 'answered \x1b]0;pwned\x07' });
    transcript.note('the target said "\x1b[2J\rover\u009b\u202e"\nsecond line\x00');
    expect(transcript.toText().split('\n')).toEqual([
      '=== http://h/\\x1b[2J — answered \\x1b]0;pwned\\x07', '>>> a', '<<< (nothing received)',
      '### the target said "\\x1b[2J\\rover\\u009B\\u202E"', '### second line\\x00',
    ]);
  });

  it('cuts long byte runs in the middle and says how many bytes were cut', () => {
    const transcript = new Transcript(new Redactor());
    const body = `HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n${'a'.repeat(1000)}`;
    transcript.record({ url: 'http://h/', sent: Buffer.from('GET / HTTP/1.1\r\n\r\n'), received: Buffer.from(`${body}END`) });
    const text = transcript.toText({ maxBytesPerEntry: 100 });
    const total = body.length + 3;
    expect(text).toContain(`<<< … [${total - 100} bytes cut] …`);
    expect(text).toContain('<<< HTTP/1.1 200 OK\\r\\n');
    expect(text.endsWith('aEND')).toBe(true);
    expect(text).toContain('>>> GET / HTTP/1.1\\r\\n');
  });

  it('marks the stray bytes it is told of with <<! lines, mid-line too, and only those', () => {
    const transcript = new Transcript(new Redactor());
    const received = Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokXY\r\nHTTP/1.1 200 OK\r\n\r\n');
    const from = received.indexOf('XY');
    transcript.record({ url: 'http://h/', sent: Buffer.from('GET /'), received, stray: { from, to: from + 4 } });
    expect(transcript.toText().split('\n').slice(2)).toEqual([
      '<<< HTTP/1.1 200 OK\\r\\n', '<<< Content-Length: 2\\r\\n', '<<< \\r\\n', '<<< ok', '<<! XY\\r\\n', '<<< HTTP/1.1 200 OK\\r\\n', '<<< \\r\\n',
    ]);
  });

  it('keeps the stray mark on the bytes it named when redaction changes the bytes before them, and in a cut entry\'s tail', () => {
    const transcript = new Transcript(new Redactor({ secrets: [TOKEN] }));
    const received = Buffer.from(`HTTP/1.1 204 No Content\r\nX-Echo: ${TOKEN}\r\n\r\n{}`);
    transcript.record({ url: 'http://h/', sent: Buffer.alloc(0), received, stray: { from: received.length - 2, to: received.length } });
    expect(transcript.toText()).toContain('<<< X-Echo: [REDACTED]\\r\\n\n<<< \\r\\n\n<<! {}');
    expect(transcript.toText({ maxBytesPerEntry: 20 }).endsWith('<<! {}')).toBe(true);
  });

  it('marks nothing rather than the wrong bytes when a secret spans the stray bytes\' edge', () => {
    const transcript = new Transcript(new Redactor({ secrets: ['abcdef'] }));
    const received = Buffer.from('HTTP/1.1 204 No Content\r\n\r\nabcdef');
    const from = received.indexOf('def');
    transcript.record({ url: 'http://h/', sent: Buffer.alloc(0), received, stray: { from, to: received.length } });
    expect(transcript.toText()).not.toContain('<<! ');
    expect(transcript.toText()).not.toContain('abcdef');
  });

  it('selects the last entries and redacts secrets that only escaping would spell', () => {
    const transcript = new Transcript(new Redactor({ secrets: ['\\x00zz'] }));
    transcript.record({ url: 'http://h/1', sent: Buffer.from('\x00zz'), received: Buffer.alloc(0) });
    transcript.record({ url: 'http://h/2', sent: Buffer.from('b'), received: Buffer.alloc(0) });
    expect(transcript.toText()).not.toContain('\\x00zz');
    expect(transcript.toText({ last: 1 })).toBe('=== http://h/2\n>>> b\n<<< (nothing received)');
    expect(transcript.toText({ last: 0 })).toBe('');
  });
});

describe('escapeBytes', () => {
  it('keeps printable UTF-8 and escapes C0, DEL, C1 and bidi controls and overlong or surrogate forms', () => {
    expect(escapeBytes(Buffer.from('é€😀', 'utf8'))).toBe('é€😀');
    expect(escapeBytes(Buffer.from([0x00, 0x1b, 0x7f, 0x09]))).toBe('\\x00\\x1b\\u007F\\t');
    expect(escapeBytes(Buffer.from('\u0085\u200b\u2066', 'utf8'))).toBe('\\u0085\\u200B\\u2066');
    expect(escapeBytes(Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80]))).toBe(
      '\\xc0\\xaf\\xed\\xa0\\x80\\xf4\\x90\\x80\\x80');
  });
});
