import { describe, expect, it } from 'vitest';
import { parseResponses, type ParsedResponse } from '../http/index.ts';
import { describeAnswer, isSuccess, sessionIdOf, toAnswer } from './w3c-answer.ts';

function answerOf(status: number, body: string) {
  const raw = Buffer.from(`HTTP/1.1 ${status} X\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  const [response] = parseResponses(raw, ['POST']).responses;
  return toAnswer(response as ParsedResponse);
}

describe('W3C answers', () => {
  it('reads a W3C error body and names it in one line', () => {
    const answer = answerOf(404, '{"value":{"error":"unknown command","message":"no route","stacktrace":"at x"}}');
    expect(answer.error).toEqual({ error: 'unknown command', message: 'no route', hasStacktrace: true });
    expect(isSuccess(answer)).toBe(false);
    expect(describeAnswer(answer)).toBe('404 unknown command');
  });

  it('says when an error body is not a full W3C one', () => {
    expect(describeAnswer(answerOf(500, '{"value":{"error":"unknown error"}}'))).toBe('500 unknown error (not a full W3C error body)');
    expect(describeAnswer(answerOf(404, 'Not Found'))).toBe('404 Not Found');
  });

  it('finds the session id in value.sessionId or at the top level', () => {
    expect(sessionIdOf(answerOf(200, '{"value":{"sessionId":"a1","capabilities":{}}}'))).toBe('a1');
    expect(sessionIdOf(answerOf(200, '{"sessionId":"b2","value":{}}'))).toBe('b2');
    expect(sessionIdOf(answerOf(200, '{"value":{"capabilities":{}}}'))).toBeUndefined();
  });
});
