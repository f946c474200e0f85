// A device server's answer as the checks read it: status, parsed JSON, the W3C
// `value`, and the W3C error when the body is one ({"value":{"error","message",...}}).
import type { ParsedResponse } from '../http/index.ts';

export interface W3cError {
  readonly error: string;
  readonly message: string;
  readonly hasStacktrace: boolean;
}

export interface W3cAnswer {
  readonly status: number;
  /** The body parsed as JSON; undefined when it is not JSON. */
  readonly json: unknown;
  readonly text: string;
  /** `json.value` when the body is a JSON object with a value member. */
  readonly value: unknown;
  readonly error?: W3cError;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorOf(value: unknown): W3cError | undefined {
  if (!isObject(value) || typeof value['error'] !== 'string') return undefined;
  return {
    error: value['error'],
    message: typeof value['message'] === 'string' ? value['message'] : '',
    hasStacktrace: typeof value['stacktrace'] === 'string',
  };
}

export function toAnswer(response: ParsedResponse): W3cAnswer {
  const text = response.body.toString('utf8');
  const json = parse(text);
  const value = isObject(json) ? json['value'] : undefined;
  const error = response.statusCode >= 400 ? errorOf(value) : undefined;
  return { status: response.statusCode, json, text, value, ...(error ? { error } : {}) };
}

export function isSuccess(answer: W3cAnswer): boolean {
  return answer.status >= 200 && answer.status < 300;
}

/** "404 unknown command" or "200 {"value":null}": one line for messages and observations. */
export function describeAnswer(answer: W3cAnswer): string {
  if (answer.error) {
    const shape = answer.error.hasStacktrace && answer.error.message ? '' : ' (not a full W3C error body)';
    return `${answer.status} ${answer.error.error}${shape}`;
  }
  const text = answer.text.replace(/\s+/g, ' ').trim();
  return `${answer.status} ${text.length > 160 ? `${text.slice(0, 160)}…` : text || '(empty body)'}`;
}

/** The new session's id: W3C `value.sessionId`, or a top-level `sessionId` (older servers). */
export function sessionIdOf(answer: W3cAnswer): string | undefined {
  const fromValue = isObject(answer.value) ? answer.value['sessionId'] : undefined;
  const fromTop = isObject(answer.json) ? answer.json['sessionId'] : undefined;
  const id = fromValue ?? fromTop;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
