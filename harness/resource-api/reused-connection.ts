// 204 rules 6 over raw sockets: 204s and 200s on ONE connection, one after another
// or pipelined. Both answers must be framed exactly; bytes a server sends after a
// 204's header section show up as garbage in front of the next status line, or as
// stray bytes at the end — reported with their offset and escaped. The values the GETs
// read are judged only when each request follows the answer before it: pipelined
// requests may be handled concurrently (RFC 9112 §9.3.2 only orders the answers).
// A server that announces "Connection: close" leaves no reused connection to judge
// after that answer (announced-close.ts); a close it does not announce is a failure.
import type { CheckContext } from '../checks/check.ts';
import { escapeBytes, exchange, framingFaultOf, type ExchangeResult, type ParsedResponse, type RawRequest } from '../http/index.ts';
import { createLabel, readPreferences } from './api-state.ts';
import { expectNone } from './expect-none.ts';
import { announcesClose, notReused } from './announced-close.ts';
import { contentBytesViolation, noContentViolations } from './no-content-rules.ts';
import { apiPath, apiRequest, resourceApiClient } from './resource-api-client.ts';
import { resourceApiTarget } from './resource-api-target.ts';
import { staleReadProblems } from './read-back.ts';

export interface Step {
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

/** The problems of the exchange, the answer (index) that announced a close before the last one, if any, and what was seen but not judged. */
export interface Verdict {
  readonly problems: string[];
  /** Answers framed exactly that read the other boolean than the PATCH wrote: problems unless a late commit explains them (read-back.ts). */
  readonly stale?: string[];
  readonly closedAfter?: number;
  readonly observed?: string;
}

/** Bytes that begin another answer (a status line), not content of the one before. */
const startsAnswer = (bytes: Buffer): boolean => bytes.subarray(0, 5).toString('latin1') === 'HTTP/';

/** Bytes after the last answer read: a 204's content (rule 1), or another answer framed short. */
function strayAfter(last: ParsedResponse, stray: Buffer): string | undefined {
  if (last.statusCode === 204) return contentBytesViolation(last, { stray });
  const at = last.offset + last.raw.length;
  return `${stray.length} byte(s) followed the end of the ${last.statusCode} answer, from byte ${at} of the connection: "${escapeBytes(stray.subarray(0, 48))}"${stray.length > 48 ? '…' : ''}`;
}

/**
 * Every way the exchange fell short of four exactly framed answers, in order. Answers
 * up to one that announces "Connection: close" are judged as always; what the server
 * did not answer after announcing its close is not a problem (see announced-close.ts).
 */
export function problemsOf(result: ExchangeResult, plan: readonly Step[], mode: string): Verdict {
  const problems: string[] = [];
  const stale: string[] = [];
  const closing = result.responses.findIndex((r) => announcesClose(r.headerValues('connection')));
  const expected = closing >= 0 ? closing + 1 : plan.length;
  plan.slice(0, expected).forEach((step, i) => {
    const response = result.responses[i];
    if (!response) {
      if (i === result.responses.length) {
        const why = result.error ? `${result.error.message} (${result.error.code} at byte ${result.error.offset})` : result.closedByPeer ? 'the server closed the connection without announcing it' : 'nothing arrived';
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
        const problem = `answer ${i + 1} to ${step.what}: weeklyDigest ${String(digest)}, expected ${mode === 'pipelined' ? 'a boolean' : step.digest}`;
        // The other boolean, well framed: the read missed the change — a late commit, when it shows later (read-back.ts).
        if (typeof digest === 'boolean') stale.push(problem);
        else problems.push(problem);
      }
    }
  });
  const last = result.responses.at(-1);
  let observed: string | undefined;
  if (result.responses.length === expected && last && result.stray.length > 0) {
    if (expected < plan.length && startsAnswer(result.stray)) {
      // Answers sent after announcing the close: RFC 9112 §9.6 says a server must not
      // process further requests there, but that is not a rule of the spec's 204 bundle.
      observed = `after answer ${expected}, which announced its close, the server went on answering (${result.stray.length} more bytes, from "${escapeBytes(result.stray.subarray(0, 16))}"); not judged`;
    } else {
      const stray = strayAfter(last, result.stray);
      if (stray) problems.push(`after ${expected === plan.length ? 'the last answer' : `answer ${expected}, which announced its close`}: ${stray}`);
    }
  }
  // Every answer arrived: a close after the last one is an idle connection closed (RFC 9112 §9.6), no reuse broken.
  const closedAfter = closing >= 0 && closing < plan.length - 1 ? closing : undefined;
  return { problems, ...(stale.length > 0 ? { stale } : {}), ...(closedAfter !== undefined ? { closedAfter } : {}), ...(observed ? { observed } : {}) };
}

/**
 * Sends the four requests on one connection and fails naming every framing problem;
 * skipped (saying so) when the server announced its close before the last answer and
 * every answer it gave was framed exactly.
 */
export async function expectExactFraming(ctx: CheckContext, mode: 'sequential' | 'pipelined'): Promise<void> {
  const plan = await steps(ctx);
  const result = await exchange(resourceApiTarget(ctx).baseUrl, plan.map((s) => s.request), { mode, idleMs: 200, transcript: ctx.transcript });
  const { problems, stale = [], closedAfter, observed } = problemsOf(result, plan, mode);
  if (observed) ctx.observe(observed);
  const written = plan.find((s) => s.digest !== undefined)?.digest ?? false;
  problems.push(...(await staleReadProblems(ctx, resourceApiClient(ctx), written, stale)));
  // Bytes a 204 should not have had shift every answer after them: the framing fault is the cause, when there is one.
  expectNone(problems, `${mode} on one connection (PATCH 204, GET 200, DELETE 204, GET 200)`, framingFaultOf(result));
  if (closedAfter !== undefined) ctx.skip(notReused(`answer ${closedAfter + 1} (to ${plan[closedAfter]?.what ?? '?'})`));
}
