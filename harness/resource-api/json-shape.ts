// Shapes of bodies the spec does not show, for INFO observations: the media type and
// the member names and types, never values (which differ from run to run).
import type { ParsedResponse } from '../http/index.ts';

function typeOf(value: unknown): string {
  return Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
}

/** `application/json {id:string, name:string}`, `text/plain, text`, `(no Content-Type), no content`. */
export function bodyShape(response: ParsedResponse): string {
  const type = response.header('content-type') ?? '(no Content-Type)';
  if (response.body.length === 0) return `${type}, no content`;
  let json: unknown;
  try {
    json = JSON.parse(response.body.toString('utf8'));
  } catch {
    return `${type}, not JSON`;
  }
  if (typeOf(json) !== 'object') return `${type}, JSON ${typeOf(json)}`;
  const members = Object.entries(json as object).map(([key, value]) => `${key}:${typeOf(value)}`).sort();
  return `${type} {${members.join(', ')}}`;
}
