// RA-FRAME-01/02's judgement of one connection, over a real socket: what follows the
// last answer read is a problem when it is a 204's content or another answer framed
// short, and only observed when the server goes on answering after announcing its close
// (RFC 9112 §9.6 forbids that; the spec's 204 bundle does not state it).
import { afterEach, describe, expect, it } from 'vitest';
import { exchange, type RawRequest } from '../http/index.ts';
import { startRawServer, type RawServer } from '../http/testing/raw-server.ts';
import { problemsOf, type Step } from './reused-connection.ts';

const request = (method: string): RawRequest => ({ method, target: '/v1/users/alice/preferences', headers: [['Host', 'x']] });
const PLAN: Step[] = [
  { what: 'PATCH', request: request('PATCH'), status: 204 },
  { what: 'GET preferences', request: request('GET'), status: 200, digest: true },
  { what: 'DELETE label', request: request('DELETE'), status: 204 },
  { what: 'GET preferences', request: request('GET'), status: 200, digest: true },
];
const NO_CONTENT = 'HTTP/1.1 204 No Content\r\n\r\n';
const BODY = '{"weeklyDigest":true}';
const ok = (extra = '') => `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\n${extra}\r\n${BODY}`;

let server: RawServer | undefined;
afterEach(async () => server?.close());

async function judge(answers: string): Promise<ReturnType<typeof problemsOf>> {
  // Everything in one write, after the first request: the answers of a pipelined exchange.
  server = await startRawServer((req) => (req.index === 0 ? { pieces: [answers], close: false } : 'silence'));
  const result = await exchange(server.url, PLAN.map((s) => s.request), { mode: 'pipelined', idleMs: 100, timeoutMs: 2000 });
  return problemsOf(result, PLAN, 'pipelined');
}

describe('problemsOf (pipelined)', () => {
  it('judges nothing wrong in four exactly framed answers', async () => {
    expect(await judge(NO_CONTENT + ok() + NO_CONTENT + ok())).toEqual({ problems: [] });
  });

  it('names bytes after the last 200 as that answer framed short, not as a 204\'s content', async () => {
    const { problems } = await judge(NO_CONTENT + ok() + NO_CONTENT + ok() + 'xyz');
    expect(problems).toEqual([expect.stringMatching(/^after the last answer: 3 byte\(s\) followed the end of the 200 answer, from byte \d+ of the connection: "xyz"$/)]);
  });

  it('only observes answers a server went on sending after announcing its close, and reports the close', async () => {
    const verdict = await judge(NO_CONTENT + ok('Connection: close\r\n') + NO_CONTENT + ok());
    expect(verdict.problems).toEqual([]);
    expect(verdict.closedAfter).toBe(1);
    expect(verdict.observed).toMatch(/^after answer 2, which announced its close, the server went on answering/);
  });

  it('still fails a 204 that announced its close and then sent content', async () => {
    const { problems } = await judge(`HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n{"x":1}`);
    expect(problems).toEqual([expect.stringMatching(/^after answer 1, which announced its close: 7 byte\(s\) followed the 204's header section/)]);
  });
});
