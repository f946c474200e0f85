// POST /webhooks/payments — the spec's processing order; the first failing step
// decides the response.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SqlStore } from '../../store/sql-store.ts';
import type { WebhookFault } from '../faults.ts';
import { isJsonContentType } from '../content-type.ts';
import { isValidSignature } from '../signature.ts';
import { validateEvent, type ValidEvent } from '../event-validation.ts';
import { recordEvent } from '../event-repository.ts';
import { rejection, type Rejection } from '../rejections.ts';

export interface DeliveryDeps {
  readonly store: SqlStore;
  readonly secret: string;
  readonly faults: ReadonlySet<WebhookFault>;
}

type Decision =
  | { readonly kind: 'reject'; readonly rejection: Rejection }
  | { readonly kind: 'accept'; readonly event: ValidEvent }
  | { readonly kind: 'batch' };

type Parsed = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

const EMPTY = Buffer.alloc(0);

/** The body as authenticated: with any non-JSON content type it is empty. */
function authenticatedBody(request: FastifyRequest, faults: ReadonlySet<WebhookFault>): Buffer {
  const body = Buffer.isBuffer(request.body) ? request.body : EMPTY;
  const contentType = request.headers['content-type'];
  if (faults.has('text-plain-accepted')) return body;
  if (faults.has('strict-content-type-equality')) return contentType === 'application/json' ? body : EMPTY;
  return isJsonContentType(contentType) ? body : EMPTY;
}

function parseJson(raw: Buffer, faults: ReadonlySet<WebhookFault>): Parsed {
  if (faults.has('parse-error-unhandled')) return { ok: true, value: JSON.parse(raw.toString('utf8')) };
  try {
    return { ok: true, value: JSON.parse(raw.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

function signatureHeader(request: FastifyRequest): string | undefined {
  const header = request.headers['x-webhook-signature'];
  return Array.isArray(header) ? header.join(', ') : header;
}

function decide(raw: Buffer, signature: string | undefined, deps: DeliveryDeps): Decision {
  const { faults } = deps;
  const early = faults.has('parse-before-auth') ? parseJson(raw, faults) : undefined;
  if (early && !early.ok) return { kind: 'reject', rejection: 'invalid-json' };
  // 1. Authenticate the exact raw bytes: a missing, malformed or wrong signature is 401.
  if (!isValidSignature(deps.secret, raw, signature, faults)) return { kind: 'reject', rejection: 'invalid-signature' };
  // 2. Parse: a body that is not JSON is 400.
  const parsed = early ?? parseJson(raw, faults);
  if (!parsed.ok) return { kind: 'reject', rejection: 'invalid-json' };
  if (faults.has('array-as-batch') && Array.isArray(parsed.value)) return { kind: 'batch' };
  // 3. Validate: a missing or empty id or createdAt, or another type, is 422.
  const event = validateEvent(parsed.value, faults);
  return event ? { kind: 'accept', event } : { kind: 'reject', rejection: 'unsupported-event' };
}

export function registerDeliveryRoute(app: FastifyInstance, deps: DeliveryDeps): void {
  app.post('/webhooks/payments', async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = authenticatedBody(request, deps.faults);
    const decision = decide(raw, signatureHeader(request), deps);
    if (decision.kind === 'reject') {
      if (deps.faults.has('record-on-rejection')) await recordWhateverIdItNames(deps, raw);
      const { status, body } = rejection(decision.rejection, deps.faults);
      return reply.code(status).send(body);
    }
    let outcome = 'recorded';
    if (decision.kind === 'accept') {
      // The event id, once validated, is the safe correlation id for the logs.
      request.log = request.log.child({ eventId: decision.event.id });
      // 4. Record the event id once and queue its work once; nothing for a duplicate.
      outcome = await recordEvent(deps.store, decision.event, raw, deps.faults);
      request.log.info({ outcome, eventType: decision.event.type }, 'delivery accepted');
    }
    if (outcome === 'duplicate' && deps.faults.has('duplicate-409')) {
      return reply.code(409).send({ error: 'duplicate event' });
    }
    // 5. Acknowledge with 202 once the record is committed (also for a duplicate).
    return reply.code(deps.faults.has('ack-200') ? 200 : 202).send({ received: true });
  });
}

/** The record-on-rejection fault: stores a rejected delivery under the id it names. */
async function recordWhateverIdItNames(deps: DeliveryDeps, raw: Buffer): Promise<void> {
  const parsed = parseJson(raw, new Set());
  const value = parsed.ok ? (parsed.value as Record<string, unknown> | null) : null;
  const id = value && typeof value['id'] === 'string' ? value['id'] : '';
  if (id) await recordEvent(deps.store, { id, type: String(value?.['type']) }, raw, deps.faults);
}
