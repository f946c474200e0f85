// Steps 2 and 3: the body as strict UTF-8 JSON, then as a payment.succeeded event.
// Invalid UTF-8 is not JSON (RFC 8259 §8.1), so it is answered 400; a leading BOM is
// ignored, as RFC 8259 allows.
const utf8 = new TextDecoder('utf-8', { fatal: true });

export interface ReceivedEvent {
  readonly id: string;
  readonly type: string;
  readonly createdAt: string;
}

export type JsonResult = { readonly parsed: true; readonly value: unknown } | { readonly parsed: false };

export function parseBody(raw: Buffer): JsonResult {
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    return { parsed: false };
  }
  try {
    return { parsed: true, value: JSON.parse(text) as unknown };
  } catch {
    return { parsed: false };
  }
}

export function toEvent(value: unknown): ReceivedEvent | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const id: unknown = Reflect.get(value, 'id');
  const type: unknown = Reflect.get(value, 'type');
  const createdAt: unknown = Reflect.get(value, 'createdAt');
  if (typeof id !== 'string' || id === '') return null;
  if (typeof createdAt !== 'string' || createdAt === '') return null;
  if (type !== 'payment.succeeded') return null;
  return { id, type, createdAt };
}
