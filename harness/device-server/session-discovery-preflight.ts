// The device server's second preflight question, for a run that says neither
// --session-discovery nor --no-session-discovery. Whether the target was started with
// `*:session_discovery` decides what DS-DISC-05 judges: "The `vendor/sessions` route
// exists only while `*:session_discovery` is enabled." A target that answers
// `GET {base}{vendor}/sessions` with a session listing is either a server started with
// the flag by someone who forgot to say so, or a server that lists sessions without it
// (a fault). The harness cannot tell the two apart, so it asks: exit 2, naming both
// ways on. Any other answer (the route unavailable, or nothing a listing) asks nothing:
// DS-DISC-05 judges it as a target started without the flag, as the run then says.
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import { readBoundedText } from '../http/bounded-body.ts';
import { targetFetch } from '../http/target-fetch.ts';
import { scaledLimit } from '../target/machine-pace.ts';

/** The spec's words that make the listing depend on the flag (Endpoints: session listing). */
export const LISTING_ONLY_WITH_FLAG = 'The `vendor/sessions` route exists only while `*:session_discovery` is enabled.';

/** What a session listing answer held, when `GET {base}{vendor}/sessions` gave one: a 2xx whose JSON `value` is an array. */
function listingOf(status: number, body: string): readonly unknown[] | undefined {
  if (status < 200 || status >= 300) return undefined;
  try {
    const json: unknown = JSON.parse(body);
    const value = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>)['value'] : undefined;
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The question, when the run did not say: the listing's URL and what it answered. */
export function sessionDiscoveryQuestion(url: string, status: string, entries: number): string {
  return `the run does not say whether the device server was started with *:session_discovery, and GET ${url} answers a session listing `
    + `(${status}, value an array of ${entries}), which the spec gives only to a server with the flag ("${LISTING_ONLY_WITH_FLAG}"). `
    + 'Was the target started with --allow-insecure=*:session_discovery, and --session-discovery forgotten? '
    + 'If it was, add --session-discovery (the listing checks then run against it). '
    + 'If it was not, say so with --no-session-discovery: DS-DISC-05 then judges the listing as a fault.';
}

/**
 * Asks `GET {base}{vendor}/sessions` once; ends the run (exit 2) with the question when it
 * answers a session listing. Where it answers nothing usable (no answer in time, an answer
 * over the response budget), the checks judge the route as always.
 */
export async function askSessionDiscovery(baseUrl: string, vendor: string): Promise<void> {
  const url = new URL(`${vendor}/sessions`, baseUrl).toString();
  let listing: { status: string; entries: number } | undefined;
  try {
    const response = await targetFetch(url, { redirect: 'manual', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(scaledLimit(10_000)) });
    const { host, pathname } = new URL(url);
    const body = await readBoundedText(response, `GET ${pathname} from ${host}`);
    const value = listingOf(response.status, body);
    if (value) listing = { status: `${response.status} ${response.statusText}`.trim(), entries: value.length };
  } catch {
    // Not this question's to judge: the status preflight proved the server answers, and DS-DISC-05 judges the route.
    return;
  }
  if (listing) throw new WirecheckError(ERROR_CODES.preflightFailed, sessionDiscoveryQuestion(url, listing.status, listing.entries));
}
