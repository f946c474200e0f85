// "No leaked resource details" as RA-AUTH-04 and the model judge a 403: the preferences'
// representation must not come back, wherever it sits in the body; the field's name in
// a message, or an echo of what the request itself sent, is no leak.
import { describe, expect, it } from 'vitest';
import { parseResponses } from '../http/index.ts';
import { carriedPreferences } from './leaked-preferences.ts';

function forbidden(body: string) {
  const bytes = Buffer.from(`HTTP/1.1 403 Forbidden\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  const response = parseResponses(bytes, ['GET']).responses[0];
  if (!response) throw new Error('no response');
  return response;
}

describe('carriedPreferences', () => {
  it.each([
    ['the representation itself', '{"weeklyDigest":false}', 'the body is'],
    ['a problem with the preferences inside', '{"type":"about:blank","status":403,"preferences":{"weeklyDigest":true}}', 'the body.preferences is'],
    ['a list holding them', '{"errors":[{"current":{"weeklyDigest":true}}]}', 'the body.errors[0].current is'],
  ])('names %s', (_what, body, where) => {
    expect(carriedPreferences(forbidden(body))).toContain(where);
  });

  it.each([
    ['a message naming the field', '{"title":"Forbidden","detail":"you may not change weeklyDigest of another user"}'],
    ['a member naming the field', '{"invalid-params":[{"name":"weeklyDigest","reason":"not yours"}]}'],
    ['weeklyDigest that is not a boolean', '{"weeklyDigest":"hidden"}'],
    ['no JSON at all', 'Forbidden'],
    ['no content', ''],
  ])('passes %s', (_what, body) => {
    expect(carriedPreferences(forbidden(body))).toBeUndefined();
  });

  it('takes a nested echo of the request\'s own body for no leak, but not the body itself', () => {
    expect(carriedPreferences(forbidden('{"title":"Forbidden","request":{"weeklyDigest":true}}'), { weeklyDigest: true })).toBeUndefined();
    expect(carriedPreferences(forbidden('{"title":"Forbidden","request":{"weeklyDigest":false}}'), { weeklyDigest: true })).toContain('the body.request');
    expect(carriedPreferences(forbidden('{"weeklyDigest":true}'), { weeklyDigest: true })).toContain('the body is');
  });
});
