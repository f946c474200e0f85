// POST /v1/labels, GET and DELETE /v1/labels/{label_id}. A label belongs to the user
// who created it; for anyone else it answers 404 exactly as an absent label does,
// so neither its existence nor its id space leaks.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, throwDeferred } from './actor.ts';
import type { AppContext } from './app-context.ts';
import { authenticate } from './auth-hooks.ts';
import { requireJson } from './content-type-hook.ts';
import { parseIfMatch } from './etag.ts';
import { performDeletion } from './label-deletion.ts';
import { deleteAfterAnswer } from './late-commit.ts';
import type { LabelDeletion } from './labels-repo.ts';
import { createLabel, deleteLabel, findLabel } from './labels-repo.ts';
import { sendNoContent } from './no-content.ts';
import { ProblemError } from './problem.ts';
import { etagFor, JSON_TYPE, labelBody } from './representation.ts';
import { parseJsonBody, readLabelCreate } from './request-body.ts';

type LabelRequest = FastifyRequest<{ Params: { label_id: string } }>;

const notFound = () => new ProblemError('not-found',
  'no label with this id');

const preconditionFailed = () => new ProblemError('precondition-failed',
  'If-Match does not match the current ETag of the label');

export function labelsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const onRequest = [authenticate(ctx)];
  app.post('/v1/labels', { onRequest, preParsing: [requireJson(ctx)] }, (request, reply) => postLabel(ctx, request, reply));
  app.get<{ Params: { label_id: string } }>('/v1/labels/:label_id', { onRequest }, async (request, reply) => {
    const owner = ctx.has('cross-user-label-read') ? null : actorOf(request).userId;
    const label = await findLabel(ctx.db, request.params.label_id, owner);
    if (!label) throw notFound();
    const body = ctx.has('label-get-envelope') ? `{"data":${labelBody(label)}}` : labelBody(label);
    return reply.header('etag', etagFor(ctx, label.version)).type(JSON_TYPE).send(body);
  });
  app.delete<{ Params: { label_id: string } }>('/v1/labels/:label_id', { onRequest },
    (request, reply) => deleteLabelRoute(ctx, request, reply));
}

// 1. 401 and 2. 415 ran in the hooks; 3. JSON syntax (400) 4. shape (422) 5. insert and commit.
async function postLabel(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const name = readLabelCreate(parseJsonBody(request.body, ctx.has('utf8-replaced')), ctx.has('wrong-type-accepted'));
  const owner = actorOf(request).userId ?? 'anonymous';
  const label = await ctx.db.commit(async (tx) => ({ applied: true, label: await createLabel(tx, owner, name) }))
    .then((created) => created.label);
  throwDeferred(request);
  return reply.code(ctx.has('post-label-200') ? 200 : 201)
    .headers({ location: `/v1/labels/${label.id}`, etag: etagFor(ctx, label.version) })
    .type(JSON_TYPE).send(labelBody(label));
}

// 1. 401 ran in the hook. 2. absent (or another user's) → 404, before any precondition
// (RFC 9110 §13.2.1)  3. stale If-Match → 412  4. delete + effect, commit  5. 204.
async function deleteLabelRoute(ctx: AppContext, request: LabelRequest, reply: FastifyReply): Promise<FastifyReply> {
  const id = request.params.label_id;
  const { userId } = actorOf(request);
  const owner = ctx.has('cross-user-label-delete') ? null : userId;
  const condition = ctx.has('if-match-ignored') ? undefined : parseIfMatch(request.headers['if-match']);
  if (ctx.has('ack-before-commit')) {
    if (!(await findLabel(ctx.db, id, owner))) throw notFound();
    ctx.db.later(ctx.ackDelayMs, () => ctx.db.commit((tx) => deleteLabel(tx, id, owner, condition)));
    return sendNoContent(ctx, request, reply);
  }
  if (ctx.has('commit-after-204')) {
    const deferred = await deleteAfterAnswer(ctx, reply, id, owner, condition);
    if (deferred === 'absent') throw notFound();
    if (deferred === 'precondition-failed') throw preconditionFailed();
    return sendNoContent(ctx, request, reply);
  }
  let outcome: LabelDeletion;
  try {
    outcome = await performDeletion(ctx, id, owner, condition);
  } catch (error) {
    if (ctx.has('204-despite-failed-commit')) return sendNoContent(ctx, request, reply);
    throw error;
  }
  if (!outcome.applied) {
    if (condition && ctx.has('if-match-before-existence')) throw preconditionFailed();
    if (outcome.reason === 'precondition-failed') {
      if (ctx.has('412-but-applied')) await ctx.db.commit((tx) => deleteLabel(tx, id, owner, undefined));
      throw preconditionFailed();
    }
    if (ctx.has('repeated-delete-204')) return sendNoContent(ctx, request, reply);
    throw notFound();
  }
  throwDeferred(request);
  return sendNoContent(ctx, request, reply);
}
