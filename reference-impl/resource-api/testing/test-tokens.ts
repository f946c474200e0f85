// Users of the resource API's own tests: a token table tests add fresh users to.
import { randomBytes } from 'node:crypto';
import type { TokenTable } from '../token-table.ts';

export interface TestUser {
  readonly id: string;
  readonly token: string;
  readonly auth: string;
}

/** A token table that tests can add users to; the lookup is the same contract as the real one. */
export class TestTokens implements TokenTable {
  readonly #byToken = new Map<string, string>();
  get users(): readonly string[] { return [...new Set(this.#byToken.values())]; }
  userFor(token: string): string | undefined { return this.#byToken.get(token); }
  /** A user no earlier test has touched, with a token of its own. */
  fresh(prefix = 'u'): TestUser {
    const id = `${prefix}-${randomBytes(5).toString('hex')}`;
    const token = `tok-${randomBytes(12).toString('hex')}`;
    this.#byToken.set(token, id);
    return { id, token, auth: `Bearer ${token}` };
  }
}
