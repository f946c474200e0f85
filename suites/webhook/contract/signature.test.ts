// Processing order 1 and Authentication 1, 3, 5: the signature over the exact bytes.
import fc from 'fast-check';
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { contentTypeRound, JSON_OTHER_SPELLINGS, JSON_WITH_CHARSET } from '../../../harness/checks/json-content-types.ts';
import { assertProperty } from '../../../harness/checks/property.ts';
import { webhookClient } from '../../../harness/webhook/webhook-client.ts';
import { eventBytes, paymentEvent } from '../../../harness/webhook/payment-event.ts';
import { describeAnswer, expectAcknowledged, expectRejected } from '../../../harness/webhook/expect-answer.ts';
import { signatureOf } from '../../../harness/webhook/sign.ts';
import { expectNoRecord } from '../../../harness/webhook/expect-no-record.ts';

function flipHexDigit(hex: string, index: number): string {
  const digit = hex[index] ?? '0';
  const flipped = digit === '0' ? '1' : '0';
  return hex.slice(0, index) + flipped + hex.slice(index + 1);
}

check('WH-SIG-01', async (ctx) => {
  const client = webhookClient(ctx);
  const body = eventBytes(paymentEvent());
  expectAcknowledged(await client.deliver({ body, signature: client.signatureOf(body).toLowerCase() }));
});

check('WH-SIG-02', async (ctx) => {
  const client = webhookClient(ctx);
  const body = eventBytes(paymentEvent());
  expectAcknowledged(await client.deliver({ body, signature: client.signatureOf(body).toUpperCase() }));
});

check('WH-SIG-03', async (ctx) => {
  expectRejected(await webhookClient(ctx).deliver({ body: paymentEvent(), signature: 'none' }), 'invalid signature');
});

check('WH-SIG-04', async (ctx) => {
  const client = webhookClient(ctx);
  const body = eventBytes(paymentEvent());
  expectRejected(await client.deliver({ body, signature: client.signatureOf(body).slice(0, 63) }), 'invalid signature');
});

check('WH-SIG-05', async (ctx) => {
  const client = webhookClient(ctx);
  const body = eventBytes(paymentEvent());
  expectRejected(await client.deliver({ body, signature: `${client.signatureOf(body)}0` }), 'invalid signature');
});

check('WH-SIG-06', async (ctx) => {
  const client = webhookClient(ctx);
  const body = eventBytes(paymentEvent());
  expectRejected(await client.deliver({ body, signature: `sha256=${client.signatureOf(body)}` }), 'invalid signature');
});

check('WH-SIG-07', async (ctx) => {
  const client = webhookClient(ctx);
  const body = eventBytes(paymentEvent());
  // Same length, but "g" and "z" are not hex digits.
  const signature = `zg${client.signatureOf(body).slice(2)}`;
  expectRejected(await client.deliver({ body, signature }), 'invalid signature');
});

check('WH-SIG-08', async (ctx) => {
  const client = webhookClient(ctx);
  const body = eventBytes(paymentEvent());
  const signature = signatureOf(`${client.target.secret}-but-another`, body);
  expectRejected(await client.deliver({ body, signature }), 'invalid signature');
});

check('WH-SIG-09', async (ctx) => {
  const client = webhookClient(ctx);
  for (const index of [63, 0]) {
    const body = eventBytes(paymentEvent());
    const signature = flipHexDigit(client.signatureOf(body), index);
    expectRejected(await client.deliver({ body, signature }), 'invalid signature');
  }
});

check('WH-SIG-13', async (ctx) => {
  const event = paymentEvent();
  const marker = '"__INVALID_UTF8__"';
  const json = JSON.stringify({ ...event, data: { ...event.data, customerReference: '__INVALID_UTF8__' } });
  const [before, after] = json.split(marker);
  // 0xFF and 0xFE never occur in UTF-8; a receiver that decodes the body to text
  // before hashing replaces them with U+FFFD and computes the HMAC over other bytes.
  const body = Buffer.concat([Buffer.from(`${before}"ref-`), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(`"${after}`)]);
  const response = await webhookClient(ctx).deliver({ body });
  expect([202, 400], `a body with invalid UTF-8 signed over its raw bytes must authenticate; got ${response.statusCode}`).toContain(response.statusCode);
});

check('WH-SIG-14', async (ctx) => {
  const client = webhookClient(ctx);
  expectRejected(await client.deliver({ body: 'this is {not json', signature: 'none' }), 'invalid signature');
  expectRejected(await client.deliver({ body: 'this is {not json', signedBody: 'other bytes' }), 'invalid signature');
});

check('WH-SIG-15', async (ctx) => {
  const client = webhookClient(ctx);
  expectRejected(await client.deliver({ body: paymentEvent(), contentType: 'text/plain' }), 'invalid signature');
  expectRejected(await client.deliver({ body: paymentEvent(), contentType: null }), 'invalid signature');
});

check('WH-SIG-16', async (ctx) => {
  expectAcknowledged(await webhookClient(ctx).deliver({ body: paymentEvent(), contentType: JSON_WITH_CHARSET }));
});

check('WH-SIG-17', async (ctx) => {
  const client = webhookClient(ctx);
  const event = paymentEvent();
  const body = eventBytes(event);
  expectRejected(await client.deliver({ body, signature: signatureOf('wrong-secret', body) }), 'invalid signature');
  await expectNoRecord(ctx, event.id, 'a delivery answered 401 must leave no record');
});

check('WH-SIG-18', async (ctx) => {
  const client = webhookClient(ctx);
  // Not media types at all: a framework that cannot parse them answers 400 or 415, but
  // the spec treats every type other than application/json alike — the body is empty.
  for (const contentType of ['json', 'application/', '/json', 'application json']) {
    expectRejected(await client.deliver({ body: paymentEvent(), contentType }), 'invalid signature');
  }
});

check('WH-SIG-19', async (ctx) => {
  // Each round: application/json spelled otherwise, a structured suffix, a look-alike
  // subtype and a look-alike type (json-content-types.ts), each judged by what it is.
  const client = webhookClient(ctx);
  await assertProperty(ctx, fc.asyncProperty(contentTypeRound(), async (round) => {
    for (const { family, header, isJson } of round) {
      const response = await client.deliver({ body: paymentEvent(), contentType: header });
      const shown = `Content-Type ${JSON.stringify(header)}`;
      if (isJson) {
        expect(response.statusCode, `${shown} is application/json (RFC 9110: type and subtype case-insensitive, parameters after ";" with optional whitespace): a correctly signed event must be accepted; got ${describeAnswer(response)}`).toBe(202);
        expectAcknowledged(response);
      } else {
        expect(response.statusCode, `${shown} is another media type (${family}), not application/json: the body is treated as empty, so authentication fails (401); got ${describeAnswer(response)}`).toBe(401);
        expectRejected(response, 'invalid signature');
      }
    }
  }), { numRuns: 12 });
});

check('WH-SIG-20', async (ctx) => {
  for (const contentType of JSON_OTHER_SPELLINGS) {
    expectAcknowledged(await webhookClient(ctx).deliver({ body: paymentEvent(), contentType }));
  }
});
