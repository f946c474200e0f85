// The API as a user's HTTP client sees it: undici with keep-alive, so a 204 that
// leaves bytes on the connection shows up the way it does in production — a parser
// error on the next answer, or a dropped and silently re-opened connection. The
// session counts connections and records every disconnect with its cause. A server
// that announces "Connection: close" declines reuse (announced-close.ts): its
// reconnects are no problem, and only the answers that arrived are judged.
import type { Dispatcher } from 'undici';
import type { CheckContext } from '../checks/check.ts';
import { BudgetClient, BudgetPool } from '../http/undici-budget.ts';
import type { ResourceApiTarget } from './resource-api-target.ts';
import { announcesClose } from './announced-close.ts';
import { resourceApiTarget } from './resource-api-target.ts';

export interface UserAnswer {
  readonly what: string;
  readonly status: number;
  /** The body as text; a client reads it only after branching on the status. */
  readonly text: string;
  /** The answer announced "Connection: close": the server declines to reuse the connection after it. */
  readonly closes: boolean;
}

export class UndiciSession {
  connects = 0;
  readonly disconnects: string[] = [];
  readonly #origin: string;
  readonly #prefix: string;

  constructor(readonly ctx: CheckContext, readonly target: ResourceApiTarget, readonly dispatcher: Dispatcher) {
    const base = new URL(target.baseUrl);
    this.#origin = base.origin;
    this.#prefix = base.pathname;
    dispatcher.on('connect', () => { this.connects += 1; });
    dispatcher.on('disconnect', (_origin, _targets, error) => { this.disconnects.push(`${error.code ?? error.name}: ${error.message}`); });
  }

  /** One request; an error (a parser error of a broken answer, one over the response budget) is returned as the answer's text. */
  async call(method: Dispatcher.HttpMethod, path: string, json?: unknown): Promise<UserAnswer> {
    const what = `${method} ${this.#prefix}${path}`;
    const headers: Record<string, string> = { authorization: `Bearer ${this.target.token}` };
    if (json !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await this.dispatcher.request({
        origin: this.#origin, path: `${this.#prefix}${path}`, method, headers,
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      const text = await response.body.text();
      const connection = response.headers['connection'];
      const closes = announcesClose(connection === undefined ? [] : [connection].flat());
      this.ctx.transcript.note(`undici: ${what} → ${response.statusCode}, ${Buffer.byteLength(text)} content bytes${closes ? ', Connection: close' : ''}`);
      return { what, status: response.statusCode, text, closes };
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error as Error).name;
      this.ctx.transcript.note(`undici: ${what} → ${code}: ${(error as Error).message}`);
      return { what, status: 0, text: `${code}: ${(error as Error).message}`, closes: false };
    }
  }

  close(): Promise<void> {
    return this.dispatcher.destroy();
  }
}

// Both within the response budget (--max-response-bytes): an answer larger than it is
// an error answer naming the budget, and its connection is dropped.

/** One keep-alive connection; `pipelining` requests may be in flight on it. */
export function clientSession(ctx: CheckContext, pipelining: number): UndiciSession {
  const target = resourceApiTarget(ctx);
  return new UndiciSession(ctx, target, new BudgetClient(new URL(target.baseUrl).origin, { pipelining, keepAliveTimeout: 30_000 }));
}

/** A pool of keep-alive connections, as services call APIs under load. */
export function poolSession(ctx: CheckContext, connections: number, pipelining: number): UndiciSession {
  const target = resourceApiTarget(ctx);
  return new UndiciSession(ctx, target, new BudgetPool(new URL(target.baseUrl).origin, { connections, pipelining, keepAliveTimeout: 30_000 }));
}

/** weeklyDigest of a 200; rule 7: branch on the status first, only a 200 has JSON to decode. */
export function digestOfAnswer(answer: UserAnswer): unknown {
  if (answer.status !== 200) return undefined;
  try {
    return (JSON.parse(answer.text) as { weeklyDigest?: unknown }).weeklyDigest;
  } catch {
    return `unparseable "${answer.text.slice(0, 60)}"`;
  }
}

/** An expected answer: its status and, for a 200, the weeklyDigest (or just "some boolean"). */
export type ExpectedAnswer = readonly [status: number, digest?: boolean | 'boolean'];

/**
 * What differs from the expected answers, and any 204 undici read with content; apart,
 * the 200s that read the other boolean than expected (`stale`): a read that missed the
 * change, which a late commit may explain (read-back.ts).
 */
export function answerProblems(answers: readonly UserAnswer[], expected: readonly ExpectedAnswer[]): { problems: string[]; stale: string[] } {
  const problems: string[] = [];
  const stale: string[] = [];
  answers.forEach((answer, i) => {
    const [status, digest] = expected[i] ?? [0];
    const got = digestOfAnswer(answer);
    const digestWrong = digest === 'boolean' ? typeof got !== 'boolean' : digest !== undefined && got !== digest;
    if (answer.status !== status) problems.push(`${answer.what} → ${answer.status === 0 ? answer.text : answer.status}, expected ${status}`);
    else if (digestWrong) (typeof got === 'boolean' ? stale : problems).push(`${answer.what} → weeklyDigest ${String(got)}, expected ${digest === 'boolean' ? 'a boolean' : String(digest)}`);
    if (answer.status === 204 && answer.text !== '') problems.push(`${answer.what} → a 204 that undici read with content ${JSON.stringify(answer.text.slice(0, 60))}`);
  });
  return { problems, stale };
}

/** Dropped connections, and more connections than `max`: a 204 must leave its connection reusable. */
export function connectionProblems(session: UndiciSession, max: number): string[] {
  return [
    ...session.disconnects.map((d) => `undici dropped a keep-alive connection: ${d}`),
    ...(session.connects > max ? [`undici opened ${session.connects} connections where ${max} should serve every request`] : []),
  ];
}

/** What one session got wrong, and the answer on which the server announced its close, if it did. */
export interface SessionVerdict {
  readonly problems: string[];
  /** 200s, read as they should be, that held the other boolean than the one written (answerProblems). */
  readonly stale: string[];
  readonly closedOn?: UserAnswer;
}

/**
 * The answers against the expected ones, and the connections: at most `max`, none
 * dropped — unless the server announced "Connection: close", which makes undici
 * reconnect by design; then only the answers that arrived are judged.
 */
export function judgeSession(session: UndiciSession, answers: readonly UserAnswer[], expected: readonly ExpectedAnswer[], max: number): SessionVerdict {
  const closedOn = answers.find((a) => a.closes);
  if (!closedOn) {
    const { problems, stale } = answerProblems(answers, expected);
    return { problems: [...problems, ...connectionProblems(session, max)], stale };
  }
  const arrived = answers.flatMap((a, i) => (a.status === 0 ? [] : [[a, expected[i] ?? [0]] as const]));
  return { ...answerProblems(arrived.map(([a]) => a), arrived.map(([, e]) => e)), closedOn };
}
