// A browser client's view (204 rules 12): actual requests from an origin, and the
// preflights a browser sends first — without credentials, as browsers always do.
import type { CheckContext } from '../checks/check.ts';
import { exchange, type ParsedResponse, type RawRequest } from '../http/index.ts';
import { resourceApiClient } from './resource-api-client.ts';
import { resourceApiTarget } from './resource-api-target.ts';
import { uniqueName } from './unique-name.ts';

export const BROWSER_ORIGIN = 'https://app.wirecheck.example';

/** The preflight a browser sends before `method` with the API's headers: no credentials. */
export function preflightRequest(path: string, method: string): RawRequest {
  return {
    method: 'OPTIONS', target: path,
    headers: [['Origin', BROWSER_ORIGIN], ['Access-Control-Request-Method', method], ['Access-Control-Request-Headers', 'authorization, content-type, if-match']],
  };
}

export const ORIGIN_HEADER: readonly [string, string] = ['Origin', BROWSER_ORIGIN];

export const NO_CORS = 'not applicable: the target answers a browser origin without Access-Control-Allow-Origin (it serves no browser clients)';

/** Actual requests from a browser origin, one of each kind that carries a header a client reads. */
export async function browserAnswers(ctx: CheckContext): Promise<[string, ParsedResponse][]> {
  const client = resourceApiClient(ctx);
  const headers = [ORIGIN_HEADER];
  return [
    ['GET preferences', await client.getPreferences(client.userId, { headers })],
    ['PATCH preferences', await client.patchPreferences(true, { headers })],
    ['PATCH preferences with Prefer: return=representation', await client.patchPreferences(false, { headers, prefer: 'return=representation' })],
    ['POST labels', await client.postLabel(uniqueName(), { headers })],
  ];
}

export function servesBrowsers(answers: readonly [string, ParsedResponse][]): boolean {
  return answers.some(([, r]) => r.header('access-control-allow-origin') !== undefined);
}

/** The lower-cased members of a comma-separated header. */
export function listed(response: ParsedResponse, name: string): string[] {
  return response.headerValues(name).join(',').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
}

export async function preflight(ctx: CheckContext, path: string, method: string): Promise<ParsedResponse | undefined> {
  const result = await exchange(resourceApiTarget(ctx).baseUrl, [preflightRequest(path, method)], { idleMs: 0, transcript: ctx.transcript });
  return result.responses[0];
}
