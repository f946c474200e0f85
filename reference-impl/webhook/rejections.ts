// The error answers of the spec's Responses table, exactly.
import type { WebhookFault } from './faults.ts';

export type Rejection = 'invalid-signature' | 'invalid-json' | 'unsupported-event' | 'payload-too-large';

const ANSWERS: Record<Rejection, { status: number; error: string; title: string }> = {
  'invalid-signature': { status: 401, error: 'invalid signature',
    title: 'Unauthorized' },
  'invalid-json': { status: 400, error: 'invalid JSON',
    title: 'Bad Request' },
  'unsupported-event': { status: 422, error: 'unsupported event',
    title: 'Unprocessable Entity' },
  'payload-too-large': { status: 413, error: 'payload too large', title: 'Payload Too Large' },
};

export function rejection(kind: Rejection, faults: ReadonlySet<WebhookFault>): { status: number; body: object } {
  const { status, error, title } = ANSWERS[kind];
  if (faults.has('framework-error-bodies')) return { status, body: { statusCode: status, error: title, message: error } };
  return { status, body: { error } };
}
