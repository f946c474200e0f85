// The device server's preflight: before any check, `GET {base}status` must answer the
// status object (JSON whose `value` holds `ready`) at the base path the run was given.
// Anything else is a set-up mistake, not forty failed checks: the run ends with exit 2,
// and where the status route does answer at another path — the origin's /wd/hub/ or
// its root — the message names the --base-url that would work. (The run's options have
// already given the URL its trailing slash.) (Whether `ready` is the boolean true is DS-STATUS-01's.)
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import { readBoundedText } from '../http/bounded-body.ts';
import { budgetErrorIn } from '../http/response-budget.ts';
import { targetFetch } from '../http/target-fetch.ts';
import { scaledLimit } from '../target/machine-pace.ts';

interface StatusAnswer {
  readonly url: string;
  /** The status line, or why nothing answered. */
  readonly said: string;
  readonly isStatus: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function statusObject(status: number, body: string): boolean {
  if (status < 200 || status >= 300) return false;
  try {
    const json: unknown = JSON.parse(body);
    return isObject(json) && isObject(json['value']) && Object.hasOwn(json['value'], 'ready');
  } catch {
    return false;
  }
}

/** "404 Not Found (W3C error unknown command)", "200 OK, text/html": one line for the message. */
function describeStatus(response: Response, body: string): string {
  let error: unknown;
  try {
    const json: unknown = JSON.parse(body);
    error = isObject(json) && isObject(json['value']) ? json['value']['error'] : undefined;
  } catch {
    error = undefined;
  }
  const what = typeof error === 'string' ? ` (W3C error ${error})` : `, ${response.headers.get('content-type') ?? 'no content type'}`;
  return `${response.status} ${response.statusText}${what}`.trim();
}

/** GET url; a network failure throws (unreachable) only when `throwUnreachable`. */
async function askStatus(url: string, timeoutMs: number, throwUnreachable: boolean): Promise<StatusAnswer> {
  try {
    const response = await targetFetch(url, { redirect: 'manual', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(scaledLimit(timeoutMs)) });
    const { host, pathname } = new URL(url);
    // Within the response budget: an answer larger than it is no status object, and says so.
    const body = await readBoundedText(response, `GET ${pathname} from ${host}`).catch((error: unknown) => {
      const budget = budgetErrorIn(error);
      if (budget) return budget;
      throw error;
    });
    if (typeof body !== 'string') return { url, said: body.message, isStatus: false };
    return { url, said: describeStatus(response, body), isStatus: statusObject(response.status, body) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    if (throwUnreachable) {
      throw new WirecheckError(ERROR_CODES.targetUnreachable,
        `the device server at ${new URL(url).origin} is not reachable (${why}). Check that it is running and that --base-url is right.`);
    }
    return { url, said: `no answer (${why})`, isStatus: false };
  }
}

/** Base URLs to try when the given one fails, each with why it might be the right one. */
function alternatives(baseUrl: URL): [string, string][] {
  const origin = baseUrl.origin;
  const out: [string, string][] = [];
  if (baseUrl.pathname !== '/wd/hub/') out.push([`${origin}/wd/hub/`, 'the server was started with --base-path=/wd/hub']);
  if (baseUrl.pathname !== '/') out.push([`${origin}/`, 'the server was started without a base path (the default /)']);
  return out;
}

export async function preflightDeviceServer(baseUrl: string): Promise<void> {
  const given = await askStatus(new URL('status', baseUrl).toString(), 10_000, true);
  if (given.isStatus) return;
  const others = alternatives(new URL(baseUrl));
  for (const [candidate, why] of others) {
    const answer = await askStatus(new URL('status', candidate).toString(), 5_000, false);
    if (!answer.isStatus) continue;
    throw new WirecheckError(ERROR_CODES.preflightFailed,
      `the device server's status route does not answer at the base path given: GET ${given.url} → ${given.said}, but GET ${answer.url} answers the status object: `
      + `${why}. Use --base-url ${candidate}`);
  }
  throw new WirecheckError(ERROR_CODES.preflightFailed,
    `the device server's status route does not answer at the base path given: GET ${given.url} → ${given.said}, not JSON whose value holds ready `
    + `(spec, Endpoints: GET {base_path}status), and neither does ${others.map(([c]) => `${c}status`).join(' nor ')}. `
    + 'Check --base-url: it is the URL of the device server including its base path, e.g. http://host:4723/ or http://host:4723/wd/hub/');
}
