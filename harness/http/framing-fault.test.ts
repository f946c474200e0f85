// The framing fault of an exchange, against a loopback server that writes exact bytes:
// one description for every exchange a fault breaks (whatever the request, whether
// the bytes are stray at the end or in front of the next answer), the bytes apart,
// and the stray bytes marked in the transcript.
import { afterEach, describe, expect, it } from 'vitest';
import { exchange, request } from './exchange.ts';
import { framingFaultOf, strayRange } from './framing-fault.ts';
import { ExchangeError } from './http-errors.ts';
import type { RawRequest } from './raw-request.ts';
import { Redactor } from './redactor.ts';
import { startRawServer, type RawServer, type Reply } from './testing/raw-server.ts';
import { Transcript } from './transcript.ts';

const NO_CONTENT = 'HTTP/1.1 204 No Content\r\nETag: "v2"\r\n\r\n';
const OK_JSON = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 21\r\n\r\n{"weeklyDigest":true}';
const PATCH: RawRequest = { method: 'PATCH', target: '/v1/users/u1/preferences', headers: [['Content-Type', 'application/json']], body: '{"weeklyDigest":true}' };
const DELETE: RawRequest = { method: 'DELETE', target: '/v1/labels/l1' };
const GET: RawRequest = { method: 'GET', target: '/v1/users/u1/preferences' };
const AFTER_204 = 'stray bytes after a 204 response, which has no body and ends at its empty line (RFC 9112 §6.3)';

const servers: RawServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(respond: (index: number) => Reply): Promise<RawServer> {
  const server = await startRawServer((req) => respond(req.index));
  servers.push(server);
  return server;
}

async function thrown(promise: Promise<unknown>): Promise<ExchangeError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof ExchangeError)) throw new Error(`expected an ExchangeError, got ${String(error)}`);
  return error;
}

describe('framingFaultOf', () => {
  it('gives request()\'s error one cause for a PATCH and a DELETE answered 204 with a stray CRLF', async () => {
    const server = await serve(() => `${NO_CONTENT}\r\n`);
    const patch = await thrown(request(server.url, PATCH));
    const del = await thrown(request(server.url, DELETE));
    expect(patch.rootCause).toEqual({ kind: 'framing', description: AFTER_204, bytes: '\\r\\n' });
    expect(del.rootCause).toEqual(patch.rootCause);
  });

  it.each(['sequential', 'pipelined'] as const)('names the same cause when the stray bytes stand in front of the next answer (%s)', async (mode) => {
    const server = await serve((i) => (i === 0 ? `${NO_CONTENT}\r\n` : OK_JSON));
    const result = await exchange(server.url, [PATCH, GET], { mode, idleMs: 30 });
    expect(result.error?.code).toBe('WIRECHECK_ERR_HTTP_STATUS_LINE');
    expect(framingFaultOf(result)).toEqual({ kind: 'framing', description: AFTER_204, bytes: '\\r\\n' });
  });

  it('keeps the bytes apart from the description: a body after a 204 is the same cause, other bytes', async () => {
    const server = await serve(() => `${NO_CONTENT}{}`);
    const result = await exchange(server.url, [PATCH], { idleMs: 50 });
    expect(framingFaultOf(result)).toEqual({ kind: 'framing', description: AFTER_204, bytes: '{}' });
  });

  it('names other faults by what broke: bytes past a Content-Length body, a malformed header', async () => {
    const server = await serve((i) => (i === 0 ? `${OK_JSON}xx` : 'HTTP/1.1 200 OK\r\nBad Header: x\r\n\r\n'));
    const extra = await exchange(server.url, [GET], { idleMs: 50 });
    expect(framingFaultOf(extra)).toEqual({
      kind: 'framing', description: 'stray bytes after the body of a 200 response framed by Content-Length (more bytes than it declared)', bytes: 'xx',
    });
    const header = await exchange(server.url, [GET], { idleMs: 50 });
    expect(framingFaultOf(header)).toMatchObject({ kind: 'framing', description: 'responses not framed by HTTP/1.1\'s rules: a malformed header line (WIRECHECK_ERR_HTTP_HEADER)' });
  });

  it('finds no fault in a correct exchange, nor in what follows a protocol switch', async () => {
    const server = await serve((i) => (i === 0 ? NO_CONTENT : i === 1 ? OK_JSON : 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\nConnection: Upgrade\r\n\r\n\u0001binary'));
    expect(framingFaultOf(await exchange(server.url, [PATCH, GET], { idleMs: 30 }))).toBeUndefined();
    const upgraded = await exchange(server.url, [GET], { idleMs: 50 });
    expect(upgraded.stray.length).toBeGreaterThan(0);
    expect(framingFaultOf(upgraded)).toBeUndefined();
    expect(strayRange(upgraded)).toBeUndefined();
  });
});

describe('strayRange', () => {
  it('ends the stray bytes where the next answer begins', async () => {
    const server = await serve((i) => (i === 0 ? `${NO_CONTENT}{"x":1}\r\n${OK_JSON}` : 'silence'));
    const result = await exchange(server.url, [PATCH, GET], { mode: 'pipelined', idleMs: 30 });
    const range = strayRange(result);
    expect(range && result.raw.subarray(range.from, range.to).toString('latin1')).toBe('{"x":1}\r\n');
  });
});

describe('the transcript of an exchange with stray bytes', () => {
  it('puts them on lines of their own, marked <<!', async () => {
    const server = await serve(() => `${NO_CONTENT}{"x":1}\r\n`);
    const transcript = new Transcript(new Redactor());
    await exchange(server.url, [PATCH], { idleMs: 50, transcript });
    const received = transcript.toText().split('\n').filter((l) => l.startsWith('<<'));
    expect(received).toEqual(['<<< HTTP/1.1 204 No Content\\r\\n', '<<< ETag: "v2"\\r\\n', '<<< \\r\\n', '<<! {"x":1}\\r\\n']);
  });

  it('marks nothing on a correct exchange', async () => {
    const server = await serve((i) => (i === 0 ? NO_CONTENT : OK_JSON));
    const transcript = new Transcript(new Redactor());
    await exchange(server.url, [PATCH, GET], { idleMs: 30, transcript });
    expect(transcript.toText()).not.toContain('<<! ');
  });
});
