// Wirecheck playing the receiver, for senders under test (Autobahn's fuzzingserver is the
// model: the tool is the server, the client under test connects to it). One loopback
// server; each scenario has its own path, `/<scenario>/webhooks/payments`, and a script
// of answers, the last of which repeats. Every attempt is recorded with its arrival and
// the moment it ended for the sender: the delays are measured between the two.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * A status code, a status with a Location (the scenario's `moved` URL on this receiver,
 * which answers 202), a connection reset, or no answer at all (the sender's own timeout
 * ends the attempt).
 */
export type Answer = number | { readonly status: number; readonly location: true } | 'reset' | 'no-answer';

/** How an answer reads in a transcript: `302 with Location`, `reset`, `503`. */
export function answerText(answer: Answer): string {
  return typeof answer === 'object' ? `${answer.status} with Location` : String(answer);
}

/** A request to a scenario's Location URL: a redirect the sender followed. */
export interface Follow {
  readonly arrivedAt: number;
  readonly method: string;
  readonly signed: boolean;
}

export interface Attempt {
  /** 1-based. */
  readonly n: number;
  /** performance.now() when the request's header section had arrived. */
  readonly arrivedAt: number;
  /** When the attempt ended for the sender: our answer or reset about to be written, or the sender closing a request never answered (as this process saw it). */
  endedAt?: number;
  readonly answer: Answer;
  readonly method: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The exact bytes received (undefined until the body is complete). */
  body?: Buffer;
}

/** A hostile sender cannot make the receiver hold more than this per request, or record more attempts than this per scenario. */
const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_ATTEMPTS_RECORDED = 50;
const MAX_STRAYS_RECORDED = 20;

const DELIVERY_PATH = /^\/([a-z0-9-]+)\/webhooks\/payments$/;
/** Where a scenario's 3xx with Location points: its own path on this receiver. */
const MOVED_PATH = /^\/([a-z0-9-]+)\/moved$/;

interface ScenarioState {
  readonly answers: readonly Answer[];
  readonly attempts: Attempt[];
  readonly follows: Follow[];
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

export class ScriptedReceiver {
  readonly #scenarios = new Map<string, ScenarioState>();
  readonly #sockets = new Set<Socket>();
  /** Requests that reached no scenario (wrong path): a sender posting elsewhere is told 404 and the check says so. */
  readonly strays: string[] = [];

  private constructor(private readonly server: Server, readonly origin: string) {}

  static async start(): Promise<ScriptedReceiver> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const receiver = new ScriptedReceiver(server, `http://127.0.0.1:${port}`);
    server.on('connection', (socket) => {
      receiver.#sockets.add(socket);
      socket.once('close', () => receiver.#sockets.delete(socket));
    });
    server.on('request', (req, res) => receiver.#handle(req, res));
    return receiver;
  }

  /** The delivery URL of a scenario, answered with `answers` in turn (the last repeats). */
  script(scenario: string, answers: readonly Answer[]): string {
    if (!/^[a-z0-9-]+$/.test(scenario) || answers.length === 0) throw new Error(`bad scenario ${scenario}`);
    this.#scenarios.set(scenario, { answers, attempts: [], follows: [] });
    return `${this.origin}/${scenario}/webhooks/payments`;
  }

  attempts(scenario: string): readonly Attempt[] {
    return this.#scenarios.get(scenario)?.attempts ?? [];
  }

  /** Requests to the scenario's Location URL: the redirects the sender followed. */
  follows(scenario: string): readonly Follow[] {
    return this.#scenarios.get(scenario)?.follows ?? [];
  }

  /** No request of the scenario is in progress (every attempt has ended for the sender). */
  idle(scenario: string): boolean {
    return this.attempts(scenario).every((a) => a.endedAt !== undefined);
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const arrivedAt = performance.now();
    const moved = MOVED_PATH.exec(req.url ?? '')?.[1];
    const movedState = moved === undefined ? undefined : this.#scenarios.get(moved);
    if (movedState) return this.#follow(movedState, req, res, arrivedAt);
    const scenarioName = DELIVERY_PATH.exec(req.url ?? '')?.[1];
    const state = scenarioName === undefined ? undefined : this.#scenarios.get(scenarioName);
    if (!state || state.attempts.length >= MAX_ATTEMPTS_RECORDED) {
      if (!state && this.strays.length < MAX_STRAYS_RECORDED) this.strays.push(`${req.method ?? '?'} ${(req.url ?? '').slice(0, 200)}`);
      res.writeHead(state ? 503 : 404, { connection: 'close' }).end();
      req.resume();
      return;
    }
    const n = state.attempts.length + 1;
    const answer = state.answers[Math.min(n, state.answers.length) - 1] ?? 503;
    const attempt: Attempt = {
      n, arrivedAt, answer, method: req.method ?? '',
      headers: {
        'content-type': headerText(req.headers['content-type']),
        'x-webhook-signature': headerText(req.headers['x-webhook-signature']),
      },
    };
    state.attempts.push(attempt);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.socket.destroy();
      else chunks.push(chunk);
    });
    const ended = () => { attempt.endedAt ??= performance.now(); };
    req.socket.once('close', ended);
    req.once('end', () => {
      attempt.body = Buffer.concat(chunks);
      if (answer === 'no-answer') return;
      // The end is read before the answer is written, never after ('finish' comes a turn
      // later, and a busy machine can hold this process between the two): so the sender
      // cannot have had the answer before the moment recorded, and a delay measured from
      // it is never shorter than the sender's.
      ended();
      if (answer === 'reset') {
        req.socket.resetAndDestroy();
        return;
      }
      const status = typeof answer === 'object' ? answer.status : answer;
      const location = typeof answer === 'object' ? { location: `${this.origin}/${scenarioName ?? ''}/moved` } : {};
      // 204 and 304 carry no body (RFC 9110 §15.3.5, §15.4.5).
      if (status === 204 || status === 304) return void res.writeHead(status).end();
      const body = status >= 200 && status < 300 ? '{"received":true}' : `{"error":"scripted ${status}"}`;
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...location }).end(body);
    });
  }

  /** A followed redirect: recorded (a hostile sender is bounded as for attempts) and answered 202. */
  #follow(state: ScenarioState, req: IncomingMessage, res: ServerResponse, arrivedAt: number): void {
    if (state.follows.length < MAX_ATTEMPTS_RECORDED) {
      state.follows.push({ arrivedAt, method: req.method ?? '', signed: headerText(req.headers['x-webhook-signature']) !== undefined });
    }
    req.resume();
    req.once('end', () => {
      const body = '{"received":true}';
      res.writeHead(202, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  }
}
