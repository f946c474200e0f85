// "Authenticated but not permitted: 403, no state change, no leaked resource details"
// (Authentication 3), for preferences: the 403 must not carry their representation —
// a JSON object holding a boolean weeklyDigest, as the body itself or nested in it.
// The field's name in a message leaks nothing ("you may not change weeklyDigest"), and
// neither does an echo of what the request itself sent (a PATCH's own body).
import { isDeepStrictEqual } from 'node:util';
import { isJsonObject } from '../checks/is-json.ts';
import type { ParsedResponse } from '../http/index.ts';

function representations(value: unknown, path: string): [string, Record<string, unknown>][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => representations(item, `${path}[${i}]`));
  if (!isJsonObject(value)) return [];
  const here: [string, Record<string, unknown>][] = typeof value['weeklyDigest'] === 'boolean' ? [[path, value]] : [];
  return [...here, ...Object.entries(value).flatMap(([key, member]) => representations(member, `${path}.${key}`))];
}

/**
 * Where the answer carries a preferences representation (`the body`, `the body.data`),
 * or undefined when it carries none. `sent` is the request's own JSON body: a nested
 * copy of it is an echo, not a leak.
 */
export function carriedPreferences(response: ParsedResponse, sent?: unknown): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(response.body.toString('utf8'));
  } catch {
    return undefined;
  }
  const found = representations(json, 'the body').find(([path, object]) => path === 'the body' || !isDeepStrictEqual(object, sent));
  return found && `${found[0]} is a preferences representation: ${JSON.stringify(found[1]).slice(0, 120)}`;
}
