// A small typed client of the resource API, as an application would write one — the
// consumer whose contract (Pact) is verified against targets. It follows 204 rules 7:
// it branches on the status first and decodes JSON only where a body is promised,
// never the empty content of a 204.

export interface Preferences {
  readonly weeklyDigest: boolean;
}

/** An answer the contract does not allow, with what came back. */
export class UnexpectedAnswer extends Error {
  override readonly name = 'UnexpectedAnswer';
  constructor(readonly operation: string, readonly status: number, readonly body: string) {
    super(`${operation} answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
  }
}

export class ResourceApiConsumer {
  readonly #base: string;

  /** `baseUrl` is the service root (`http://host:port/`); `token` a bearer token. */
  constructor(baseUrl: string, readonly token: string) {
    this.#base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  }

  async #call(operation: string, method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(new URL(path, this.#base), { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  }

  async #unexpected(operation: string, response: Response): Promise<never> {
    throw new UnexpectedAnswer(operation, response.status, await response.text());
  }

  async getPreferences(userId: string): Promise<Preferences> {
    const operation = `GET preferences of ${userId}`;
    const response = await this.#call(operation, 'GET', `v1/users/${encodeURIComponent(userId)}/preferences`);
    if (response.status !== 200) return this.#unexpected(operation, response);
    const body = (await response.json()) as { weeklyDigest?: unknown };
    if (typeof body.weeklyDigest !== 'boolean') throw new UnexpectedAnswer(operation, 200, JSON.stringify(body));
    return { weeklyDigest: body.weeklyDigest };
  }

  /** PATCH; resolves on 204 without reading a body (there is none to read). */
  async setWeeklyDigest(userId: string, weeklyDigest: boolean): Promise<void> {
    const operation = `PATCH preferences of ${userId}`;
    const response = await this.#call(operation, 'PATCH', `v1/users/${encodeURIComponent(userId)}/preferences`, { weeklyDigest });
    if (response.status !== 204) return this.#unexpected(operation, response);
    await response.body?.cancel();
  }

  async createLabel(name: string): Promise<{ id: string }> {
    const operation = 'POST labels';
    const response = await this.#call(operation, 'POST', 'v1/labels', { name });
    if (response.status !== 201) return this.#unexpected(operation, response);
    const body = (await response.json()) as { id?: unknown };
    if (typeof body.id !== 'string') throw new UnexpectedAnswer(operation, 201, JSON.stringify(body));
    return { id: body.id };
  }

  /** true on 200, false on 404; the label body's shape is not part of the contract. */
  async labelExists(id: string): Promise<boolean> {
    const operation = `GET label ${id}`;
    const response = await this.#call(operation, 'GET', `v1/labels/${encodeURIComponent(id)}`);
    if (response.status !== 200 && response.status !== 404) return this.#unexpected(operation, response);
    await response.body?.cancel();
    return response.status === 200;
  }

  /** 'deleted' on 204, 'absent' on 404 (a repeat, or a label that never was). */
  async deleteLabel(id: string): Promise<'deleted' | 'absent'> {
    const operation = `DELETE label ${id}`;
    const response = await this.#call(operation, 'DELETE', `v1/labels/${encodeURIComponent(id)}`);
    if (response.status !== 204 && response.status !== 404) return this.#unexpected(operation, response);
    await response.body?.cancel();
    return response.status === 204 ? 'deleted' : 'absent';
  }
}
