// One of each kind of 204 the API gives — plain PATCH, conditional PATCH, PATCH with
// Prefer: return=minimal, DELETE, and the CORS preflight when it is a 204 — each on a
// connection of its own that is then watched, so bytes a server sends after the
// header section are seen even when they arrive late. With `acceptEncoding`, every
// request asks for compression as browsers and HTTP clients do: middleware that
// compresses only when asked acts only then (RA-NOBODY-03 samples both ways).
import type { CheckContext } from '../checks/check.ts';
import { exchange, framingFaultOf, type FramingFault, type ParsedResponse, type RawRequest } from '../http/index.ts';
import { createLabel, readPreferences } from './api-state.ts';
import { apiPath, apiRequest, resourceApiClient } from './resource-api-client.ts';
import type { AfterResponse } from './no-content-rules.ts';
import { resourceApiTarget } from './resource-api-target.ts';
import { preflightRequest } from './browser.ts';

export interface NoContentSample {
  /** `PATCH preferences`, `DELETE label`, … */
  readonly what: string;
  readonly response: ParsedResponse;
  readonly after: AfterResponse;
  /** The framing fault of the 204's exchange (bytes after it), when there is one. */
  readonly fault?: FramingFault;
}

/** How long a connection is watched for bytes after the 204. */
const WATCH_MS = 150;

type Step = readonly [what: string, request: () => Promise<RawRequest | undefined>];

/** What browsers and common HTTP clients send: compression middleware answers it. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

export interface SampleOptions {
  /** Send `Accept-Encoding: <this>` with every request sampled. */
  readonly acceptEncoding?: string;
}

function withAcceptEncoding(request: RawRequest, acceptEncoding: string | undefined): RawRequest {
  return acceptEncoding === undefined ? request : { ...request, headers: [...(request.headers ?? []), ['Accept-Encoding', acceptEncoding]] };
}

function steps(ctx: CheckContext): Step[] {
  const target = resourceApiTarget(ctx);
  const client = resourceApiClient(ctx);
  const prefs = apiPath.preferences(target.userId);
  const patch = async (extra: { prefer?: string; conditional?: boolean }): Promise<RawRequest | undefined> => {
    const current = await readPreferences(client);
    if (extra.conditional && current.etag === undefined) return undefined;
    return apiRequest(target, 'PATCH', prefs, {
      json: { weeklyDigest: !current.weeklyDigest },
      ...(extra.prefer ? { prefer: extra.prefer } : {}),
      ...(extra.conditional && current.etag ? { ifMatch: current.etag } : {}),
    });
  };
  return [
    ['PATCH preferences', () => patch({})],
    ['PATCH preferences with If-Match', () => patch({ conditional: true })],
    ['PATCH preferences with Prefer: return=minimal', () => patch({ prefer: 'return=minimal' })],
    ['DELETE label', async () => apiRequest(target, 'DELETE', apiPath.label(await createLabel(client)))],
    ['OPTIONS preflight', async () => preflightRequest(prefs, 'PATCH')],
  ];
}

/**
 * Sends each 204-producing request on a fresh connection and returns the 204s with
 * what followed them; each request is built right before it is sent, so an If-Match
 * is current. Answers that are not 204 are noted in the transcript.
 */
export async function sampleNoContent(ctx: CheckContext, options: SampleOptions = {}): Promise<NoContentSample[]> {
  const samples: NoContentSample[] = [];
  const base = resourceApiTarget(ctx).baseUrl;
  const asked = options.acceptEncoding === undefined ? '' : ` (Accept-Encoding: ${options.acceptEncoding})`;
  for (const [plainWhat, build] of steps(ctx)) {
    const what = `${plainWhat}${asked}`;
    const built = await build();
    const request = built && withAcceptEncoding(built, options.acceptEncoding);
    if (request === undefined) {
      ctx.transcript.note(`${what}: not sent (the preferences carry no ETag)`);
      continue;
    }
    const result = await exchange(base, [request], { idleMs: WATCH_MS, transcript: ctx.transcript });
    const response = result.responses[0];
    const fault = framingFaultOf(result);
    if (response?.statusCode === 204) samples.push({ what, response, after: { stray: result.stray, error: result.error }, ...(fault ? { fault } : {}) });
    else ctx.transcript.note(`${what} answered ${response?.statusCode ?? 'nothing'}: not a 204, not examined here`);
  }
  return samples;
}
