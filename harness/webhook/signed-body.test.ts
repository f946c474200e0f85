// A delivery signed over other bytes than it sends (a body changed after signing, as
// WH-SIG-10 and WH-SIG-12 send): the signature is over the signed bytes, and the
// transcript shows both before the exchange, as on the wire, the first difference marked.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CheckContext } from '../checks/check.ts';
import { Redactor, Transcript } from '../http/index.ts';
import { SENT_LABEL, SIGNED_LABEL } from '../http/signed-and-sent.ts';
import { signatureOf } from './sign.ts';
import type { WebhookTarget } from './webhook-target.ts';
import { deliveryRequest, webhookClient } from './webhook-client.ts';

const SECRET = 'whsec-test-1234';
const SIGNED = '{"id":"evt_1","type":"payment.succeeded"}';
const SENT = '{ "id" : "\\u0065vt_1", "type":"payment.succeeded" }';

let server: Server | undefined;
const scratchDir = mkdtempSync(join(tmpdir(), 'wirecheck-signed-body-'));
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

describe('a delivery signed over other bytes than it sends', () => {
  it('carries the signature of the signed bytes', () => {
    const target = { secret: SECRET } as WebhookTarget;
    const request = deliveryRequest(target, { body: SENT, signedBody: SIGNED });
    expect(request.body?.toString()).toBe(SENT);
    expect(request.headers).toContainEqual(['x-webhook-signature', signatureOf(SECRET, SIGNED)]);
    expect(deliveryRequest(target, { body: SENT }).headers).toContainEqual(['x-webhook-signature', signatureOf(SECRET, SENT)]);
  });

  it('shows both in the transcript before the exchange, escapes as on the wire, the first difference marked', async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid signature"}'));
    });
    await new Promise<void>((listening) => server?.listen(0, '127.0.0.1', listening));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const target: WebhookTarget = { system: 'webhook', kind: 'external', baseUrl: url, capabilities: [], secret: SECRET, instanceUrls: [url] };
    const ctx = { check: { id: 'WH-SIG-12' }, run: { scratchDir }, target, transcript: new Transcript(new Redactor({ secrets: [SECRET] })) } as unknown as CheckContext;
    const answer = await webhookClient(ctx).deliver({ body: SENT, signedBody: SIGNED });
    expect(answer.statusCode).toBe(401);
    const lines = ctx.transcript.toText().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '### signed over other bytes than it sends: the body was changed after signing (the exchange below sends the second)',
      `### ${SIGNED_LABEL}${SIGNED}`,
      `### ${SENT_LABEL}${SENT}`,
      `### ${' '.repeat(SENT_LABEL.length + 1)}^ first difference: byte 1 (signed ${SIGNED.length} bytes, sent ${SENT.length})`,
    ]);
    expect(lines[2]).toContain('"\\u0065vt_1"');
    expect(lines[4]).toMatch(/^=== http:\/\/127\.0\.0\.1:\d+\//);
    expect(lines).toContain(`>>> ${SENT}`);
  });
});
