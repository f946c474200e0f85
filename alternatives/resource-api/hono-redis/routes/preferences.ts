// PATCH/GET /v1/users/{user_id}/preferences. Only the token's own user: any other
// user id is a 403 that names nothing about that user. GET: 200 {"weeklyDigest"}
// with a weak ETag. PATCH: 204 without content or headers of its own once Redis has
// applied the write; If-Match must name the current revision (else 412, nothing
// changed). Prefer is not supported: it is ignored.
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ApiEnv } from '../http/env.ts';
import { refuse } from '../http/errors.ts';
import { ifMatchPrecondition, revisionTag } from '../http/etag.ts';
import { limitBody, preferencesPatch, readJson } from '../http/json-body.ts';
import type { PreferencesStore } from '../store/preferences.ts';

function ownUser(c: Context<ApiEnv>): string {
  const userId = c.get('userId');
  if (c.req.param('userId') !== userId) refuse(403, 'These preferences belong to another user.');
  return userId;
}

export function preferencesRoutes(store: PreferencesStore): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get('/v1/users/:userId/preferences', async (c) => {
    const preferences = await store.read(ownUser(c));
    c.header('ETag', revisionTag(preferences.revision));
    return c.json({ weeklyDigest: preferences.weeklyDigest });
  });

  app.patch('/v1/users/:userId/preferences', limitBody, async (c) => {
    const userId = ownUser(c);
    const { weeklyDigest } = preferencesPatch(await readJson(c));
    const result = await store.patch(userId, weeklyDigest, ifMatchPrecondition(c.req.header('If-Match')));
    if (result.kind === 'precondition-failed') refuse(412, 'If-Match does not name the current version of these preferences.');
    return c.body(null, 204);
  });

  return app;
}
