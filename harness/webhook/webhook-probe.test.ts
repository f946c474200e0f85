// The probe's answers are held to CONTRACTS §4's shape: a status name the contract does
// not know, or a 200 that is no probe answer, names the probe as broken — never read as
// a record, and a 404 is "no record".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRawServer, type RawServer } from '../http/testing/raw-server.ts';
import { ProbeContractError, WebhookProbe } from './webhook-probe.ts';

function json(status: string, body: string): string {
  return `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

describe('WebhookProbe', () => {
  let server: RawServer;
  beforeAll(async () => {
    server = await startRawServer((request) => {
      if (request.line.includes('/done')) return json('200 OK', '{"records":1,"status":"done","effects":1}');
      if (request.line.includes('/html')) return json('200 OK', '"<html>"');
      if (request.line.includes('/ok')) return json('200 OK', '{"records":1,"status":"processing","effects":0}');
      return json('404 Not Found', '{"error":"no record"}');
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('reads a record in the contract\'s shape, and a 404 as no record', async () => {
    const probe = new WebhookProbe(server.url);
    expect(await probe.event('ok')).toEqual({ records: 1, status: 'processing', effects: 0 });
    expect(await probe.event('missing')).toBeUndefined();
  });

  it('names a status CONTRACTS §4 does not know, and an answer of another shape, as a broken probe', async () => {
    const probe = new WebhookProbe(server.url);
    await expect(probe.event('done')).rejects.toThrow(ProbeContractError);
    await expect(probe.event('done')).rejects.toThrow(/reports status "done", which CONTRACTS §4 does not know/);
    await expect(probe.event('html')).rejects.toThrow(/CONTRACTS §4 wants \{"records": n, "status": s, "effects": m\}/);
  });
});
