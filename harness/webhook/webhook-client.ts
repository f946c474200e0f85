// Deliveries to the receiver under test, byte-exact over the raw HTTP layer so the
// transcript shows exactly what was sent: signed or not, any content type, any body.
import type { CheckContext } from '../checks/check.ts';
import { request, type ParsedResponse, type RawRequest } from '../http/index.ts';
import { webhookTarget, type WebhookTarget } from './webhook-target.ts';
import { signatureOf } from './sign.ts';
import { eventBytes } from './payment-event.ts';
import { isJsonObject } from '../checks/is-json.ts';
import { noteAcknowledged } from './wait-for-work.ts';
import { signedAndSentLines } from '../http/signed-and-sent.ts';

export const DELIVERY_PATH = 'webhooks/payments';

export interface Delivery {
  /** An object is sent as compact JSON; bytes or a string exactly as given. */
  readonly body: object | Uint8Array | string;
  /** 'valid' (default): signed with the target's secret; 'none': no header; or the header value itself. */
  readonly signature?: 'valid' | 'none' | string;
  /**
   * With a 'valid' signature: the body it is computed over, when that is not the body sent
   * (a body changed after signing). The transcript then shows both, where they differ marked.
   */
  readonly signedBody?: object | Uint8Array | string;
  /** Default application/json; null sends no Content-Type header. */
  readonly contentType?: string | null;
  /** Another instance of the target (multi-instance checks). */
  readonly baseUrl?: string;
}

export function deliveryBytes(body: Delivery['body']): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body);
  return eventBytes(body);
}

/** The id of the event a delivery carries: its body is a JSON object with a string id. */
export function eventIdOf(body: Delivery['body']): string | undefined {
  let json: unknown = body;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    try {
      json = JSON.parse(Buffer.from(body).toString('utf8'));
    } catch {
      return undefined;
    }
  }
  return isJsonObject(json) && typeof json['id'] === 'string' ? json['id'] : undefined;
}

/** Notes, for the waits that follow, the events among the deliveries that the receiver acknowledged. */
export function noteAcknowledgedDeliveries(ctx: CheckContext, deliveries: readonly Delivery[], answers: readonly (ParsedResponse | Error)[]): void {
  const ids = deliveries.flatMap((delivery, i) => {
    const answer = answers[i];
    const id = answer && !(answer instanceof Error) && answer.statusCode === 202 ? eventIdOf(delivery.body) : undefined;
    return id === undefined ? [] : [id];
  });
  noteAcknowledged(ctx, ids);
}

export function deliveryRequest(target: WebhookTarget, delivery: Delivery): RawRequest {
  const bytes = deliveryBytes(delivery.body);
  const headers: [string, string][] = [];
  const contentType = delivery.contentType === undefined ? 'application/json' : delivery.contentType;
  if (contentType !== null) headers.push(['Content-Type', contentType]);
  const signature = delivery.signature ?? 'valid';
  if (signature === 'valid') headers.push(['x-webhook-signature', signatureOf(target.secret, delivery.signedBody === undefined ? bytes : deliveryBytes(delivery.signedBody))]);
  else if (signature !== 'none') headers.push(['x-webhook-signature', signature]);
  return { method: 'POST', target: DELIVERY_PATH, headers, body: bytes };
}

export class WebhookClient {
  constructor(private readonly ctx: CheckContext, readonly target: WebhookTarget) {}

  async deliver(delivery: Delivery): Promise<ParsedResponse> {
    const base = delivery.baseUrl ?? this.target.baseUrl;
    if (delivery.signedBody !== undefined) {
      const lines = signedAndSentLines(deliveryBytes(delivery.signedBody), deliveryBytes(delivery.body));
      if (lines.length > 0) this.ctx.transcript.note(['signed over other bytes than it sends: the body was changed after signing (the exchange below sends the second)', ...lines].join('\n'));
    }
    const response = await request(base, deliveryRequest(this.target, delivery), { transcript: this.ctx.transcript });
    noteAcknowledgedDeliveries(this.ctx, [delivery], [response]);
    return response;
  }

  signatureOf(body: Uint8Array | string): string {
    return signatureOf(this.target.secret, body);
  }
}

export function webhookClient(ctx: CheckContext): WebhookClient {
  return new WebhookClient(ctx, webhookTarget(ctx));
}
