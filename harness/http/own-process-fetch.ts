// fetch() to a process the harness started itself on loopback (a reference, a device
// server instance from --server-cmd), to see whether it is up yet. Such a poll is no
// request of the run to the target: it goes through a plain dispatcher of its own, so
// the run's traffic rules (target-traffic.ts) — which a suite process's global dispatcher
// may carry once webdriverio ran there — never hold it past its short time limit.
import { Agent } from 'undici';

let agent: Agent | undefined;

export function ownProcessFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
  agent ??= new Agent();
  // `dispatcher` is undici's own addition to fetch's options (see target-fetch.ts).
  return fetch(url, { ...init, dispatcher: agent as unknown as RequestInit['dispatcher'] });
}
