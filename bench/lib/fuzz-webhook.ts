// Fuzz cases for the webhook receiver. Every event id is unique to its case, so the
// bookkeeping is exact: an id answered 2xx must end with one record and one effect;
// an id whose request was refused or never complete must have no record at all.
import { chunked, hostileHeaderSets, rawRequest, type FuzzCase } from './fuzz-case.ts';
import { pick, weighted, type Random } from './prng.ts';
import type { RawOutcome } from './raw-lane.ts';
import { BENCH_SECRET } from './receiver.ts';
import { eventBody, sign } from './signed-events.ts';

export class WebhookLedger {
  readonly accepted: string[] = [];
  readonly refused: string[] = [];
  readonly unanswered: string[] = [];
  readonly validBodies: Buffer[] = [];

  note(id: string, outcome: RawOutcome, complete: boolean, index = 0): void {
    const status = outcome.kind === 'response' ? outcome.statuses[index] : undefined;
    if (status !== undefined && status >= 200 && status < 300) this.accepted.push(id);
    else if (status !== undefined || !complete) this.refused.push(id);
    else this.unanswered.push(id);
  }
}

const PATH = '/webhooks/payments';
const json = (signature: string | undefined, type = 'application/json'): Array<[string, string]> =>
  [['Content-Type', type], ...(signature === undefined ? [] : [['x-webhook-signature', signature] as [string, string]])];

const WEIGHTS = {
  valid: 6, duplicate: 4, badSignature: 14, malformedJson: 10, invalidEvent: 12, textPlain: 5, oversize: 0.4,
  invalidUtf8: 4, manyHeaders: 3, hostile: 8, chunkedValid: 3, wrongRoute: 6, slowComplete: 1, slowAbandoned: 1,
  truncated: 2, pipelined: 2, emptyBody: 3, duplicateSignatureHeader: 2,
} as const;

export function webhookCases(random: Random, prefix: string, ledger: WebhookLedger): () => FuzzCase {
  let n = 0;
  const id = (tag: string) => `${prefix}_${tag}_${n++}`;
  const signedValid = (tag: string) => {
    const eventId = id(tag);
    const body = eventBody(eventId);
    return { eventId, body, signature: sign(BENCH_SECRET, body) };
  };
  return () => {
    const kind = weighted(random, WEIGHTS);
    switch (kind) {
      case 'valid': {
        const { eventId, body, signature } = signedValid('ok');
        return { kind, bytes: rawRequest('POST', PATH, json(signature), body), send: { methods: ['POST'] }, settle: (o) => { ledger.note(eventId, o, true); if (o.kind === 'response') ledger.validBodies.push(body); } };
      }
      case 'duplicate': {
        const body = ledger.validBodies.length ? pick(random, ledger.validBodies) : undefined;
        if (!body) return { kind, bytes: rawRequest('GET', '/healthz', []), send: { methods: ['GET'] } };
        return { kind, bytes: rawRequest('POST', PATH, json(sign(BENCH_SECRET, body)), body), send: { methods: ['POST'] } };
      }
      case 'badSignature': {
        const { eventId, body, signature } = signedValid('rej');
        const forged = pick(random, [undefined, '0'.repeat(64), signature.slice(1), `${signature}0`, `sha256=${signature}`, signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), 'zz'.repeat(32)]);
        return { kind, bytes: rawRequest('POST', PATH, json(forged), body), send: { methods: ['POST'] }, settle: (o) => ledger.note(eventId, o, true) };
      }
      case 'malformedJson': {
        const body = Buffer.from(pick(random, ['{', '{"id":', 'null,', '[1,2', '{"id":"x",}', 'payment.succeeded', '\u00ff\u00fe', '{"a":1}{"b":2}']), 'latin1');
        return { kind, bytes: rawRequest('POST', PATH, json(sign(BENCH_SECRET, body)), body), send: { methods: ['POST'] } };
      }
      case 'invalidEvent': {
        const eventId = id('rej');
        const event = pick(random, [
          { id: eventId, type: 'payment.failed', createdAt: '2026-01-01T00:00:00.000Z' },
          { id: eventId, type: 'payment.succeeded' },
          { id: eventId, type: 'payment.succeeded', createdAt: '' },
          { id: '', type: 'payment.succeeded', createdAt: '2026-01-01T00:00:00.000Z', note: eventId },
          { id: eventId, createdAt: '2026-01-01T00:00:00.000Z' },
          [{ id: eventId }],
        ]);
        const body = Buffer.from(JSON.stringify(event));
        return { kind, bytes: rawRequest('POST', PATH, json(sign(BENCH_SECRET, body)), body), send: { methods: ['POST'] }, settle: (o) => ledger.note(eventId, o, true) };
      }
      case 'textPlain': {
        const { eventId, body, signature } = signedValid('rej');
        return { kind, bytes: rawRequest('POST', PATH, json(signature, pick(random, ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', 'json'])), body), send: { methods: ['POST'] }, settle: (o) => ledger.note(eventId, o, true) };
      }
      case 'oversize': {
        const eventId = id('rej');
        const body = Buffer.from(JSON.stringify({ id: eventId, type: 'payment.succeeded', createdAt: new Date().toISOString(), data: { pad: 'p'.repeat(270_000) } }));
        return { kind, bytes: rawRequest('POST', PATH, json(sign(BENCH_SECRET, body)), body), send: { methods: ['POST'], fresh: true }, settle: (o) => ledger.note(eventId, o, true) };
      }
      case 'invalidUtf8': {
        const eventId = id('u8');
        const body = Buffer.concat([Buffer.from(`{"id":"${eventId}","type":"payment.succeeded","createdAt":"2026-01-01T00:00:00.000Z","data":{"paymentId":"pay_${eventId}","version":1,"customerReference":"`), Buffer.from([0xc3, 0x28, 0xff, 0xed, 0xa0, 0x80]), Buffer.from('"}}')]);
        return { kind, bytes: rawRequest('POST', PATH, json(sign(BENCH_SECRET, body)), body), send: { methods: ['POST'] }, settle: (o) => ledger.note(eventId, o, true) };
      }
      case 'manyHeaders': {
        const { eventId, body, signature } = signedValid('mh');
        const extra = Array.from({ length: 100 + Math.floor(random() * 400) }, (_, i) => [`X-Fuzz-${i}`, 'v'] as [string, string]);
        return { kind, bytes: rawRequest('POST', PATH, [...extra, ...json(signature)], body), send: { methods: ['POST'], fresh: true }, settle: (o) => ledger.note(eventId, o, true) };
      }
      case 'hostile': {
        const { eventId, body, signature } = signedValid('rej');
        const set = pick(random, hostileHeaderSets(random));
        return { kind: `hostile:${set.name}`, bytes: rawRequest('POST', PATH, [...set.headers, ...json(signature)], body), send: { methods: ['POST'], fresh: true }, settle: (o) => ledger.note(eventId, o, true) };
      }
      case 'chunkedValid': {
        const { eventId, body, signature } = signedValid('ch');
        return { kind, bytes: Buffer.concat([rawRequest('POST', PATH, [['Transfer-Encoding', 'chunked'], ...json(signature)]), chunked(body, 1 + Math.floor(random() * 5))]), send: { methods: ['POST'] }, settle: (o) => ledger.note(eventId, o, true) };
      }
      case 'wrongRoute': {
        const [method, path] = pick(random, [['GET', PATH], ['PUT', PATH], ['DELETE', PATH], ['POST', '/webhooks/payment'], ['POST', `/${'a'.repeat(9000)}`], ['GET', '/__probe/events/%ZZ'], ['POST', '/webhooks/payments/../payments'], ['OPTIONS', '*']] as const);
        return { kind, bytes: rawRequest(method, path, []), send: { methods: [method], fresh: true } };
      }
      case 'slowComplete':
      case 'slowAbandoned': {
        const { eventId, body, signature } = signedValid(kind === 'slowComplete' ? 'slow' : 'rej');
        const bytes = rawRequest('POST', PATH, json(signature), body);
        const abandon = kind === 'slowAbandoned';
        return { kind, bytes, send: { methods: ['POST'], fresh: true, partial: { splitAt: Math.floor(random() * (bytes.length - 1)) + 1, pauseMs: 50 + Math.floor(random() * 450), abandon } }, settle: (o) => ledger.note(eventId, o, !abandon) };
      }
      case 'truncated': {
        const { eventId, body, signature } = signedValid('rej');
        const bytes = rawRequest('POST', PATH, [['Content-Length', String(body.length + 50)], ...json(signature)], body);
        return { kind, bytes, send: { methods: ['POST'], fresh: true, partial: { splitAt: bytes.length, pauseMs: 100 + Math.floor(random() * 200), abandon: true } }, settle: (o) => ledger.note(eventId, o, false) };
      }
      case 'pipelined': {
        const a = signedValid('pa');
        const b = signedValid('pb');
        const bytes = Buffer.concat([rawRequest('POST', PATH, json(a.signature), a.body), rawRequest('POST', PATH, json(b.signature), b.body)]);
        return { kind, bytes, send: { methods: ['POST', 'POST'], fresh: true }, settle: (o) => { ledger.note(a.eventId, o, true, 0); ledger.note(b.eventId, o, true, 1); } };
      }
      case 'emptyBody':
        return { kind, bytes: rawRequest('POST', PATH, [['Content-Length', '0'], ...json(sign(BENCH_SECRET, ''))]), send: { methods: ['POST'] } };
      case 'duplicateSignatureHeader': {
        const { eventId, body, signature } = signedValid('rej');
        return { kind, bytes: rawRequest('POST', PATH, [...json(signature), ['x-webhook-signature', signature]], body), send: { methods: ['POST'] }, settle: (o) => ledger.note(eventId, o, true) };
      }
    }
  };
}
