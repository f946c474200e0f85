// A query's values never reach a log line: a token sent as ?access_token= is refused by
// the references, and must not be written down on the way (issue 17).
import { describe, expect, it } from 'vitest';
import { redactQuery, serializeRequest } from './request-log.ts';

describe('redactQuery', () => {
  it('keeps a target without a query as it is', () => {
    expect(redactQuery('/v1/users/alice/preferences')).toBe('/v1/users/alice/preferences');
    expect(redactQuery('/')).toBe('/');
  });

  it('keeps the parameter names and replaces every value', () => {
    expect(redactQuery('/v1/x?access_token=abc.def&page=2')).toBe('/v1/x?access_token=[REDACTED]&page=[REDACTED]');
    expect(redactQuery('/x?a=&b=1=2')).toBe('/x?a=[REDACTED]&b=[REDACTED]');
  });

  it('replaces a bare part or an odd name whole, since it may be the secret itself', () => {
    expect(redactQuery('/x?tok-7f3a9')).toBe('/x?[REDACTED]');
    expect(redactQuery('/x?Bearer%20tok=1&=tok')).toBe('/x?[REDACTED]&[REDACTED]');
    expect(redactQuery(`/x?${'n'.repeat(65)}=1`)).toBe('/x?[REDACTED]');
  });

  it('keeps the shape of empty queries and empty parts', () => {
    expect(redactQuery('/x?')).toBe('/x?');
    expect(redactQuery('/x?a=1&&b=2')).toBe('/x?a=[REDACTED]&&b=[REDACTED]');
  });

  it('never lets a value through, whatever the query holds', () => {
    for (const secret of ['s3cr3t', 'abc%3Ddef', 'a#b', 'x?y']) {
      for (const url of [`/p?t=${secret}`, `/p?${secret}`, `/p?a=1&t=${secret}&b`]) expect(redactQuery(url), url).not.toContain(secret);
    }
  });
});

describe('serializeRequest', () => {
  it('logs what Fastify logs of a request, its query redacted', () => {
    expect(serializeRequest({ method: 'GET', url: '/v1/x?access_token=abc', host: 'api', ip: '127.0.0.1', socket: { remotePort: 5000 } }))
      .toEqual({ method: 'GET', url: '/v1/x?access_token=[REDACTED]', host: 'api', remoteAddress: '127.0.0.1', remotePort: 5000 });
  });
});
