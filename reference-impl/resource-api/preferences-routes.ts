// PATCH and GET /v1/users/{user_id}/preferences.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { throwDeferred } from './actor.ts';
import type { AppContext } from './app-context.ts';
import { authenticate, authorizeUser } from './auth-hooks.ts';
import { requireJson } from './content-type-hook.ts';
import type { IfMatch } from './etag.ts';
import { parseIfMatch } from './etag.ts';
import { sendNoContent } from './no-content.ts';
import { returnPreference } from './prefer.ts';
import type { PreferencesWrite } from './preferences-repo.ts';
import { readPreferences, writePreferences } from './preferences-repo.ts';
import { ProblemError } from './problem.ts';
import { etagFor, JSON_TYPE, preferencesBody } from './representation.ts';
import { parseJsonBody, readPreferencesPatch } from './request-body.ts';

type PreferencesRequest = FastifyRequest<{ Params: { user_id: string } }>;

const PATH = '/v1/users/:user_id/preferences';

export function preferencesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const onRequest = [authenticate(ctx), authorizeUser(ctx)];
  app.get<{ Params: { user_id: string } }>(PATH, { onRequest }, async (request, reply) => {
    const preferences = await readPreferences(ctx.db, request.params.user_id);
    // Stryker disable next-line StringLiteral,ObjectLiteral: fault switch only: reachable with digest-as-string on
    const body = ctx.has('digest-as-string') ? JSON.stringify({ weeklyDigest: String(preferences.weeklyDigest) }) : preferencesBody(preferences);
    return reply.header('etag', etagFor(ctx, preferences.version)).type(JSON_TYPE).send(body);
  });
  app.patch<{ Params: { user_id: string } }>(PATH, { onRequest, preParsing: [requireJson(ctx)] },
    (request, reply) => patchPreferences(ctx, request, reply));
}

// Steps 1-3 (401, 403, 415) ran in the hooks, before the body was read.
async function patchPreferences(ctx: AppContext, request: PreferencesRequest, reply: FastifyReply): Promise<FastifyReply> {
  const userId = request.params.user_id;
  // 4. JSON syntax (400)  5. shape and types (422)
  // Stryker disable next-line StringLiteral: fault switch only: ctx.has('') names no fault and is false, as utf8-replaced and wrong-type-accepted are in every conformance run
  const weeklyDigest = readPreferencesPatch(parseJsonBody(request.body, ctx.has('utf8-replaced')), ctx.has('wrong-type-accepted'));
  // 6. If-Match (412): evaluated by the compare-and-set statement that applies the change
  const ifMatch = ctx.has('if-match-first-tag-only') ? request.headers['if-match']?.split(',')[0] : request.headers['if-match'];
  const condition = ctx.has('if-match-ignored') ? undefined : parseIfMatch(ifMatch);
  const apply = (c: IfMatch | undefined) => ctx.db.commit((tx) => writePreferences(tx, userId, weeklyDigest, c));
  // Stryker disable next-line ConditionalExpression,StringLiteral,BlockStatement: fault switch only: reachable with ack-before-commit on (→ false, the emptied name and the emptied block change nothing); the directive also hides the detected → true, which answers every PATCH 204 before its change commits: RA-PREF-03 and RA-DUR-01 read the old value right after
  if (ctx.has('ack-before-commit')) {
    // Stryker disable next-line ArrowFunction: fault switch only: reachable with ack-before-commit on
    ctx.db.later(ctx.ackDelayMs, () => apply(condition));
    return sendNoContent(ctx, request, reply);
  }
  // 7. apply  8. commit: nothing is answered before COMMIT returned
  let write: PreferencesWrite;
  try {
    // Stryker disable all: the catch block below: not shown: which failure status a failed commit gets; emptied, the undefined write fails as a TypeError, answered 500 instead of 503, and nothing is committed (the spec asks only that no 204 is sent: RA-DUR-02 asks no 2xx, RA-DUR-04 a 5xx, any)
    write = await apply(condition);
  } catch (error) {
    // Stryker restore all
    // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only: reachable with 204-despite-failed-commit on (→ false and the emptied name change nothing); the directive also hides the detected → true, which answers a PATCH whose commit failed 204: RA-DUR-02 sees it
    if (ctx.has('204-despite-failed-commit')) return sendNoContent(ctx, request, reply);
    throw error;
  }
  if (!write.applied) {
    // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only: reachable with 412-but-applied on (→ false and the emptied name change nothing); the directive also hides the detected → true, which applies every PATCH with a stale If-Match before its 412: RA-COND-03 sees the value changed
    if (ctx.has('412-but-applied')) await apply(undefined);
    throw new ProblemError('precondition-failed',
      // Stryker disable next-line StringLiteral: not shown: the spec leaves the error body open, the wording of detail is free
      'If-Match does not match the current ETag; GET the preferences for the current one');
  }
  throwDeferred(request);
  // 9. answer: 204, or 200 with the representation when asked (Prefer: return=representation)
  const { preferences } = write;
  // Stryker disable next-line StringLiteral,ArithmeticOperator: fault switch only: reachable with stale-etag-on-204 on
  const version = ctx.has('stale-etag-on-204') ? preferences.version - 1 : preferences.version;
  const etag = etagFor(ctx, version);
  const preference = returnPreference(request.headers.prefer);
  const applied: Record<string, string> = preference ? { 'preference-applied': `return=${preference}` } : {};
  if (preference === 'representation' || ctx.has('patch-200-with-body')) {
    // Stryker disable next-line LogicalOperator,StringLiteral: not shown: Content-Location is the reference's own addition to the 200 (the spec names no such header), and split always yields a first element
    return reply.code(200).headers({ ...applied, etag, 'content-location': request.url.split('?', 1)[0] ?? '' })
      .type(JSON_TYPE).send(preferencesBody(preferences));
  }
  // Stryker disable next-line ObjectLiteral: not required: a 204 may carry the new ETag (204 rules 9) and Prefer support is not shown, so a 204 without ETag or Preference-Applied passes RA-COND-05 and RA-PREFER-02
  return sendNoContent(ctx, request, reply, { etag, ...applied });
}
