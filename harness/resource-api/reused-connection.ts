// 204 rules 6 over raw sockets: 204s and 200s on ONE connection, one after another
// or pipelined. Both answers must be framed exactly; bytes a server sends after a
// 204's header section show up as garbage in front of the next status line, or as
// stray bytes at the end — reported with their offset and escaped. The values the GETs
// read are judged only when each request follows the answer before it: pipelined
// requests may be handled concurrently (RFC 9112 §9.3.2 only orders the answers).
import type { CheckContext } from '../checks/check.ts';
import { exchange, type ExchangeResult, type RawRequest } from '../http/index.ts';
import { createLabel, readPreferences } from './api-state.ts';
import { expectNone } from './expect-none.ts';
import { contentBytesViolation, noContentViolations } from './no-content-rules.ts';
import { apiPath, apiRequest, resourceApiClient } from './resource-api-client.ts';
import { resourceApiTarget } from './resource-api-target.ts';

interface Step {
  readonly request: RawRequest;
  readonly what: string;
  readonly status: number;
  /** For the 200s: the weeklyDigest the body must hold. */
  readonly digest?: boolean;
}

/** PATCH (204) → GET (200) → DELETE (204) → GET (200), the GETs reading what the PATCH wrote. */
async function steps(ctx: CheckContext): Promise<Step[]> {
  const target = resourceApiTarget(ctx);
  const client = resourceApiClient(ctx);
  const value = !(await readPreferences(client)).weeklyDigest;
  const prefs = apiPath.preferences(target.userId);
  const get = apiRequest(target, 'GET', prefs);
  return [
    { what: `PATCH {"weeklyDigest": ${value}}`, request: apiRequest(target, 'PATCH', prefs, { json: { weeklyDigest: value } }), status: 204 },
    { what: 'GET preferences', request: get, status: 200, digest: value },
    { what: 'DELETE label', request: apiRequest(target, 'DELETE', apiPath.label(await createLabel(client))), status: 204 },
    { what: 'GET preferences', request: get, status: 200, digest: value },
  ];
}

function digestOf(body: Buffer): unknown {
  try {
    return (JSON.parse(body.toString('utf8')) as { weeklyDigest?: unknown }).weeklyDigest;
  } catch {
    return `unparseable body "${body.toString('utf8').slice(0, 60)}"`;
  }
}

/** Every way the exchange fell short of four exactly framed answers, in order. */
function problemsOf(result: ExchangeResult, plan: readonly Step[], mode: string): string[] {
  const problems: string[] = [];
  plan.forEach((step, i) => {
    const response = result.responses[i];
    if (!response) {
      if (i === result.responses.length) {
        const why = result.error ? `${result.error.message} (${result.error.code} at byte ${result.error.offset})` : result.closedByPeer ? 'the server closed the connection' : 'nothing arrived';
        const previous = plan[i - 1];
        problems.push(`answer ${i + 1} (to ${step.what}${previous ? `, after the ${previous.status} to ${previous.what}` : ''}) could not be read: ${why}`);
      }
      return;
    }
    if (response.statusCode !== step.status) problems.push(`answer ${i + 1} to ${step.what}: ${response.statusCode}, expected ${step.status}`);
    if (response.statusCode === 204) problems.push(...noContentViolations(response, { stray: Buffer.alloc(0) }).map((v) => `answer ${i + 1} to ${step.what}: ${v}`));
    if (step.digest !== undefined) {
      const digest = digestOf(response.body);
      // Pipelined, a server may start the GET before it has answered the PATCH ahead of it
      // (Node's http server does): any boolean is right; parseable is what rule 6 asks.
      if (mode === 'pipelined' ? typeof digest !== 'boolean' : digest !== step.digest) {
        problems.push(`answer ${i + 1} to ${step.what}: weeklyDigest ${String(digest)}, expected ${mode === 'pipelined' ? 'a boolean' : step.digest}`);
      }
    }
  });
  const last = result.responses.at(-1);
  if (result.responses.length === plan.length && last) {
    const stray = contentBytesViolation(last, { stray: result.stray });
    if (stray) problems.push(`after the last answer: ${stray}`);
  }
  if (result.closedByPeer && problems.length === 0) problems.push(`the server closed the connection (${mode}): a keep-alive connection must stay reusable after a 204`);
  return problems;
}

/** Sends the four requests on one connection and fails naming every framing problem. */
export async function expectExactFraming(ctx: CheckContext, mode: 'sequential' | 'pipelined'): Promise<void> {
  const plan = await steps(ctx);
  const result = await exchange(resourceApiTarget(ctx).baseUrl, plan.map((s) => s.request), { mode, idleMs: 200, transcript: ctx.transcript });
  expectNone(problemsOf(result, plan, mode), `${mode} on one connection (PATCH 204, GET 200, DELETE 204, GET 200)`);
}
