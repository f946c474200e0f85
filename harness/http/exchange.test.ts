import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { exchange, request, resolveTarget } from './exchange.ts';
import type { ExchangeResult } from './exchange.ts';
import { ExchangeCode, ExchangeError, FramingCode } from './http-errors.ts';
import type { RawRequest } from './raw-request.ts';
import { Redactor } from './redactor.ts';
import { closedPort, startRawServer } from './testing/raw-server.ts';
import type { RawServer, Reply } from './testing/raw-server.ts';
import { Transcript } from './transcript.ts';

const NO_CONTENT = 'HTTP/1.1 204 No Content\r\nETag: "v2"\r\n\r\n';
const OK_JSON = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 21\r\n\r\n{"weeklyDigest":true}';
const PATCH: RawRequest = { method: 'PATCH', target: '/v1/users/u1/preferences', headers: [['Content-Type', 'application/json']], body: '{"weeklyDigest":true}' };
const GET: RawRequest = { method: 'GET', target: '/v1/users/u1/preferences' };
const MODES = ['sequential', 'pipelined'] as const;

const servers: RawServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(respond: (index: number) => Reply): Promise<RawServer> {
  const server = await startRawServer((req) => respond(req.index));
  servers.push(server);
  return server;
}

async function rejection(promise: Promise<unknown>): Promise<ExchangeError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof ExchangeError)) throw new Error(`expected an ExchangeError, got ${String(error)}`);
  return error;
}

function expectStrayDetected(result: ExchangeResult, stray: string): void {
  expect(result.responses[0]?.statusCode).toBe(204);
  expect(result.stray.subarray(0, stray.length).toString('latin1')).toBe(stray);
  expect(result.error?.code).toBe(FramingCode.statusLine);
  expect(result.error?.message).toContain('a no-body response');
  expect(result.responses.map((r) => r.statusCode)).toEqual([204]);
}

describe.each(MODES)('exchange (%s): 204 then 200 on one connection', (mode) => {
  it('is clean against a correct server: both responses framed, nothing stray, one connection', async () => {
    const server = await serve((i) => (i === 0 ? NO_CONTENT : OK_JSON));
    const result = await exchange(server.url, [PATCH, GET], { mode, idleMs: 30 });
    expect(result.error).toBeUndefined();
    expect(result.responses.map((r) => [r.statusCode, r.framing])).toEqual([[204, 'no-body'], [200, 'content-length']]);
    expect(result.responses[1]?.json()).toEqual({ weeklyDigest: true });
    expect(result.stray.length).toBe(0);
    expect(result.closedByPeer).toBe(false);
    expect(server.connections).toBe(1);
    expect(result.raw.toString('latin1')).toBe(NO_CONTENT + OK_JSON);
  });

  it.each([
    ['an empty JSON object', `${NO_CONTENT}{}`, '{}'],
    ['an extra CRLF', `${NO_CONTENT}\r\n`, '\r\n'],
    ['Content-Length: 2 and {}', 'HTTP/1.1 204 No Content\r\nContent-Length: 2\r\n\r\n{}', '{}'],
    ['a chunked body', 'HTTP/1.1 204 No Content\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', '0\r\n\r\n'],
  ])('detects a 204 followed by %s', async (_name, first, stray) => {
    const server = await serve((i) => (i === 0 ? first : OK_JSON));
    const result = await exchange(server.url, [PATCH, GET], { mode, idleMs: 30 });
    expectStrayDetected(result, stray);
  });

  it('detects stray bytes that arrive in a later read than the 204', async () => {
    const server = await serve((i) => (i === 0 ? { pieces: [NO_CONTENT, '{}'], delayMs: 20 } : OK_JSON));
    const result = await exchange(server.url, [PATCH, GET], { mode, idleMs: 30 });
    expect(result.error?.code).toBe(FramingCode.statusLine);
    expect(result.error?.message).toContain('a no-body response');
  });
});

describe('exchange: stray bytes after the last response', () => {
  it('waits idleMs after the last response and reports late bytes as stray', async () => {
    const server = await serve(() => ({ pieces: [NO_CONTENT, '{}'], delayMs: 20 }));
    const result = await exchange(server.url, [PATCH], { idleMs: 300 });
    expect(result.error).toBeUndefined();
    expect(result.responses.map((r) => r.statusCode)).toEqual([204]);
    expect(result.stray.toString('latin1')).toBe('{}');
  });

  it('is clean against a Node http.createServer answering 204 then 200 on a keep-alive connection', async () => {
    const sockets = new Set<net.Socket>();
    const server = http.createServer((req, res) => {
      if (req.method === 'PATCH') {
        req.resume();
        req.on('end', () => { res.writeHead(204, { ETag: '"v2"' }); res.end(); });
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        // Two writes: Node then frames the body with chunked encoding.
        res.write('{"weeklyDigest":');
        res.end('true}');
      }
    });
    server.on('connection', (s: net.Socket) => { sockets.add(s); });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
      for (const mode of MODES) {
        const result = await exchange(url, [PATCH, GET], { mode, idleMs: 50 });
        expect(result.error).toBeUndefined();
        expect(result.responses.map((r) => r.statusCode)).toEqual([204, 200]);
        expect(result.responses[1]?.framing).toBe('chunked');
        expect(result.responses[1]?.json()).toEqual({ weeklyDigest: true });
        expect(result.stray.length).toBe(0);
      }
      expect(sockets.size).toBe(2);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('exchange: connections', () => {
  it('sends exact bytes with Host and targets resolved against the base path', async () => {
    const server = await serve(() => 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    await exchange(`${server.url}wd/hub`, [{ method: 'GET', target: 'status' }, { method: 'GET', target: '/abs' }], { idleMs: 0 });
    expect(server.requests.map((r) => r.raw.toString('latin1'))).toEqual([
      `GET /wd/hub/status HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`,
      `GET /abs HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`,
    ]);
  });

  it('sends a pre-serialized Buffer as is and frames its response by the method it starts with', async () => {
    const server = await serve(() => 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n');
    const raw = Buffer.from('HEAD /x HTTP/1.1\r\nHost: a\r\nX-Odd:\tv\r\n\r\n', 'latin1');
    const result = await exchange(server.url, [raw], { idleMs: 0 });
    expect(server.requests[0]?.raw).toEqual(raw);
    expect(result.responses[0]?.framing).toBe('no-body');
    expect(result.sent).toEqual(raw);
    await expect(exchange(server.url, [Buffer.from('\r\nGET / HTTP/1.1\r\n\r\n')])).rejects.toMatchObject({ code: ExchangeCode.request });
  });

  it('collects 100 Continue as interim and reads a body delimited by the peer closing', async () => {
    const server = await serve(() => ({ pieces: ['HTTP/1.1 100 Continue\r\n\r\n', 'HTTP/1.1 200 OK\r\n\r\nuntil close'], close: true }));
    const result = await exchange(server.url, [PATCH], { idleMs: 0 });
    expect(result.error).toBeUndefined();
    expect(result.closedByPeer).toBe(true);
    expect(result.responses[0]?.interim.map((r) => r.statusCode)).toEqual([100]);
    expect(result.responses[0]?.framing).toBe('until-close');
    expect(result.responses[0]?.text()).toBe('until close');
  });

  it.each(MODES)('reports a peer that closes before the second response (%s)', async (mode) => {
    const server = await serve((i) => (i === 0 ? { pieces: [NO_CONTENT], close: true } : 'silence'));
    const result = await exchange(server.url, [PATCH, GET], { mode, idleMs: 0 });
    expect(result.closedByPeer).toBe(true);
    expect(result.responses.map((r) => r.statusCode)).toEqual([204]);
    expect(result.error?.code).toBe(FramingCode.incomplete);
    expect(result.error?.message).toContain('before response 2 of 2 (to GET) began');
  });

  it('rejects with a clear error when nothing listens', async () => {
    const port = await closedPort();
    const transcript = new Transcript(new Redactor());
    const error = await rejection(exchange(`http://127.0.0.1:${port}/base/`, [GET], { transcript }));
    expect(error.code).toBe(ExchangeCode.unreachable);
    expect(error.message).toContain(`http://127.0.0.1:${port}/base/ is not reachable`);
    expect(error.message).toContain('ECONNREFUSED');
    expect(transcript.toText()).toContain('is not reachable');
  });

  it('rejects with a clear error naming host:port and the awaited response on timeout, and records what was sent', async () => {
    const server = await serve((i) => (i === 0 ? NO_CONTENT : 'silence'));
    const transcript = new Transcript(new Redactor({ secrets: ['s3cr3t-token'] }));
    const req: RawRequest = { ...GET, headers: [['Authorization', 'Bearer s3cr3t-token']] };
    const error = await rejection(exchange(server.url, [PATCH, req], { timeoutMs: 150, transcript }));
    expect(error.code).toBe(ExchangeCode.timeout);
    expect(error.message).toContain(`timed out after 150 ms waiting for response 2 of 2 (to GET /v1/users/u1/preferences) from 127.0.0.1:${server.port}`);
    expect(error.partial?.responses.map((r) => r.statusCode)).toEqual([204]);
    const text = transcript.toText();
    expect(text).toContain('>>> Authorization: Bearer [REDACTED]\\r\\n');
    expect(text).not.toContain('s3cr3t-token');
    expect(text).toContain('<<< HTTP/1.1 204 No Content\\r\\n');
  });

  it('rejects a base URL that is not http(s)', async () => {
    await expect(exchange('ftp://127.0.0.1/', [GET])).rejects.toMatchObject({ code: ExchangeCode.url });
    await expect(exchange('not a url', [GET])).rejects.toMatchObject({ code: ExchangeCode.url });
  });

  it('records a successful exchange into the transcript with a summary note', async () => {
    const server = await serve((i) => (i === 0 ? `${NO_CONTENT}{}` : OK_JSON));
    const transcript = new Transcript(new Redactor());
    await exchange(server.url, [PATCH], { transcript, idleMs: 20 });
    const text = transcript.toText();
    expect(text).toMatch(/^=== http:\/\/127\.0\.0\.1:\d+\/ — sequential: 1 request\(s\), 1 response\(s\); 2 stray byte\(s\)\n/);
    expect(text).toContain('>>> PATCH /v1/users/u1/preferences HTTP/1.1\\r\\n');
    // The 204's stray bytes, on a line of their own, marked.
    expect(text.endsWith('<<< \\r\\n\n<<! {}')).toBe(true);
  });
});

describe('exchange: a response after which the server closes (RFC 9112 §9.3, §9.6)', () => {
  const CLOSING = 'HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 21\r\n\r\n{"weeklyDigest":true}';
  const HTTP10 = 'HTTP/1.0 200 OK\r\nContent-Length: 21\r\n\r\n{"weeklyDigest":true}';

  it.each([
    ['announces "Connection: close"', CLOSING, 'announced "Connection: close"'],
    ['is HTTP/1.0 without keep-alive', HTTP10, 'HTTP/1.0 without "Connection: keep-alive"'],
  ])('sends no further request after a response that %s, even when the server keeps the connection open', async (_name, first, fragment) => {
    const server = await serve((i) => (i === 0 ? first : OK_JSON));
    const transcript = new Transcript(new Redactor());
    const result = await exchange(server.url, [GET, PATCH, GET], { idleMs: 30, transcript });
    expect(server.requests).toHaveLength(1);
    expect(result.error).toBeUndefined();
    expect(result.responses.map((r) => r.statusCode)).toEqual([200]);
    expect(result.stray.length).toBe(0);
    expect(result.unanswered).toContain('not sent: requests 2-3 of 3 (PATCH /v1/users/u1/preferences, GET /v1/users/u1/preferences)');
    expect(result.unanswered).toContain(fragment);
    expect(transcript.toText()).toContain('not sent: requests 2-3 of 3');
  });

  it.each(MODES)('reports a second response sent after the announced close as stray bytes (%s)', async (mode) => {
    const server = await serve((i) => (i === 0 ? CLOSING + OK_JSON : 'silence'));
    const result = await exchange(server.url, [GET, GET], { mode, idleMs: 30 });
    if (mode === 'sequential') expect(server.requests).toHaveLength(1);
    expect(result.error).toBeUndefined();
    expect(result.responses.map((r) => r.statusCode)).toEqual([200]);
    expect(result.stray.toString('latin1')).toBe(OK_JSON);
    expect(result.unanswered).toContain(mode === 'sequential' ? 'not sent: request 2 of 2' : 'sent but left unanswered: request 2 of 2');
  });

  it.each(MODES)('is clean against a correct server that announces its close and then closes (%s)', async (mode) => {
    const server = await serve(() => ({ pieces: [CLOSING], close: true }));
    const result = await exchange(server.url, [GET, GET], { mode, idleMs: 30 });
    expect(result.error).toBeUndefined();
    expect(result.responses.map((r) => r.statusCode)).toEqual([200]);
    expect(result.stray.length).toBe(0);
    if (mode === 'sequential') expect(server.requests).toHaveLength(1);
  });
});

describe('exchange: a malformed head is diagnosed at its first bad byte, even when the server then stalls', () => {
  it.each([
    ['a letter in the status code', 'HTTP/1.1 2x', FramingCode.statusLine, 'the status code is not 3 digits'],
    ['a control byte in the reason phrase', 'HTTP/1.1 200 O\x01', FramingCode.statusLine, 'control character 0x01 in the reason phrase'],
    ['a header name byte that is not a token character', 'HTTP/1.1 200 OK\r\nX(', FramingCode.header, 'the field name is not a token'],
    ['whitespace before the colon', 'HTTP/1.1 200 OK\r\nContent-Length ', FramingCode.header, 'whitespace between the field name and the colon'],
    ['a NUL in a header value', 'HTTP/1.1 200 OK\r\nX-A: a\x00', FramingCode.header, 'control character 0x00 in the value of X-A'],
    ['a bare CR in a header value', 'HTTP/1.1 200 OK\r\nX-A: 1\r2', FramingCode.header, 'bare CR at offset 23'],
  ])('%s', async (_name, head, code, fragment) => {
    // The server sends the bad bytes and then nothing, never closing: only the bytes can tell.
    const server = await serve(() => head);
    const result = await exchange(server.url, [GET], { timeoutMs: 1_000, idleMs: 0 });
    expect(result.error?.code).toBe(code);
    expect(result.error?.message).toContain(fragment);
    expect(result.responses).toEqual([]);
  });
});

describe('request', () => {
  it('returns the response of one request', async () => {
    const server = await serve(() => OK_JSON);
    const response = await request(server.url, GET);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ weeklyDigest: true });
  });

  it('throws on stray bytes that arrive with the response, with the redacted transcript in the message', async () => {
    const server = await serve(() => `HTTP/1.1 204 No Content\r\nSet-Cookie: sid=abcdef\r\n\r\n{}`);
    const error = await rejection(request(server.url, PATCH));
    expect(error.code).toBe(ExchangeCode.framing);
    expect(error.message).toContain('2 stray byte(s) followed the 204 response: "{}"');
    expect(error.message).toContain('<<< Set-Cookie: [REDACTED]\\r\\n');
    expect(error.message).not.toContain('abcdef');
    await expect(request(server.url, PATCH, { allowStray: true })).resolves.toMatchObject({ statusCode: 204 });
  });

  it('throws on a framing error', async () => {
    const server = await serve(() => 'HTTP/1.1 200 OK\r\nContent-Length: +2\r\n\r\nok');
    const error = await rejection(request(server.url, GET));
    expect(error.code).toBe(ExchangeCode.framing);
    expect(error.message).toContain('invalid Content-Length');
    expect(error.partial?.error?.code).toBe(FramingCode.contentLength);
  });
});

describe('resolveTarget', () => {
  it.each([
    ['http://h:1/wd/hub/', 'status', '/wd/hub/status'],
    ['http://h:1/wd/hub', 'status', '/wd/hub/status'],
    ['http://h:1', 'status', '/status'],
    ['http://h:1/wd/hub/', '/status', '/status'],
    ['http://h:1/wd/hub/', 'session/1/url?x=%2F', '/wd/hub/session/1/url?x=%2F'],
    ['http://h:1/base/', '*', '*'],
    ['http://h:1/base/', 'http://other/x', 'http://other/x'],
  ])('%s + %s → %s', (base, target, resolved) => {
    expect(resolveTarget(base, target)).toBe(resolved);
  });
});
