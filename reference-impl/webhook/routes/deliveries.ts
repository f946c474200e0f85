// POST /webhooks/payments — the spec's processing order; the first failing step
// decides the response.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SqlStore } from '../../store/sql-store.ts';
import type { WebhookFault } from '../faults.ts';
import { isJsonContentType } from '../content-type.ts';
import { StoreUnavailableError } from '../../store/sql-store.ts';
import { isValidSignature } from '../signature.ts';
import { validateEvent, type ValidEvent } from '../event-validation.ts';
import { eventRow, recordDuplicateEffect, recordEvent, type RecordOutcome } from '../event-repository.ts';
import type { GroupCommitter } from '../group-commit.ts';
import type { WebhookMetrics } from '../metrics.ts';
import { rejection, type Rejection } from '../rejections.ts';
import { SLOW_WORK_MS } from '../processing/worker.ts';
import { redactQuery } from '../../shared/request-log.ts';

export interface DeliveryDeps {
  readonly store: SqlStore;
  readonly secret: string;
  readonly faults: ReadonlySet<WebhookFault>;
  readonly metrics: WebhookMetrics;
  /** Called once a new event's record and job are committed (wakes the worker). */
  readonly onQueued: () => void;
  /** Batches concurrent deliveries into one commit each. */
  readonly committer: GroupCommitter;
}

const FAILURE_KIND: Readonly<Record<Rejection, string>> = {
  'invalid-signature': 'signature', 'invalid-json': 'parse', 'unsupported-event': 'schema', 'payload-too-large': 'size',
};

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
  return isJsonContentType(contentType, faults) ? body : EMPTY;
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
  if (faults.has('parse-before-auth') && !parseJson(raw, faults).ok) return { kind: 'reject', rejection: 'invalid-json' };
  // 1. Authenticate the exact raw bytes: a missing, malformed or wrong signature is 401.
  if (!isValidSignature(deps.secret, raw, signature, faults)) return { kind: 'reject', rejection: 'invalid-signature' };
  // 2. Parse: a body that is not JSON is 400.
  const parsed = parseJson(raw, faults);
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
      deps.metrics.failures.inc({ kind: FAILURE_KIND[decision.rejection] });
      if (deps.faults.has('record-on-rejection')) await recordWhateverIdItNames(deps, raw);
      const { status, body } = rejection(decision.rejection, deps.faults);
      return reply.code(status).send(body);
    }
    if (decision.kind === 'batch') return acknowledge(reply, deps);
    const { event } = decision;
    // The event id, once validated, is the safe correlation id for the logs.
    request.log = request.log.child({ eventId: event.id });
    notes.set(request, { eventType: event.type });
    if (deps.faults.has('ack-before-commit')) {
      setTimeout(() => void recordAndLog(request, deps, event, raw).catch(() => {}), 500);
      return acknowledge(reply, deps);
    }
    // 4. Record the event id once and queue its work once; nothing for a duplicate.
    const outcome = await recordAndLog(request, deps, event, raw).catch((error: unknown) => {
      if (deps.faults.has('ack-despite-failed-commit') && error instanceof StoreUnavailableError) return 'recorded' as const;
      throw error;
    });
    if (outcome === 'duplicate' && deps.faults.has('duplicate-409')) return reply.code(409).send({ error: 'duplicate event' });
    // 5. Acknowledge with 202, now that the record is committed (also for a duplicate).
    return acknowledge(reply, deps);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url !== '/webhooks/payments') {
      request.log.debug({ method: request.method, url: redactQuery(request.url), statusCode: reply.statusCode }, 'request completed');
      return;
    }
    const note = notes.get(request);
    const responseClass = `${Math.floor(reply.statusCode / 100)}xx`;
    deps.metrics.requests.inc({ event_type: note?.eventType ?? 'unknown', response_class: responseClass });
    deps.metrics.ackLatency.observe({ response_class: responseClass }, reply.elapsedTime / 1000);
    // One line per delivery, after its answer (the event id comes with the request's logger).
    const fields = { statusCode: reply.statusCode, responseTime: reply.elapsedTime, ...(note ? { eventType: note.eventType, outcome: note.outcome } : {}) };
    request.log.info(fields, reply.statusCode < 300 ? 'delivery accepted' : 'delivery rejected');
  });
}

/** A validated delivery's type and outcome, for the request counter and the log line. */
interface DeliveryNote {
  readonly eventType: string;
  outcome?: RecordOutcome;
}
const notes = new WeakMap<FastifyRequest, DeliveryNote>();

function acknowledge(reply: FastifyReply, deps: DeliveryDeps): FastifyReply {
  return reply.code(deps.faults.has('ack-200') ? 200 : 202).send({ received: true });
}

function record(deps: DeliveryDeps, event: ValidEvent, raw: Buffer): Promise<RecordOutcome> {
  // The faults that change how a record is written take the single-transaction path.
  if (deps.faults.has('no-record') || deps.faults.has('read-then-write-dedup') || deps.faults.has('record-twice')) return recordEvent(deps.store, event, raw, deps.faults);
  return deps.committer.record(eventRow(event, raw, deps.faults));
}

async function recordAndLog(request: FastifyRequest, deps: DeliveryDeps, event: ValidEvent, raw: Buffer): Promise<RecordOutcome> {
  const outcome = await record(deps, event, raw);
  if (outcome === 'recorded') deps.onQueued();
  if (outcome === 'duplicate') {
    deps.metrics.duplicates.inc();
    if (deps.faults.has('second-effect-on-duplicate')) await recordDuplicateEffect(deps.store, event.id);
    // As slowly as the fault's worker does every event's work: the second effect lands later.
    if (deps.faults.has('slow-second-effect-on-duplicate')) setTimeout(() => void recordDuplicateEffect(deps.store, event.id).catch(() => {}), SLOW_WORK_MS);
  }
  const note = notes.get(request);
  if (note) note.outcome = outcome;
  return outcome;
}

/** The record-on-rejection fault: stores a rejected delivery under the id it names. */
async function recordWhateverIdItNames(deps: DeliveryDeps, raw: Buffer): Promise<void> {
  const parsed = parseJson(raw, new Set());
  const value = parsed.ok ? (parsed.value as Record<string, unknown> | null) : null;
  const id = value && typeof value['id'] === 'string' ? value['id'] : '';
  if (id) await recordEvent(deps.store, { id, type: String(value?.['type']) }, raw, deps.faults);
}
