// The JSON representations and their strong ETags.
import type { AppContext } from './app-context.ts';
import { formatEtag } from './etag.ts';
import type { Label } from './labels-repo.ts';
import type { Preferences } from './preferences-repo.ts';

/** The ETag header of a version (fault etag-unchanged: always the tag of version 1). */
export function etagFor(ctx: AppContext, version: number): string {
  return formatEtag(ctx.has('etag-unchanged') ? 1 : version);
}

export function preferencesBody(preferences: Preferences): string {
  return JSON.stringify({ weeklyDigest: preferences.weeklyDigest });
}

export function labelBody(label: Label): string {
  return JSON.stringify({ id: label.id, name: label.name });
}

export const JSON_TYPE = 'application/json; charset=utf-8';
