// POST /v1/labels, GET and DELETE /v1/labels/{label_id}. A label is visible only to
// its owner: another user's label is answered 404, like one that never existed.
// POST: 201 {"id", "name", "createdAt"} with Location and ETag. DELETE: 204 after the
// commit that removed it (and recorded its one label.deleted effect); 404 once absent
// (absence is decided before any If-Match); 412 when If-Match does not hold its tag.
import Router from '@koa/router';
import type { AuthState } from '../http/auth.ts';
import { ApiError } from '../http/errors.ts';
import { ifMatchHolds, parseIfMatch, strongTag } from '../http/etag.ts';
import { labelInput, parseJson, requireJson } from '../http/json-body.ts';
import type { Label, LabelStore } from '../store/labels.ts';

function labelTag(label: Label): string {
  return strongTag('label', label.id, label.name);
}

function view(label: Label): Record<string, string> {
  return { id: label.id, name: label.name, createdAt: label.createdAt.toISOString() };
}

export function labelRoutes(store: LabelStore): Router<AuthState> {
  const router = new Router<AuthState>();

  router.post('/v1/labels', requireJson(), parseJson, async (ctx) => {
    const { name } = labelInput(ctx.request.body);
    const label = await store.create(ctx.state.userId, name);
    ctx.status = 201;
    ctx.set('Location', `/v1/labels/${label.id}`);
    ctx.set('ETag', labelTag(label));
    ctx.body = view(label);
  });

  router.get('/v1/labels/:labelId', async (ctx) => {
    const label = await store.find(ctx.params['labelId'] ?? '');
    if (label === undefined || label.owner !== ctx.state.userId) throw new ApiError(404, 'no such label');
    ctx.set('ETag', labelTag(label));
    ctx.body = view(label);
  });

  router.delete('/v1/labels/:labelId', async (ctx) => {
    const condition = parseIfMatch(ctx.get('If-Match') || undefined);
    const result = await store.remove(ctx.params['labelId'] ?? '', ctx.state.userId, (label) => ifMatchHolds(condition, labelTag(label)));
    if (result === 'absent') throw new ApiError(404, 'no such label');
    if (result === 'precondition-failed') throw new ApiError(412, 'If-Match does not hold the current ETag of this label');
    ctx.status = 204;
  });

  return router;
}
