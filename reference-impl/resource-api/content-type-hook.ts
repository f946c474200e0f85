// 3. Content type, as a preParsing hook: after authentication and permission, before
// a single byte of the body is read or anything is applied.
import type { FastifyRequest } from 'fastify';
import { actorOf } from './actor.ts';
import type { AppContext } from './app-context.ts';
import { isJsonMediaType } from './media-type.ts';
import { ProblemError } from './problem.ts';

export function requireJson(ctx: AppContext) {
  return async <P>(request: FastifyRequest, _reply: unknown, payload: P): Promise<P> => {
    const contentType = request.headers['content-type'];
    if (contentType === undefined && ctx.has('missing-content-type-500')) throw new Error('no Content-Type');
    if (ctx.has('strict-json-media-type') && contentType !== 'application/json') throw new ProblemError('unsupported-media-type', 'send exactly application/json');
    if (isJsonMediaType(contentType) || ctx.has('text-plain-accepted')) return payload;
    if (ctx.has('json-media-type-substring') && contentType?.toLowerCase().includes('json')) return payload;
    const problem = new ProblemError('unsupported-media-type',
      `Content-Type ${contentType === undefined ? 'is missing' : `"${contentType.slice(0, 60)}" is not supported`}; send application/json`,
      { [request.method === 'PATCH' ? 'accept-patch' : 'accept-post']: 'application/json' });
    if (ctx.has('415-but-applied')) {
      actorOf(request).deferred ??= problem;
      return payload;
    }
    throw problem;
  };
}
