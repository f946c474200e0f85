// Assertions on the receiver's answers, phrased as the spec's Responses table.
import { expect } from 'vitest';
import { escapeControls } from '../http/escape-controls.ts';
import type { ParsedResponse } from '../http/index.ts';

export type SpecError = 'invalid signature' | 'invalid JSON' | 'unsupported event';

const STATUS_OF: Readonly<Record<SpecError, number>> = {
  'invalid signature': 401,
  'invalid JSON': 400,
  'unsupported event': 422,
};

function bodyJson(response: ParsedResponse): unknown {
  try {
    return JSON.parse(response.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The status and the exact error body of the Responses table. */
export function expectRejected(response: ParsedResponse, error: SpecError): void {
  expect(response.statusCode, `expected ${STATUS_OF[error]} ${error}, got ${response.statusCode}`).toBe(STATUS_OF[error]);
  const body = bodyJson(response);
  expect(body, `the ${STATUS_OF[error]} body must be a JSON object with error = "${error}"`).toMatchObject({ error });
}

/** 202 with a JSON object whose boolean `received` is true. */
export function expectAcknowledged(response: ParsedResponse): void {
  expect(response.statusCode, `expected 202 (accepted), got ${response.statusCode}`).toBe(202);
  const body = bodyJson(response);
  expect(body, 'the 202 body must be a JSON object with boolean received = true').toMatchObject({ received: true });
}

/** Where a target's body enters a reason: its controls and line breaks shown escaped, on the reason's one line. */
export function describeAnswer(response: ParsedResponse): string {
  const body = response.body.toString('utf8');
  return `${response.statusCode} ${escapeControls(body.length > 200 ? `${body.slice(0, 200)}…` : body)}`;
}
