// The probe's answers are held to CONTRACTS §4's shape: a 200 that is no probe answer
// names the probe as broken — never read as a record, and a 404 is "no record". A status
// the spec does not name is the target's record, not the probe's shape: a failure of the
// target naming the spec's four statuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRawServer, type RawServer } from '../http/testing/raw-server.ts';
import { ProbeContractError, UnknownRecordStatus, WebhookProbe } from './webhook-probe.ts';

function json(status: string, body: string): string {
  return `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

describe('WebhookProbe', () => {
  let server: RawServer;
  beforeAll(async () => {
    server = await startRawServer((request) => {
      if (request.line.includes('/done')) return json('200 OK', '{"records":1,"status":"done","effects":1}');
      if (request.line.includes('/html')) return json('200 OK', '"<html>"');
      if (request.line.includes('/no-status')) return json('200 OK', '{"records":1,"effects":1}');
      if (request.line.includes('/number-status')) return json('200 OK', '{"records":1,"status":3,"effects":1}');
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

  it('names an answer of another shape (not an object, no status, a status that is no string) as a broken probe', async () => {
    const probe = new WebhookProbe(server.url);
    for (const id of ['html', 'no-status', 'number-status']) {
      await expect(probe.event(id), id).rejects.toThrow(ProbeContractError);
      await expect(probe.event(id), id).rejects.toThrow(/CONTRACTS §4 wants \{"records": n, "status": s, "effects": m\}/);
    }
  });

  it('names a status the spec does not name as the target\'s failure, quoting the spec\'s four, not as a broken probe', async () => {
    const error: unknown = await new WebhookProbe(server.url).event('done').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownRecordStatus);
    expect(error).not.toBeInstanceOf(ProbeContractError);
    const { message, finding, rootCause } = error as UnknownRecordStatus;
    expect(finding).toBe('the probe reports the record status "done", which the spec does not name: a record\'s status is one of accepted, processing, completed, failed '
      + '(spec, Accepted-event record: "Default `accepted`. Operators distinguish `accepted`, `processing`, `completed`, `failed`."; WH-PROC-04)');
    expect(message).toBe(`${finding}. It answered so to GET __probe/events/done`);
    expect(rootCause).toEqual({ kind: 'prerequisite', description: finding });
  });
});
