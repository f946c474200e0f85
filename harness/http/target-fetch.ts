// fetch() to a target, for the few set-up requests that use it (the preflights): through
// an undici dispatcher of the harness's (undici-budget.ts), so the run's extra headers
// and rate limit apply as they do to every other client, whatever this process's global
// dispatcher is.
import { BudgetAgent } from './undici-budget.ts';

let agent: BudgetAgent | undefined;

export function targetFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
  agent ??= new BudgetAgent();
  // `dispatcher` is undici's own addition to fetch's options (Node's fetch is undici's,
  // typed from another copy of it: the same interface, two declarations).
  return fetch(url, { ...init, dispatcher: agent as unknown as RequestInit['dispatcher'] });
}
