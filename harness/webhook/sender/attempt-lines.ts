// What `wirecheck send` and `wirecheck deliveries` print: one line per attempt (its
// answer, and the delay before the next), one for the outcome, one per dead letter.
// Every line goes through redactSecrets before it is written.
import type { DeadLetterEntry } from './dead-letter-entry.ts';
import type { AttemptRecord, DeliveryResult } from './delivery-result.ts';
import type { SenderResponse } from './post-once.ts';

const REDACTED = '[REDACTED]';
const SHOWN_BODY = 200;

export function redactSecrets(text: string, secrets: readonly string[]): string {
  return secrets.filter(Boolean).reduce((t, secret) => t.split(secret).join(REDACTED), text);
}

function answerOf(record: AttemptRecord): string {
  return record.status !== undefined ? String(record.status) : `no answer (${record.error ?? 'unknown error'})`;
}

export function attemptLine(record: AttemptRecord, maxAttempts: number): string {
  const next = record.delayAfterMs !== undefined ? ` — next attempt in ${record.delayAfterMs} ms` : '';
  return `attempt ${record.attempt}/${maxAttempts}: ${answerOf(record)} after ${record.durationMs} ms${next}`;
}

export function bodySnippet(response: SenderResponse): string {
  const text = response.body.toString('utf8').replace(/\s+/g, ' ').trim();
  return text.length > SHOWN_BODY ? `${text.slice(0, SHOWN_BODY)}…` : text;
}

function lastAnswer(result: DeliveryResult): string {
  if (result.response) return `${result.response.status} ${bodySnippet(result.response)}`.trim();
  const last = result.attempts.at(-1);
  return last ? answerOf(last) : 'none';
}

export function outcomeLine(result: DeliveryResult): string {
  const count = `${result.attempts.length} attempt${result.attempts.length === 1 ? '' : 's'}`;
  switch (result.outcome) {
    case 'delivered': return `delivered: ${lastAnswer(result)} (${count})`;
    case 'rejected': return `rejected: ${lastAnswer(result)} — a permanent rejection, not retried (${count})`;
    case 'exhausted': return `exhausted: ${count}; last attempt: ${lastAnswer(result)}`;
  }
}

export function entryLine(entry: DeadLetterEntry): string {
  const last = entry.attempts.at(-1);
  const replays = entry.replays?.length ? `, ${entry.replays.length} failed replay(s)` : '';
  return `${entry.deliveryId}  event ${entry.eventId ?? '(no id)'}  ${entry.url}  ${entry.attempts.length} attempts, last ${last ? answerOf(last) : '-'}  exhausted ${entry.exhaustedAt}${replays}`;
}
