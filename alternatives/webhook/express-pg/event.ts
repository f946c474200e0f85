// Processing order 2 and 3: the signed bytes as JSON, then as an event.
export interface AcceptedEvent {
  readonly id: string;
  readonly type: 'payment.succeeded';
  readonly createdAt: string;
}

export type Parsed = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

export function parseJson(body: Buffer): Parsed {
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) as unknown };
  } catch {
    return { ok: false };
  }
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** The event, or undefined when step 3 rejects it. `data` is not looked at. */
export function asEvent(value: unknown): AcceptedEvent | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const fields = value as Record<string, unknown>;
  const { id, type, createdAt } = fields;
  if (!nonEmptyString(id) || !nonEmptyString(createdAt) || type !== 'payment.succeeded') return undefined;
  return { id, type, createdAt };
}
