// POST /v1/labels, GET and DELETE /v1/labels/{label_id}. Another user's label is a
// 403 that names nothing of it. POST: 201 {"id", "name", "createdAt"}, no Location
// header. DELETE: 204 once the label and its one label.deleted effect are written;
// 404 once absent; labels carry no ETag, so an If-Match listing tags fails (412) and
// only "If-Match: *" passes.
import { Hono } from 'hono';
import type { ApiEnv } from '../http/env.ts';
import { refuse } from '../http/errors.ts';
import { ifMatchPrecondition } from '../http/etag.ts';
import { labelInput, limitBody, readJson } from '../http/json-body.ts';
import type { Label, LabelStore } from '../store/labels.ts';

function view(label: Label): Record<string, string> {
  return { id: label.id, name: label.name, createdAt: label.createdAt };
}

export function labelRoutes(store: LabelStore): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.post('/v1/labels', limitBody, async (c) => {
    const { name } = labelInput(await readJson(c));
    return c.json(view(await store.create(c.get('userId'), name)), 201);
  });

  app.get('/v1/labels/:labelId', async (c) => {
    const label = await store.find(c.req.param('labelId'));
    if (label === undefined) refuse(404, 'No such label.');
    if (label.owner !== c.get('userId')) refuse(403, 'This label belongs to another user.');
    return c.json(view(label));
  });

  app.delete('/v1/labels/:labelId', async (c) => {
    const result = await store.remove(c.req.param('labelId'), c.get('userId'), ifMatchPrecondition(c.req.header('If-Match')));
    if (result === 'absent') refuse(404, 'No such label.');
    if (result === 'forbidden') refuse(403, 'This label belongs to another user.');
    if (result === 'precondition-failed') refuse(412, 'If-Match does not match this label.');
    return c.body(null, 204);
  });

  return app;
}
