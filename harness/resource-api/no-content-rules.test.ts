// The 204 rules as the suites apply them: every header the spec allows on a 204 passes,
// and each way a 204 can carry content is named — the guarantee behind "allowed headers
// never fail a target".
import { describe, expect, it } from 'vitest';
import { parseResponses } from '../http/index.ts';
import { explicitlyUnshared, sharedCacheMayStore } from './cache-control.ts';
import { noContentViolations, transferEncodingViolation } from './no-content-rules.ts';

function parse204(head: string, after = '') {
  const { responses, rest } = parseResponses(Buffer.from(`HTTP/1.1 204 No Content\r\n${head}\r\n${after}`, 'latin1'), ['PATCH']);
  const response = responses[0];
  if (!response) throw new Error('no response');
  return { response, after: { stray: rest } };
}

describe('noContentViolations', () => {
  it('passes a 204 with every metadata header the spec allows, Content-Type and Content-Length: 0', () => {
    const head = [
      'ETag: "v7"', 'Last-Modified: Sat, 21 Nov 2026 10:00:00 GMT', 'Cache-Control: private, no-store', 'Vary: Authorization',
      'X-Request-Id: 7a1', 'RateLimit-Limit: 100', 'RateLimit-Remaining: 99', 'X-RateLimit-Reset: 30', 'Deprecation: @1798761600',
      'Sunset: Sat, 01 Jan 2028 00:00:00 GMT', 'Content-Type: application/json', 'Content-Length: 0', 'Preference-Applied: return=minimal',
      'Access-Control-Allow-Origin: *', 'Access-Control-Expose-Headers: ETag',
    ].map((h) => `${h}\r\n`).join('');
    const { response, after } = parse204(head);
    expect(noContentViolations(response, after)).toEqual([]);
  });

  it('passes a bare 204', () => {
    const { response, after } = parse204('');
    expect(noContentViolations(response, after)).toEqual([]);
  });

  it.each([
    ['a JSON body after the header section', '', '{}', /2 byte\(s\) followed the 204's header section, from byte 27 of the connection: "\{\}"/],
    ['a lone CRLF', '', '\r\n', /"\\r\\n"/],
    ['Content-Length: 2', 'Content-Length: 2\r\n', '', /Content-Length: 2/],
    ['Content-Encoding: gzip', 'Content-Encoding: gzip\r\n', '', /Content-Encoding: gzip/],
    ['the chunk bytes of Transfer-Encoding: chunked', 'Transfer-Encoding: chunked\r\n', '0\r\n\r\n', /5 byte\(s\) followed the 204's header section.*"0\\r\\n\\r\\n"/],
  ])('names %s', (_what, head, trailing, message) => {
    const { response, after } = parse204(head, trailing);
    expect(noContentViolations(response, after).join('\n')).toMatch(message);
  });

  it('leaves a Transfer-Encoding header with no byte after it to RFC 9112 §6.1 (RA-NOBODY-04), not to the spec\'s rules', () => {
    const { response, after } = parse204('Transfer-Encoding: chunked\r\n');
    expect(noContentViolations(response, after)).toEqual([]);
    expect(transferEncodingViolation(response)).toBe('the 204 carries Transfer-Encoding: chunked');
  });
});

describe('shared caches', () => {
  const withCacheControl = (value: string | undefined) => parseResponses(
    Buffer.from(`HTTP/1.1 200 OK\r\n${value === undefined ? '' : `Cache-Control: ${value}\r\n`}Content-Length: 0\r\n\r\n`), ['GET'],
  ).responses[0];

  it.each([['private, no-store'], ['no-store'], ['private'], ['private, max-age=60'], [undefined], ['max-age=60'], ['no-cache']])(
    'an authenticated answer with Cache-Control %s stays out of shared caches', (value) => {
      const response = withCacheControl(value);
      expect(response && sharedCacheMayStore(response)).toBeUndefined();
    });

  it.each([['public, max-age=300'], ['s-maxage=60'], ['must-revalidate, max-age=60'], ['private="Set-Cookie", public']])(
    'Cache-Control %s lets a shared cache store it', (value) => {
      const response = withCacheControl(value);
      expect(response && sharedCacheMayStore(response)).toMatch(/lets a shared cache store it/);
    });

  it('says explicitly private only for no-store or an unqualified private', () => {
    expect(explicitlyUnshared(withCacheControl('private')!)).toBe(true);
    expect(explicitlyUnshared(withCacheControl('no-store')!)).toBe(true);
    expect(explicitlyUnshared(withCacheControl('private="Set-Cookie"')!)).toBe(false);
    expect(explicitlyUnshared(withCacheControl(undefined)!)).toBe(false);
  });
});
