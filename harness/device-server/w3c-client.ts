// W3C WebDriver over the raw HTTP layer, every exchange in the check's transcript:
// the commands the device-server checks send, byte for byte as a client would.
import { request, type Transcript } from '../http/index.ts';
import { isSuccess, sessionIdOf, toAnswer, type W3cAnswer } from './w3c-answer.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

/** A new session's answer and its id, when one was created. */
export interface NewSession {
  readonly answer: W3cAnswer;
  readonly sessionId?: string;
}

const SESSION_TIMEOUT_MS = 30_000;

export class W3cClient {
  constructor(readonly baseUrl: string, private readonly transcript: Transcript, readonly vendor: string) {}

  /** `path` relative to the base path (`status`), or from the root when it starts with `/`. */
  async send(method: Method, path: string, body?: unknown, options: { timeoutMs?: number } = {}): Promise<W3cAnswer> {
    const headers: [string, string][] = [['Accept', 'application/json']];
    const payload = body === undefined ? (method === 'POST' ? '{}' : undefined) : JSON.stringify(body);
    if (payload !== undefined) headers.push(['Content-Type', 'application/json; charset=utf-8']);
    const response = await request(this.baseUrl, { method, target: path, headers, ...(payload === undefined ? {} : { body: payload }) }, {
      transcript: this.transcript,
      timeoutMs: options.timeoutMs ?? 15_000,
    });
    return toAnswer(response);
  }

  status(): Promise<W3cAnswer> {
    return this.send('GET', 'status');
  }

  async newSession(body: unknown, path = 'session'): Promise<NewSession> {
    const answer = await this.send('POST', path, body, { timeoutMs: SESSION_TIMEOUT_MS });
    const sessionId = isSuccess(answer) ? sessionIdOf(answer) : undefined;
    return { answer, ...(sessionId ? { sessionId } : {}) };
  }

  deleteSession(id: string): Promise<W3cAnswer> {
    return this.send('DELETE', `session/${encodeURIComponent(id)}`, undefined, { timeoutMs: SESSION_TIMEOUT_MS });
  }

  session(id: string, method: Method, path: string, body?: unknown): Promise<W3cAnswer> {
    return this.send(method, `session/${encodeURIComponent(id)}/${path}`, body);
  }

  alertText(id: string): Promise<W3cAnswer> {
    return this.session(id, 'GET', 'alert/text');
  }

  acceptAlert(id: string): Promise<W3cAnswer> {
    return this.session(id, 'POST', 'alert/accept', {});
  }

  execute(id: string, script: string, args: readonly unknown[] = []): Promise<W3cAnswer> {
    return this.session(id, 'POST', 'execute/sync', { script, args });
  }

  /** `GET {base}{vendor}/sessions`: the session-discovery route. */
  listSessions(): Promise<W3cAnswer> {
    return this.send('GET', `${this.vendor}/sessions`);
  }
}
