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
import type { LabelDeletion } from './labels-repo.ts';
import { createLabel, deleteLabel, findLabel } from './labels-repo.ts';
import { sendNoContent } from './no-content.ts';
import { ProblemError } from './problem.ts';
import { etagFor, JSON_TYPE, labelBody } from './representation.ts';
import { parseJsonBody, readLabelCreate } from './request-body.ts';

type LabelRequest = FastifyRequest<{ Params: { label_id: string } }>;

const notFound = () => new ProblemError('not-found',
  // Stryker disable next-line StringLiteral: not shown: the spec leaves the error body open, the wording of detail is free
  'no label with this id');

const preconditionFailed = () => new ProblemError('precondition-failed',
  // Stryker disable next-line StringLiteral: not shown: the spec leaves the error body open, the wording of detail is free
  'If-Match does not match the current ETag of the label');

export function labelsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const onRequest = [authenticate(ctx)];
  app.post('/v1/labels', { onRequest, preParsing: [requireJson(ctx)] }, (request, reply) => postLabel(ctx, request, reply));
  app.get<{ Params: { label_id: string } }>('/v1/labels/:label_id', { onRequest }, async (request, reply) => {
    // Stryker disable next-line StringLiteral: fault switch only: reachable with cross-user-label-read on
    const owner = ctx.has('cross-user-label-read') ? null : actorOf(request).userId;
    const label = await findLabel(ctx.db, request.params.label_id, owner);
    if (!label) throw notFound();
    // Stryker disable next-line StringLiteral: fault switch only: reachable with label-get-envelope on
    const body = ctx.has('label-get-envelope') ? `{"data":${labelBody(label)}}` : labelBody(label);
    return reply.header('etag', etagFor(ctx, label.version)).type(JSON_TYPE).send(body);
  });
  app.delete<{ Params: { label_id: string } }>('/v1/labels/:label_id', { onRequest },
    (request, reply) => deleteLabelRoute(ctx, request, reply));
}

// 1. 401 and 2. 415 ran in the hooks; 3. JSON syntax (400) 4. shape (422) 5. insert and commit.
async function postLabel(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  // Stryker disable next-line StringLiteral: fault switch only: ctx.has('') names no fault and is false, as utf8-replaced and wrong-type-accepted are in every conformance run
  const name = readLabelCreate(parseJsonBody(request.body, ctx.has('utf8-replaced')), ctx.has('wrong-type-accepted'));
  // Stryker disable next-line StringLiteral: equivalent, the actor has a user id unless missing-auth-accepted or 401-but-applied is on
  const owner = actorOf(request).userId ?? 'anonymous';
  const label = await ctx.db.commit(async (tx) => ({ applied: true, label: await createLabel(tx, owner, name) }))
    .then((created) => created.label);
  throwDeferred(request);
  // Stryker disable ObjectLiteral,StringLiteral: the headers of the 201 (next line but one): not shown: Location and ETag on the 201 are optional (the spec asks for the id in the body; RA-LABEL-01 allows a Location or none)
  // Stryker disable next-line StringLiteral: fault switch only: reachable with post-label-200 on
  return reply.code(ctx.has('post-label-200') ? 200 : 201)
    .headers({ location: `/v1/labels/${label.id}`, etag: etagFor(ctx, label.version) })
    .type(JSON_TYPE).send(labelBody(label));
}

// Stryker restore ObjectLiteral,StringLiteral
// 1. 401 ran in the hook. 2. absent (or another user's) → 404, before any precondition
// (RFC 9110 §13.2.1)  3. stale If-Match → 412  4. delete + effect, commit  5. 204.
async function deleteLabelRoute(ctx: AppContext, request: LabelRequest, reply: FastifyReply): Promise<FastifyReply> {
  const id = request.params.label_id;
  const { userId } = actorOf(request);
  // Stryker disable next-line StringLiteral: fault switch only: reachable with cross-user-label-delete on
  const owner = ctx.has('cross-user-label-delete') ? null : userId;
  const condition = ctx.has('if-match-ignored') ? undefined : parseIfMatch(request.headers['if-match']);
  // Stryker disable next-line ConditionalExpression,StringLiteral,BlockStatement: fault switch only: reachable with ack-before-commit on (→ false, the emptied name and the emptied block change nothing); the directive also hides the detected → true, which answers every DELETE 204 before its deletion commits: RA-DEL-01 sees the label still there right after
  if (ctx.has('ack-before-commit')) {
    // Stryker disable next-line all: fault switch only: reachable with ack-before-commit on
    if (!(await findLabel(ctx.db, id, owner))) throw notFound();
    // Stryker disable next-line ArrowFunction: fault switch only: reachable with ack-before-commit on
    ctx.db.later(ctx.ackDelayMs, () => ctx.db.commit((tx) => deleteLabel(tx, id, owner, condition)));
    return sendNoContent(ctx, request, reply);
  }
  let outcome: LabelDeletion;
  try {
    // Stryker disable all: the catch block below: not shown: which failure status a failed commit gets; emptied, the undefined outcome fails as a TypeError, answered 500 instead of 503, and nothing is committed (the spec asks only that no 204 is sent: RA-DUR-02 asks no 2xx, RA-DUR-04 a 5xx, any)
    outcome = await performDeletion(ctx, id, owner, condition);
  } catch (error) {
    // Stryker restore all
    // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only: reachable with 204-despite-failed-commit on (→ false and the emptied name change nothing); the directive also hides the detected → true, which answers a DELETE whose commit failed 204: RA-DUR-02 sees it
    if (ctx.has('204-despite-failed-commit')) return sendNoContent(ctx, request, reply);
    throw error;
  }
  if (!outcome.applied) {
    if (condition && ctx.has('if-match-before-existence')) throw preconditionFailed();
    if (outcome.reason === 'precondition-failed') {
      // Stryker disable next-line ConditionalExpression,StringLiteral,ArrowFunction: fault switch only: reachable with 412-but-applied on (→ false, the emptied name and the emptied callback change nothing); the directive also hides the detected → true, which deletes the label of every stale If-Match before its 412: RA-COND-03 sees it gone
      if (ctx.has('412-but-applied')) await ctx.db.commit((tx) => deleteLabel(tx, id, owner, undefined));
      throw preconditionFailed();
    }
    // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only: reachable with repeated-delete-204 on (→ false and the emptied name change nothing); the directive also hides the detected → true, which answers the DELETE of an absent label 204: RA-DEL-02 and RA-DEL-03 see no 404
    if (ctx.has('repeated-delete-204')) return sendNoContent(ctx, request, reply);
    throw notFound();
  }
  throwDeferred(request);
  return sendNoContent(ctx, request, reply);
}
