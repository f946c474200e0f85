import { describe, expect, it } from 'vitest';
import { methodOfRawBytes, serializeRequest } from './raw-request.ts';

const text = (b: Buffer) => b.toString('latin1');

describe('serializeRequest', () => {
  it('writes the request line, Host first, then headers in the given order and spelling', () => {
    const bytes = serializeRequest({
      method: 'GET', target: '/v1/labels/a?x=1',
      headers: [['authorization', 'Bearer t'], ['X-Dup', '1'], ['x-dup', '2']],
    }, '127.0.0.1:8080');
    expect(text(bytes)).toBe(
      'GET /v1/labels/a?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nauthorization: Bearer t\r\nX-Dup: 1\r\nx-dup: 2\r\n\r\n');
  });

  it('does not add Host when one is given (in any case) or when omitHost is set', () => {
    expect(text(serializeRequest({ method: 'GET', target: '/', headers: [['HOST', 'other']] }, 'h:1')))
      .toBe('GET / HTTP/1.1\r\nHOST: other\r\n\r\n');
    expect(text(serializeRequest({ method: 'GET', target: '/', omitHost: true }, 'h:1'))).toBe('GET / HTTP/1.1\r\n\r\n');
  });

  it('adds Content-Length for a body, counting UTF-8 bytes of a string body', () => {
    const bytes = serializeRequest({ method: 'PATCH', target: '/p', body: '{"n":"é"}' }, 'h:1');
    expect(text(bytes)).toBe('PATCH /p HTTP/1.1\r\nHost: h:1\r\nContent-Length: 10\r\n\r\n{"n":"\xc3\xa9"}');
  });

  it('sends a Uint8Array body byte for byte, even when it is not UTF-8', () => {
    const body = new Uint8Array([0xff, 0x00, 0xc3, 0x28]);
    const bytes = serializeRequest({ method: 'POST', target: '/b', body }, 'h:1');
    expect(bytes.subarray(bytes.length - 4)).toEqual(Buffer.from(body));
    expect(text(bytes)).toContain('Content-Length: 4\r\n\r\n');
  });

  it('leaves framing alone when Content-Length or Transfer-Encoding is given, or omitContentLength is set', () => {
    const lying = serializeRequest({ method: 'POST', target: '/', headers: [['content-length', '99']], body: 'ab' }, 'h:1');
    expect(text(lying)).toBe('POST / HTTP/1.1\r\nHost: h:1\r\ncontent-length: 99\r\n\r\nab');
    const chunked = serializeRequest({ method: 'POST', target: '/', headers: [['Transfer-Encoding', 'chunked']], body: '2\r\nab\r\n0\r\n\r\n' }, 'h:1');
    expect(text(chunked)).not.toMatch(/content-length/i);
    const omitted = serializeRequest({ method: 'POST', target: '/', body: 'ab', omitContentLength: true }, 'h:1');
    expect(text(omitted)).toBe('POST / HTTP/1.1\r\nHost: h:1\r\n\r\nab');
  });

  it('adds Content-Length: 0 for an empty body but nothing when there is no body', () => {
    expect(text(serializeRequest({ method: 'POST', target: '/', body: '' }, 'h:1'))).toContain('Content-Length: 0\r\n');
    expect(text(serializeRequest({ method: 'DELETE', target: '/' }, 'h:1'))).not.toContain('Content-Length');
  });
});

describe('methodOfRawBytes', () => {
  it('reads the method token of a pre-serialized request and rejects what is not one', () => {
    expect(methodOfRawBytes(Buffer.from('HEAD / HTTP/1.1\r\n\r\n'))).toBe('HEAD');
    expect(methodOfRawBytes(Buffer.from(' GET / HTTP/1.1'))).toBeUndefined();
    expect(methodOfRawBytes(Buffer.from('G(T / HTTP/1.1'))).toBeUndefined();
    expect(methodOfRawBytes(Buffer.from('GET'))).toBeUndefined();
  });
});
