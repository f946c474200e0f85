// PATCH/GET /v1/users/{user_id}/preferences. Only the token's own user: any other
// user id is a 403 that names nothing about that user. GET: 200 {"weeklyDigest"}
// with an ETag. PATCH: 204 with the new ETag, after the commit; If-Match must hold
// the current ETag (else 412, nothing changed); Prefer: return=representation gives
// 200 with the representation, return=minimal the 204, Preference-Applied says which.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AuthState } from '../http/auth.ts';
import { ApiError } from '../http/errors.ts';
import { ifMatchHolds, parseIfMatch, strongTag } from '../http/etag.ts';
import { parseJson, preferencesPatch, requireJson } from '../http/json-body.ts';
import { returnPreference } from '../http/prefer.ts';
import type { PreferencesState, PreferencesStore } from '../store/preferences.ts';

const PATH = '/v1/users/:userId/preferences';

export function preferencesTag(state: PreferencesState): string {
  return strongTag('preferences', state.userId, state.revision, state.weeklyDigest);
}

const ownPreferencesOnly: Middleware<AuthState> = async (ctx, next) => {
  const params = (ctx as unknown as { params: Record<string, string | undefined> }).params;
  if (params['userId'] !== ctx.state.userId) throw new ApiError(403, 'these preferences belong to another user');
  await next();
};

export function preferencesRoutes(store: PreferencesStore): Router<AuthState> {
  const router = new Router<AuthState>();

  router.get(PATH, ownPreferencesOnly, async (ctx) => {
    const state = await store.read(ctx.state.userId);
    ctx.set('ETag', preferencesTag(state));
    ctx.body = { weeklyDigest: state.weeklyDigest };
  });

  router.patch(PATH, ownPreferencesOnly, requireJson(), parseJson, async (ctx) => {
    const { weeklyDigest } = preferencesPatch(ctx.request.body);
    const condition = parseIfMatch(ctx.get('If-Match') || undefined);
    const result = await store.patch(ctx.state.userId, weeklyDigest, (current) => ifMatchHolds(condition, preferencesTag(current)));
    if (result.kind === 'precondition-failed') throw new ApiError(412, 'If-Match does not hold the current ETag of these preferences');
    ctx.set('ETag', preferencesTag(result.state));
    ctx.vary('Prefer');
    const wanted = returnPreference(ctx.get('Prefer') || undefined);
    if (wanted !== undefined) ctx.set('Preference-Applied', `return=${wanted}`);
    if (wanted === 'representation') {
      ctx.status = 200;
      ctx.body = { weeklyDigest: result.state.weeklyDigest };
    } else {
      ctx.status = 204;
    }
  });

  return router;
}
