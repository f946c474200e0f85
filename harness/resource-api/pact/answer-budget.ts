// The response budget on the Pact path. Pact's verifier (its Rust core, in the Pact
// process) reads every answer whole, and it reaches the target through pact-js's proxy,
// which pipes each answer of the target into the verifier's response. The verifier's
// request filter is middleware of that proxy: it sees the response before the answer is
// piped into it, so it can watch the answer — a declared Content-Length above the
// budget, or a body growing past it, destroys the answer (the target's connection) and
// the verifier's connection at once. The verifier then sees an interaction fail; the
// reason is kept here for the run to name.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { responseBudget, tooLargeReason } from '../../http/response-budget.ts';

function declaredLength(answer: IncomingMessage): number | undefined {
  const value = answer.headers?.['content-length'];
  return value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
}

export class AnswerBudget {
  /** Why answers were dropped, in order. */
  readonly exceeded: string[] = [];

  /** `from`: the target's host, for messages. */
  constructor(private readonly from: string, private readonly limit = responseBudget()) {}

  /** Watches the answer that pact-js's proxy will pipe into `res`, the response to `method url`. */
  watch(method: string, url: string, res: ServerResponse): void {
    const what = `${method} ${url} from ${this.from}`;
    res.once('pipe', (source: Readable) => {
      const answer = source as IncomingMessage;
      const drop = (reason: string) => {
        this.exceeded.push(reason);
        answer.destroy();
        res.destroy();
      };
      const declared = declaredLength(answer);
      if (declared !== undefined && declared > this.limit) {
        drop(tooLargeReason(what, this.limit, declared));
        return;
      }
      let received = 0;
      const count = (chunk: Buffer) => {
        received += chunk.length;
        if (received <= this.limit) return;
        answer.off('data', count);
        drop(tooLargeReason(what, this.limit));
      };
      answer.on('data', count);
    });
  }
}
