// A client's failure (gone mid-body, past a deadline, bad HTTP) as one text line, the
// way this server logs: `[HTTP] CLIENT_ABORTED POST /session: …`, never a stack.
import { CLIENT_FAILURE_TEXT, type ClientFailureLog } from '../shared/client-errors.ts';
import type { TextLogger } from './text-logger.ts';

export function textClientFailureLog(log: TextLogger): ClientFailureLog {
  return (failure, facts) => {
    const request = facts.method === undefined ? '' : ` ${facts.method} ${facts.url ?? ''}`;
    const from = facts.remoteAddress === undefined ? '' : ` (from ${facts.remoteAddress})`;
    log.info('HTTP', `${failure}${request}: ${CLIENT_FAILURE_TEXT[failure]}${from}`);
  };
}
