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
  // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable through the contract: every route and hook that reads the actor runs after the authentication hook, which sets one or answers 401, so the error is never thrown (→ false changes nothing, the message is never sent); the directive also hides the detected → true, which throws for every authenticated request: 500, which every /v1 check sees
  if (!actor) throw new Error('route without the authentication hook');
  return actor;
}

/** Fault variants: answer the deferred rejection now that the change is applied. */
// Stryker disable next-line BlockStatement: equivalent, a deferred rejection is set only with the fault switches 401-but-applied, 403-but-applied or 415-but-applied on
export function throwDeferred(request: FastifyRequest): void {
  const { deferred } = actorOf(request);
  // Stryker disable next-line ConditionalExpression: fault switch only: a deferred rejection is set only with 401-, 403- or 415-but-applied on (→ false changes nothing); the directive also hides the detected → true, which throws undefined after every change a label or preference route applies: 500, which the label and preference checks see
  if (deferred) throw deferred;
}
