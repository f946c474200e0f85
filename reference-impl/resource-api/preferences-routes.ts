// PATCH and GET /v1/users/{user_id}/preferences.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { throwDeferred } from './actor.ts';
import type { AppContext } from './app-context.ts';
import { authenticate, authorizeUser } from './auth-hooks.ts';
import { requireJson } from './content-type-hook.ts';
import type { IfMatch } from './etag.ts';
import { parseIfMatch } from './etag.ts';
import { patchAfterAnswer } from './late-commit.ts';
import { sendNoContent } from './no-content.ts';
import { returnPreference } from './prefer.ts';
import { racyPreferencesWrite } from './racy-writes.ts';
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
  const weeklyDigest = readPreferencesPatch(parseJsonBody(request.body, ctx.has('utf8-replaced')), ctx.has('wrong-type-accepted'));
  // 6. If-Match (412): evaluated by the compare-and-set statement that applies the change
  const ifMatch = ctx.has('if-match-first-tag-only') ? request.headers['if-match']?.split(',')[0] : request.headers['if-match'];
  const condition = ctx.has('if-match-ignored') ? undefined : parseIfMatch(ifMatch);
  const apply = (c: IfMatch | undefined) => (ctx.has('lock-per-request') || ctx.has('no-row-lock') || ctx.has('multi-process-read-then-write')
    ? racyPreferencesWrite(ctx, userId, weeklyDigest, c)
    : ctx.db.commit((tx) => writePreferences(tx, userId, weeklyDigest, c)));
  if (ctx.has('ack-before-commit')) {
    ctx.db.later(ctx.ackDelayMs, () => apply(condition));
    return sendNoContent(ctx, request, reply);
  }
  if (ctx.has('commit-after-204')) {
    if (await answerThenCommit(ctx, request, reply, userId, weeklyDigest, condition)) return reply;
  }
  // 7. apply  8. commit: nothing is answered before COMMIT returned
  let write: PreferencesWrite;
  try {
    write = await apply(condition);
  } catch (error) {
    if (ctx.has('204-despite-failed-commit')) return sendNoContent(ctx, request, reply);
    throw error;
  }
  if (!write.applied) {
    if (ctx.has('412-but-applied')) await apply(undefined);
    throw new ProblemError('precondition-failed',
      'If-Match does not match the current ETag; GET the preferences for the current one');
  }
  throwDeferred(request);
  // 9. answer: 204, or 200 with the representation when asked (Prefer: return=representation)
  const { preferences } = write;
  const version = ctx.has('stale-etag-on-204') ? preferences.version - 1 : preferences.version;
  const etag = etagFor(ctx, version);
  const preference = returnPreference(request.headers.prefer);
  const applied: Record<string, string> = preference ? { 'preference-applied': `return=${preference}` } : {};
  if (preference === 'representation' || ctx.has('patch-200-with-body')) {
    return reply.code(200).headers({ ...applied, etag, 'content-location': request.url.split('?', 1)[0] ?? '' })
      .type(JSON_TYPE).send(preferencesBody(preferences));
  }
  return sendNoContent(ctx, request, reply, { etag, ...applied });
}

/**
 * Fault commit-after-204: the 204 first, the write a moment later (late-commit.ts).
 * True once answered; false where a representation is asked for, which takes the correct
 * path. (A boolean, not the reply: a FastifyReply is thenable, and an async function
 * returning one resolves to what it settles with, undefined.)
 */
async function answerThenCommit(
  ctx: AppContext, request: PreferencesRequest, reply: FastifyReply, userId: string, weeklyDigest: boolean, condition: IfMatch | undefined,
): Promise<boolean> {
  if (returnPreference(request.headers.prefer) === 'representation') return false;
  const version = await patchAfterAnswer(ctx, reply, userId, weeklyDigest, condition);
  if (version === undefined) throw new ProblemError('precondition-failed', 'If-Match does not match the current ETag; GET the preferences for the current one');
  sendNoContent(ctx, request, reply, { etag: etagFor(ctx, version) });
  return true;
}
