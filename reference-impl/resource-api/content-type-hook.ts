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
    // Stryker disable next-line StringLiteral: fault switch only: ctx.has('') names no fault and is false, as text-plain-accepted is in every conformance run
    if (isJsonMediaType(contentType) || ctx.has('text-plain-accepted')) return payload;
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,OptionalChaining: fault switch only: reachable with json-media-type-substring on (→ false, either string emptied and the optional chain dropped change nothing, the switch being off); the directive also hides the detected → true, which takes every media type as JSON (RA-INPUT-01 sees text/plain answered other than 415), and || for &&, which takes any media type naming json (RA-INPUT-11 sees application/jsonp accepted)
    if (ctx.has('json-media-type-substring') && contentType?.toLowerCase().includes('json')) return payload;
    const problem = new ProblemError('unsupported-media-type',
      // Stryker disable next-line all: not shown: the spec leaves the error body's shape open, the detail's wording is free
      `Content-Type ${contentType === undefined ? 'is missing' : `"${contentType.slice(0, 60)}" is not supported`}; send application/json`,
      // Stryker disable next-line all: not in the spec: it asks 415 for an unsupported media type, not an Accept-Patch or Accept-Post header saying what is accepted
      { [request.method === 'PATCH' ? 'accept-patch' : 'accept-post']: 'application/json' });
    // Stryker disable next-line ConditionalExpression,StringLiteral,BlockStatement: fault switch only: reachable with 415-but-applied on, off in every conformance run, so → false, the emptied name and the emptied block change nothing; the directive also hides the detected → true, which is that fault forced on: a refused PATCH is applied, which RA-INPUT-02 sees
    if (ctx.has('415-but-applied')) {
      // Stryker disable next-line AssignmentOperator: fault switch only: reachable with 415-but-applied on
      actorOf(request).deferred ??= problem;
      return payload;
    }
    throw problem;
  };
}
