// Who a /v1 request acts for, set by the authentication hook. Kept in a WeakMap
// rather than a Fastify request decoration so no global type is augmented.
import type { FastifyRequest } from 'fastify';
import type { ProblemError } from './problem.ts';

export interface Actor {
  /** The authenticated user; null only when a fault let an unauthenticated request through. */
  readonly userId: string | null;
  /** A rejection that a *-but-applied fault answers only after applying the change. */
  deferred: ProblemError | undefined;
}

const actors = new WeakMap<FastifyRequest, Actor>();

export function setActor(request: FastifyRequest, actor: Actor): void {
  actors.set(request, actor);
}

export function actorOf(request: FastifyRequest): Actor {
  const actor = actors.get(request);
  if (!actor) throw new Error('route without the authentication hook');
  return actor;
}

/** Fault variants: answer the deferred rejection now that the change is applied. */
export function throwDeferred(request: FastifyRequest): void {
  const { deferred } = actorOf(request);
  if (deferred) throw deferred;
}
