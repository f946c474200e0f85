import { describe, expect, it } from 'vitest';
import { readChunkedBody } from './chunked-body.ts';
import { headProgress, parseHead } from './head-parser.ts';
import { FramingCode } from './http-errors.ts';
import { parseResponses, ResponseParser } from './response-parser.ts';

const b = (s: string) => Buffer.from(s, 'latin1');
const OK_JSON = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"id":"l1"}';
const NO_CONTENT = 'HTTP/1.1 204 No Content\r\nETag: "v2"\r\n\r\n';

function parseOk(stream: string, methods: string[], eof = false) {
  const result = parseResponses(b(stream), methods, { eof });
  expect(result.error).toBeUndefined();
  return result;
}

function parseError(stream: string, methods: string[], eof = false) {
  const result = parseResponses(b(stream), methods, { eof });
  if (!result.error) throw new Error(`expected a FramingError for ${JSON.stringify(stream)}`);
  return result.error;
}

describe('parseResponses: framing (RFC 9112 §6.3)', () => {
  it('reads a Content-Length body and keeps the raw bytes, head and header order and case', () => {
    const [r] = parseOk(OK_JSON, ['GET']).responses;
    expect(r).toMatchObject({ httpVersion: '1.1', statusCode: 200, reason: 'OK', framing: 'content-length' });
    expect(r?.headers).toEqual([['Content-Type', 'application/json'], ['Content-Length', '11']]);
    expect(r?.json()).toEqual({ id: 'l1' });
    expect(r?.raw.toString('latin1')).toBe(OK_JSON);
    expect(r?.rawHead.toString('latin1')).toBe(OK_JSON.slice(0, OK_JSON.indexOf('\r\n\r\n') + 4));
  });

  it('reads a chunked body with chunk extensions and trailers', () => {
    const stream = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'
      + '5;name=value;q="a \\"b\\""\r\nhello\r\n1 ; x\r\n \r\n5\r\nworld\r\n000;last\r\nX-Checksum: 42\r\n\r\n';
    const { responses, rest } = parseOk(stream, ['GET']);
    expect(responses[0]?.framing).toBe('chunked');
    expect(responses[0]?.text()).toBe('hello world');
    expect(responses[0]?.trailers).toEqual([['X-Checksum', '42']]);
    expect(rest.length).toBe(0);
  });

  it('treats 204, 304 and answers to HEAD as bodyless whatever their Content-Length or Transfer-Encoding say', () => {
    const stream = 'HTTP/1.1 204 No Content\r\nContent-Length: 2\r\n\r\n'
      + 'HTTP/1.1 304 Not Modified\r\nTransfer-Encoding: chunked\r\n\r\n'
      + 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n';
    const { responses, rest } = parseOk(stream, ['DELETE', 'GET', 'HEAD']);
    expect(responses.map((r) => [r.statusCode, r.framing, r.body.length])).toEqual([
      [204, 'no-body', 0], [304, 'no-body', 0], [200, 'no-body', 0]]);
    expect(rest.length).toBe(0);
  });

  it('reads until close when there is neither Content-Length nor Transfer-Encoding, only once the stream ends', () => {
    const stream = 'HTTP/1.0 200 OK\r\n\r\nall of it';
    expect(parseOk(stream, ['GET'], false).responses).toEqual([]);
    const [r] = parseOk(stream, ['GET'], true).responses;
    expect(r).toMatchObject({ httpVersion: '1.0', framing: 'until-close' });
    expect(r?.text()).toBe('all of it');
  });

  it('reads until close when chunked is not the final transfer coding of a response', () => {
    const [r] = parseOk('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\nxyz', ['GET'], true).responses;
    expect(r?.framing).toBe('until-close');
    expect(r?.text()).toBe('xyz');
  });

  it('collects 1xx interim responses into the next final response', () => {
    const stream = 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n' + OK_JSON;
    const { responses } = parseOk(stream, ['POST']);
    expect(responses).toHaveLength(1);
    expect(responses[0]?.statusCode).toBe(200);
    expect(responses[0]?.interim.map((r) => r.statusCode)).toEqual([100, 103]);
    expect(responses[0]?.interim[1]?.header('link')).toBe('</a.css>');
    expect(responses[0]?.raw.toString('latin1')).toBe(OK_JSON);
  });

  it('stops after 101 Switching Protocols: what follows is another protocol', () => {
    const { responses, rest } = parseOk('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n\x81\x05hello', ['GET', 'GET']);
    expect(responses.map((r) => r.statusCode)).toEqual([101]);
    expect(rest.toString('latin1')).toBe('\x81\x05hello');
  });

  it('accepts an empty reason phrase and repeated equal Content-Length values', () => {
    const [r] = parseOk('HTTP/1.1 200 \r\nContent-Length: 2, 2\r\nContent-Length: 2\r\n\r\nok', ['GET']).responses;
    expect(r?.reason).toBe('');
    expect(r?.text()).toBe('ok');
  });

  it('joins repeated headers with ", " in header() and keeps them apart in headerValues()', () => {
    const [r] = parseOk('HTTP/1.1 204 No Content\r\nVary: a\r\nvary:  b \r\n\r\n', ['GET']).responses;
    expect(r?.header('VARY')).toBe('a, b');
    expect(r?.headerValues('Vary')).toEqual(['a', 'b']);
    expect(r?.header('etag')).toBeUndefined();
  });
});

describe('parseResponses: stray bytes after a no-body response', () => {
  it.each([
    ['an empty JSON object', '{}'],
    ['an extra CRLF', '\r\n'],
    ['a chunked terminator', '0\r\n\r\n'],
    ['a space', ' '],
  ])('puts %s after the last expected 204 into rest', (_name, stray) => {
    const { responses, rest } = parseOk(NO_CONTENT + stray, ['DELETE']);
    expect(responses).toHaveLength(1);
    expect(rest.toString('latin1')).toBe(stray);
  });

  it.each([
    ['an empty JSON object', '{}'],
    ['an extra CRLF', '\r\n'],
    ['a chunked terminator', '0\r\n\r\n'],
  ])('fails the next response when %s follows a 204, naming the no-body response', (_name, stray) => {
    const error = parseError(NO_CONTENT + stray + OK_JSON, ['DELETE', 'GET']);
    expect(error.code).toBe(FramingCode.statusLine);
    expect(error.offset).toBe(NO_CONTENT.length);
    expect(error.message).toContain('the 204 response to DELETE at offset 0, a no-body response');
    expect(error.message).toContain('stray');
  });

  it('fails as soon as the stray bytes arrive, without waiting for the next response', () => {
    const error = parseError(NO_CONTENT + '{', ['DELETE', 'GET']);
    expect(error.code).toBe(FramingCode.statusLine);
    expect(error.message).toContain('found "{"');
  });

  it('says a body may be longer than its Content-Length when bytes follow one', () => {
    const error = parseError('HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n{}' + OK_JSON, ['GET', 'GET']);
    expect(error.message).toContain('Content-Length: 1');
    expect(error.offset).toBe('HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n{'.length);
  });
});

describe('parseResponses: a response after which the connection closes (RFC 9112 §9.3, §9.6)', () => {
  const CLOSING = 'HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok';
  const HTTP10 = 'HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok';

  it.each([
    ['announces "Connection: close"', CLOSING, 'announced "Connection: close"'],
    ['announces close among other options, in any case', 'HTTP/1.1 204 No Content\r\nConnection: keep-alive, CLOSE\r\n\r\n', 'announced "Connection: close"'],
    ['announces close on a second Connection line', 'HTTP/1.1 204 No Content\r\nConnection: upgrade\r\nconnection: close\r\n\r\n', 'announced "Connection: close"'],
    ['is HTTP/1.0 without keep-alive', HTTP10, 'HTTP/1.0 without "Connection: keep-alive"'],
    ['is HTTP/1.0 with keep-alive and close', 'HTTP/1.0 200 OK\r\nConnection: keep-alive, close\r\nContent-Length: 2\r\n\r\nok', 'announced "Connection: close"'],
  ])('ends parsing after a response that %s: what follows is stray, not a next response', (_name, first, fragment) => {
    const { responses, rest, ended } = parseOk(first + OK_JSON, ['GET', 'GET']);
    expect(responses).toHaveLength(1);
    expect(rest.toString('latin1')).toBe(OK_JSON);
    expect(ended).toContain(fragment);
    expect(ended).toContain('RFC 9112 §9.6');
  });

  it('ends parsing at a close-delimited response even when the next bytes are no status line, and reports no error', () => {
    const parser = new ResponseParser(['GET', 'GET', 'GET']);
    expect(parser.push(b(`${CLOSING}{}\r\n`)).map((r) => r.statusCode)).toEqual([200]);
    expect(parser.done).toBe(true);
    expect(parser.error).toBeUndefined();
    expect(parser.rest.toString('latin1')).toBe('{}\r\n');
    expect(parser.ended).toContain('the 200 response to GET at offset 0 announced "Connection: close"');
    expect(parser.end()).toEqual([]);
    expect(parser.error).toBeUndefined();
  });

  it('does not report the peer closing after an announced close as an unfinished response', () => {
    const result = parseResponses(b(CLOSING), ['GET', 'GET'], { eof: true });
    expect(result.error).toBeUndefined();
    expect(result.responses).toHaveLength(1);
  });

  it('keeps parsing after an HTTP/1.0 response with keep-alive, and after HTTP/1.1 options other than close', () => {
    const keepAlive = 'HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok';
    const closed = 'HTTP/1.1 200 OK\r\nConnection: closed, x-close\r\nContent-Length: 2\r\n\r\nok';
    for (const first of [keepAlive, closed]) {
      const { responses, rest, ended } = parseOk(first + OK_JSON, ['GET', 'GET']);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(rest.length).toBe(0);
      expect(ended).toBeUndefined();
    }
  });

  it('names the end also when the closing response is the last one expected: bytes after it are stray', () => {
    const { responses, rest, ended } = parseOk(`${CLOSING}x`, ['GET']);
    expect(responses).toHaveLength(1);
    expect(rest.toString('latin1')).toBe('x');
    expect(ended).toContain('announced "Connection: close"');
  });
});

describe('parseResponses: FramingError codes', () => {
  it.each([
    ['not HTTP', 'HTTX/1.1 200 OK\r\n\r\n', 'starting with "HTTP/1."'],
    ['HTTP/2 version', 'HTTP/2 200 OK\r\n\r\n', 'starting with "HTTP/1."'],
    ['two-digit status', 'HTTP/1.1 20 OK\r\n\r\n', 'not 3 digits'],
    ['status 600', 'HTTP/1.1 600 Odd\r\n\r\n', 'outside 100-599'],
    ['missing space after the code', 'HTTP/1.1 200\r\n\r\n', 'no space after the status code'],
    ['two spaces after the version', 'HTTP/1.1  200 OK\r\n\r\n', 'not 3 digits'],
    ['control byte in reason', 'HTTP/1.1 200 O\x01K\r\n\r\n', 'control character 0x01'],
    ['bare LF ending the status line', 'HTTP/1.1 200 OK\n\r\n', 'bare LF'],
  ])('WIRECHECK_ERR_HTTP_STATUS_LINE: %s', (_name, stream, fragment) => {
    const error = parseError(stream, ['GET']);
    expect(error.code).toBe(FramingCode.statusLine);
    expect(error.message).toContain(fragment);
  });

  it.each([
    ['obs-fold', 'HTTP/1.1 200 OK\r\nX-A: 1\r\n  continued\r\nContent-Length: 0\r\n\r\n', 'obs-fold', 25],
    ['whitespace after the status line', 'HTTP/1.1 200 OK\r\n X-A: 1\r\n\r\n', 'directly after the status line', 17],
    ['bare LF ending a header', 'HTTP/1.1 200 OK\r\nX-A: 1\nContent-Length: 0\r\n\r\n', 'bare LF', 23],
    ['bare LF as the empty line', 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\n', 'bare LF', 36],
    ['bare CR inside a header', 'HTTP/1.1 200 OK\r\nX-A: 1\r2\r\n\r\n', 'bare CR', 23],
    ['space before the colon', 'HTTP/1.1 200 OK\r\nContent-Length : 0\r\n\r\n', 'whitespace between the field name and the colon', 17],
    ['no colon', 'HTTP/1.1 200 OK\r\nX-NoColon\r\n\r\n', 'no colon', 17],
    ['a space inside the name', 'HTTP/1.1 200 OK\r\nContent-Length 0\r\n\r\n', 'whitespace between the field name and the colon', 17],
    ['non-token name', 'HTTP/1.1 200 OK\r\nX(A): 1\r\n\r\n', 'not a token', 17],
    ['empty name', 'HTTP/1.1 200 OK\r\n: 1\r\n\r\n', 'empty field name', 17],
    ['NUL in a value', 'HTTP/1.1 200 OK\r\nX-A: a\x00b\r\n\r\n', 'control character 0x00 in the value of X-A', 17],
  ])('WIRECHECK_ERR_HTTP_HEADER: %s', (_name, stream, fragment, offset) => {
    const error = parseError(stream, ['GET']);
    expect(error.code).toBe(FramingCode.header);
    expect(error.message).toContain(fragment);
    expect(error.offset).toBe(offset);
  });

  it.each([
    ['differing duplicates', 'Content-Length: 2\r\nContent-Length: 3', 'differing values'],
    ['differing list elements', 'Content-Length: 2, 3', 'differing values'],
    ['a leading plus', 'Content-Length: +2', '"+2" is not a non-negative decimal'],
    ['a negative value', 'Content-Length: -1', '"-1"'],
    ['hex', 'Content-Length: 0x2', '"0x2"'],
    ['an empty value', 'Content-Length: ', '""'],
    ['a space inside', 'Content-Length: 1 2', '"1 2"'],
    ['a huge value', 'Content-Length: 99999999999999999999', 'too large'],
  ])('WIRECHECK_ERR_HTTP_CONTENT_LENGTH: %s', (_name, header, fragment) => {
    const error = parseError(`HTTP/1.1 200 OK\r\n${header}\r\n\r\nab`, ['GET']);
    expect(error.code).toBe(FramingCode.contentLength);
    expect(error.message).toContain(fragment);
    expect(error.offset).toBe(0);
  });

  it.each([
    ['chunked twice', 'Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked', 'more than once'],
    ['with Content-Length', 'Transfer-Encoding: chunked\r\nContent-Length: 5', 'together with Content-Length'],
  ])('WIRECHECK_ERR_HTTP_TRANSFER_ENCODING: %s', (_name, header, fragment) => {
    const error = parseError(`HTTP/1.1 200 OK\r\n${header}\r\n\r\n0\r\n\r\n`, ['GET']);
    expect(error.code).toBe(FramingCode.transferEncoding);
    expect(error.message).toContain(fragment);
  });

  it.each([
    ['a non-hex size', 'g\r\nx\r\n0\r\n\r\n', 'does not start with a hexadecimal', 47],
    ['a size with a sign', '+1\r\nx\r\n0\r\n\r\n', 'does not start with a hexadecimal', 47],
    ['a bad extension', '1;=x\r\nx\r\n0\r\n\r\n', 'not a valid chunk extension', 47],
    ['trailing space after the size', '1 \r\nx\r\n0\r\n\r\n', 'not a valid chunk extension', 47],
    ['data longer than its size', '1\r\nxy\r\n0\r\n\r\n', 'is not followed by CRLF', 51],
    ['a bare LF after the size', '1\nx\r\n0\r\n\r\n', 'bare LF', 48],
    ['an oversized size', 'fffffffffffffffff\r\n', 'too large', 47],
  ])('WIRECHECK_ERR_HTTP_CHUNK: %s', (_name, body, fragment, offset) => {
    const error = parseError(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${body}`, ['GET']);
    expect(error.code).toBe(FramingCode.chunk);
    expect(error.message).toContain(fragment);
    expect(error.offset).toBe(offset);
  });

  it('WIRECHECK_ERR_HTTP_HEADER: a malformed trailer line', () => {
    const error = parseError('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX-T : 1\r\n\r\n', ['GET']);
    expect(error.code).toBe(FramingCode.header);
    expect(error.message).toContain('malformed trailer line');
  });

  it('WIRECHECK_ERR_HTTP_HEAD_TOO_LARGE: a header section that never ends', () => {
    const stream = `HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(200)}\r\n`;
    const result = parseResponses(b(stream), ['GET'], { maxHeadBytes: 100 });
    expect(result.error?.code).toBe(FramingCode.headTooLarge);
    expect(parseResponses(b(stream), ['GET']).error).toBeUndefined();
  });

  it.each([
    ['before a response began', NO_CONTENT, ['DELETE', 'GET'], 'closed before response 2 of 2 (to GET) began'],
    ['in the middle of a Content-Length body', 'HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nabc', ['GET'], 'after 41 bytes'],
    ['in the middle of a chunked body', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab', ['GET'], 'in the middle of response 1 of 1'],
    ['in the middle of a head', 'HTTP/1.1 200 OK\r\nContent-Le', ['GET'], 'in the middle of response 1 of 1'],
  ])('WIRECHECK_ERR_HTTP_INCOMPLETE: the stream ends %s', (_name, stream, methods, fragment) => {
    const error = parseError(stream, methods, true);
    expect(error.code).toBe(FramingCode.incomplete);
    expect(error.message).toContain(fragment);
  });
});

describe('ResponseParser (incremental)', () => {
  it('returns each response when its last byte arrives, and keeps partial bytes in rest', () => {
    const parser = new ResponseParser(['DELETE', 'GET']);
    const stream = b(NO_CONTENT + OK_JSON);
    expect(parser.push(stream.subarray(0, NO_CONTENT.length - 1))).toEqual([]);
    expect(parser.push(stream.subarray(NO_CONTENT.length - 1, NO_CONTENT.length + 5)).map((r) => r.statusCode)).toEqual([204]);
    expect(parser.rest.toString('latin1')).toBe(OK_JSON.slice(0, 5));
    expect(parser.done).toBe(false);
    expect(parser.push(stream.subarray(NO_CONTENT.length + 5)).map((r) => r.statusCode)).toEqual([200]);
    expect(parser.done).toBe(true);
    expect(parser.end()).toEqual([]);
    expect(parser.error).toBeUndefined();
  });
});

describe('ResponseParser: a malformed head is diagnosed when its first bad byte arrives', () => {
  const { statusLine, header } = FramingCode;
  it.each([
    ['a letter in the status code', 'HTTP/1.1 2x', ' OK\r\n\r\n', statusLine, 'the status code is not 3 digits', 0],
    ['a status code outside 100-599', 'HTTP/1.1 6', '00 Odd\r\n\r\n', statusLine, 'outside 100-599', 0],
    ['a fourth digit in the status code', 'HTTP/1.1 2000', ' OK\r\n\r\n', statusLine, 'the status code is not 3 digits', 0],
    ['no space after the version', 'HTTP/1.11', ' 200 OK\r\n\r\n', statusLine, 'no single space after the HTTP version', 0],
    ['a version that is not HTTP/1.x', 'HTTP/1.x', ' 200 OK\r\n\r\n', statusLine, 'the version is not HTTP/1.x', 0],
    ['a control byte in the reason', 'HTTP/1.1 200 O\x01', 'K\r\n\r\n', statusLine, 'control character 0x01 in the reason phrase', 0],
    ['a byte in a field name that is not a token character', 'HTTP/1.1 200 OK\r\nX(', 'A): 1\r\n\r\n', header, 'the field name is not a token', 17],
    ['a non-ASCII byte in a field name', 'HTTP/1.1 200 OK\r\nX-\xe9', ': 1\r\n\r\n', header, 'the field name is not a token', 17],
    ['whitespace before the colon', 'HTTP/1.1 200 OK\r\nContent-Length ', ': 0\r\n\r\n', header, 'whitespace between the field name and the colon', 17],
    ['an empty field name', 'HTTP/1.1 200 OK\r\n:', ' 1\r\n\r\n', header, 'empty field name', 17],
    ['a line without a colon', 'HTTP/1.1 200 OK\r\nX-A\r', '\n\r\n', header, 'no colon', 17],
    ['whitespace directly after the status line', 'HTTP/1.1 200 OK\r\n\t', 'X-A: 1\r\n\r\n', header, 'directly after the status line', 17],
    ['obs-fold', 'HTTP/1.1 200 OK\r\nX-A: 1\r\n ', 'more\r\n\r\n', header, 'obs-fold', 25],
    ['a NUL in a value', 'HTTP/1.1 200 OK\r\nX-A: a\x00', 'b\r\n\r\n', header, 'control character 0x00 in the value of X-A', 17],
    ['a DEL in a value', 'HTTP/1.1 200 OK\r\nX-A: \x7f', '\r\n\r\n', header, 'control character 0x7f in the value of X-A', 17],
    ['a malformed trailer name', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX[', ': 1\r\n\r\n', header, 'malformed trailer line', 50],
  ])('%s', (_name, upToBadByte, after, code, fragment, offset) => {
    const parser = new ResponseParser(['GET']);
    parser.push(b(upToBadByte.slice(0, -1)));
    expect(parser.error).toBeUndefined();
    parser.push(b(upToBadByte.slice(-1)));
    expect(parser.error?.code).toBe(code);
    expect(parser.error?.message).toContain(fragment);
    expect(parser.error?.offset).toBe(offset);
    // The diagnosis names only bytes up to the bad one, so the whole stream gets the same.
    const whole = parseResponses(b(upToBadByte + after), ['GET']).error;
    expect([whole?.code, whole?.offset, whole?.message]).toEqual([parser.error?.code, parser.error?.offset, parser.error?.message]);
  });

  it('does not diagnose a CR before the byte after it arrives: it may end the line', () => {
    const parser = new ResponseParser(['GET']);
    parser.push(b('HTTP/1.1 200 OK\r\nX-A: 1\r'));
    expect(parser.error).toBeUndefined();
    parser.push(b('2'));
    expect(parser.error?.message).toContain('bare CR at offset 23');
  });

  it('examines no byte beyond maxHeadBytes: a bad byte past it is reported as a head too large, however the bytes arrive', () => {
    const stream = b(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(100)}\x00\r\n\r\n`);
    const whole = parseResponses(stream, ['GET'], { maxHeadBytes: 100 }).error;
    expect(whole?.code).toBe(FramingCode.headTooLarge);
    const parser = new ResponseParser(['GET'], { maxHeadBytes: 100 });
    for (const byte of stream) parser.push(Buffer.of(byte));
    expect(parser.error?.message).toBe(whole?.message);
  });
});

describe('reading on from where the last push stopped', () => {
  // Bytes already read are overwritten with NULs before the next call: a call that read
  // them again would fail on them, so passing proves each line or chunk is read once.
  const blank = (bytes: Buffer, upTo: number) => bytes.fill(0, 0, upTo);

  it('reads each complete head line once: a head trickling in costs its length, not its length squared', () => {
    const progress = headProgress(0);
    expect(parseHead(b('HTTP/1.1 200 OK\r\nA: 1\r\nB: 2\r\nC'), 0, 1000, progress)).toEqual({ kind: 'incomplete' });
    expect(progress.fields).toEqual([['A', '1'], ['B', '2']]);
    const whole = b('HTTP/1.1 200 OK\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n');
    const head = parseHead(blank(whole, progress.next), 0, 1000, progress);
    expect(head).toMatchObject({ kind: 'ok', statusCode: 200, headers: [['A', '1'], ['B', '2'], ['C', '3']], end: whole.length });
  });

  it('reads each complete chunk once: a body of many small chunks costs its length, not its length squared', () => {
    const progress = { chunks: [], next: 0 };
    expect(readChunkedBody(b('2\r\nab\r\n1\r\nc\r\n1'), 0, progress)).toEqual({ kind: 'incomplete' });
    expect(progress.next).toBe(13);
    const whole = b('2\r\nab\r\n1\r\nc\r\n1\r\nd\r\n0\r\n\r\n');
    // The size lines and CRLFs read already; the chunk data stays, the body is made of it.
    for (const [from, to] of [[0, 3], [5, 10], [11, 13]] as const) whole.fill(0, from, to);
    const body = readChunkedBody(whole, 0, progress);
    expect(body.kind === 'ok' && body.body.toString('latin1')).toBe('abcd');
    expect(readChunkedBody(whole, 0, { chunks: [], next: 0 }).kind).toBe('error');
  });

  it('gives the same responses however a long head and a many-chunk body arrive', () => {
    const stream = b(`HTTP/1.1 200 OK\r\n${'X-Pad: abc\r\n'.repeat(300)}Transfer-Encoding: chunked\r\n\r\n${'1\r\nz\r\n'.repeat(300)}0\r\n\r\n`);
    const parser = new ResponseParser(['GET']);
    for (const byte of stream) parser.push(Buffer.of(byte));
    expect(parser.error).toBeUndefined();
    expect(parser.responses[0]?.headers).toHaveLength(301);
    expect(parser.responses[0]?.text()).toBe('z'.repeat(300));
  });
});

describe('ParsedResponse.json()', () => {
  it('refuses an empty body, invalid UTF-8 and invalid JSON with messages naming the response', () => {
    const [empty] = parseOk(NO_CONTENT, ['DELETE']).responses;
    expect(() => empty?.json()).toThrow('cannot decode the body of the 204 response to DELETE as JSON: the body is empty');
    const [bad] = parseOk('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n\xff{', ['GET']).responses;
    expect(() => bad?.json()).toThrow('not valid UTF-8');
    const [notJson] = parseOk('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n{"a"', ['GET']).responses;
    expect(() => notJson?.json()).toThrow(/cannot decode the body of the 200 response to GET as JSON: .*body starts "\{\\"a\\""/);
  });
});
