// Every session a check creates is deleted when the check ends, whatever happened:
// the next check (and, on a one-session-per-device server, the device) must be free.
import { describeAnswer, type W3cAnswer } from './w3c-answer.ts';
import type { NewSession, W3cClient } from './w3c-client.ts';

export class SessionKeeper {
  readonly #open = new Set<string>();

  constructor(private readonly client: W3cClient) {}

  /** Sends a new-session request; a session it creates is deleted at the end of the check. */
  async request(body: unknown, path?: string): Promise<NewSession> {
    const created = await this.client.newSession(body, path);
    if (created.sessionId) this.#open.add(created.sessionId);
    return created;
  }

  /** Creates a session that must be created; throws with the answer otherwise. */
  async create(body: unknown, path?: string): Promise<string> {
    const { answer, sessionId } = await this.request(body, path);
    if (!sessionId) throw new Error(`a session the target can create was refused or came without an id: ${describeAnswer(answer)}`);
    return sessionId;
  }

  /** Deletes a session now (and no longer at the end). */
  async delete(id: string): Promise<W3cAnswer> {
    this.#open.delete(id);
    return this.client.deleteSession(id);
  }

  /** A session created outside this keeper (webdriverio) that the check must not leave behind. */
  adopt(id: string): void {
    this.#open.add(id);
  }

  forget(id: string): void {
    this.#open.delete(id);
  }

  async closeAll(): Promise<void> {
    const ids = [...this.#open];
    this.#open.clear();
    await Promise.allSettled(ids.map((id) => this.client.deleteSession(id)));
  }
}
