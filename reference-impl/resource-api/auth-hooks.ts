// Authentication and permission, as onRequest hooks: they run before the body is
// read, so a 401/403 never depends on (or consumes) the content, and never on
// whether the addressed resource exists.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setActor, actorOf } from './actor.ts';
import type { AppContext } from './app-context.ts';
import { readPreferences } from './preferences-repo.ts';
import { PROBLEM_CONTENT_TYPE, ProblemError } from './problem.ts';
import { bearerToken } from './token-table.ts';

const REALM = 'Bearer realm="wirecheck"';

function unauthorized(request: FastifyRequest): ProblemError {
  if (request.headers.authorization === undefined) {
    return new ProblemError('unauthorized',
      'missing Authorization header; send Authorization: Bearer <token>',
      { 'www-authenticate': REALM });
  }
  return new ProblemError('unauthorized',
    'the bearer token is malformed or unknown',
    { 'www-authenticate': `${REALM}, error="invalid_token"` });
}

/**
 * How many Authorization fields the request carries. Node keeps the first in
 * request.headers and drops the rest, where a proxy in front may act on the last: two
 * parties would then authenticate two different tokens.
 */
function authorizationFields(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'authorization') count += 1;
  return count;
}

/** 1. Authenticate: a known bearer token, acting for its own user only. */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    // Malformed input (spec, Errors: 400), refused before anything is read or changed.
    if (authorizationFields(request) > 1) throw new ProblemError('bad-request', 'the request carries more than one Authorization header; send exactly one');
    const header = request.headers.authorization;
    const token = ctx.has('token-anywhere-in-header') ? /Bearer +(\S+)/i.exec(header ?? '')?.[1] : bearerToken(header);
    const userId = token === undefined ? undefined : ctx.tokens.userFor(token);
    if (userId !== undefined) return setActor(request, { userId, deferred: undefined });
    const problem = ctx.has('no-www-authenticate') ? new ProblemError('unauthorized', 'no challenge') : unauthorized(request);
    if (ctx.has('missing-auth-accepted')) return setActor(request, { userId: null, deferred: undefined });
    if (ctx.has('401-but-applied')) return setActor(request, { userId: null, deferred: problem });
    throw problem;
  };
}

/** Fault 403-leaks-preferences: the 403 carries the preferences it refuses. */
async function leakingForbidden(ctx: AppContext, userId: string, problem: ProblemError, reply: FastifyReply): Promise<FastifyReply> {
  const { weeklyDigest } = await readPreferences(ctx.db, userId);
  return reply.code(403).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify({ ...problem.toDocument(), preferences: { weeklyDigest } }));
}

/** 2. Permission: a token acts only for the user_id of its own preferences. */
export function authorizeUser(ctx: AppContext) {
  return async (request: FastifyRequest<{ Params: { user_id: string } }>, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const actor = actorOf(request);
    if (actor.userId === null || actor.userId === request.params.user_id) return undefined;
    const problem = new ProblemError('forbidden',
      'this token may not act for that user');
    const isWrite = request.method === 'PATCH';
    if (isWrite && ctx.has('cross-user-write')) return undefined;
    if (ctx.has('403-leaks-preferences')) return leakingForbidden(ctx, request.params.user_id, problem, reply);
    if (isWrite && ctx.has('403-but-applied')) {
      actor.deferred ??= problem;
      return undefined;
    }
    throw problem;
  };
}
