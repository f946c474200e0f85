// The session-discovery listing (`GET {base}{vendor}/sessions`): `value` is an array of
// active sessions; an entry names its session by `id` (reference, Appium 3), by
// `sessionId`, or is the id itself.
import { isObject, type W3cAnswer } from './w3c-answer.ts';

export function listedIds(answer: W3cAnswer): string[] {
  if (!Array.isArray(answer.value)) return [];
  return answer.value.flatMap((entry: unknown) => {
    if (typeof entry === 'string') return [entry];
    if (!isObject(entry)) return [];
    const id = entry['id'] ?? entry['sessionId'];
    return typeof id === 'string' ? [id] : [];
  });
}

/** Does a body look like a list of sessions (what a route that must be unavailable must not give)? */
export function looksLikeSessionList(answer: W3cAnswer): boolean {
  return Array.isArray(answer.value) || Array.isArray(answer.json);
}
