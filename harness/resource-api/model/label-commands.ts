// Commands of the model run on labels: POST, GET and DELETE (plain, with the label's
// current If-Match, with a stale one) by their owner or by another user, and
// requests without valid credentials (401, nothing changed).
import type fc from 'fast-check';
import { createdId } from '../api-state.ts';
import type { Credential } from '../resource-api-client.ts';
import { neverIssuedLabelId, uniqueName, unknownEtag } from '../unique-name.ts';
import type { ApiModel, ApiReal, LabelState } from './api-model.ts';
import { expectStatus, readAndCompare, settle } from './model-checks.ts';
import type { Condition } from './preference-commands.ts';

/** Another user's label is refused or hidden: the spec allows either. */
const FOREIGN = [403, 404];

function pick(model: ApiModel, index: number): LabelState | undefined {
  return model.labels.length === 0 ? undefined : model.labels[index % model.labels.length];
}

function credentialOf(model: ApiModel, user: number): Credential {
  return model.users[user]?.as ?? 'user';
}

/** The owner's GET agrees with the model: 200 while the label exists, 404 after. */
async function expectLabelState(model: ApiModel, real: ApiReal, label: LabelState, what: string): Promise<void> {
  const response = await real.client.getLabel(label.id, { as: credentialOf(model, label.owner) });
  expectStatus(response, [label.exists ? 200 : 404], `${what}, then GET as its owner`);
}

export class CreateLabel implements fc.AsyncCommand<ApiModel, ApiReal> {
  constructor(readonly user: number) {}

  check(model: Readonly<ApiModel>): boolean {
    return this.user < model.users.length;
  }

  async run(model: ApiModel, real: ApiReal): Promise<void> {
    const response = await real.client.postLabel(uniqueName('model'), { as: credentialOf(model, this.user) });
    expectStatus(response, [201], this.toString());
    const id = createdId(response);
    if (id === undefined) throw new Error(`${this.toString()}: the 201 holds no string id: ${response.text().slice(0, 120)}`);
    model.labels.push({ id, owner: this.user, exists: true, etag: undefined });
  }

  toString(): string {
    return `POST label as u${this.user}`;
  }
}

export class ReadLabel implements fc.AsyncCommand<ApiModel, ApiReal> {
  constructor(readonly user: number, readonly label: number) {}

  check(model: Readonly<ApiModel>): boolean {
    return this.user < model.users.length;
  }

  async run(model: ApiModel, real: ApiReal): Promise<void> {
    const label = pick(model, this.label);
    const response = await real.client.getLabel(label?.id ?? neverIssuedLabelId(), { as: credentialOf(model, this.user) });
    if (!label) return expectStatus(response, [404], `${this.toString()} (an id never issued)`);
    if (label.owner !== this.user) return expectStatus(response, FOREIGN, `${this.toString()} (another user's label)`);
    expectStatus(response, [label.exists ? 200 : 404], `${this.toString()} (${label.exists ? 'exists' : 'deleted'})`);
    if (label.exists) label.etag = response.header('etag');
  }

  toString(): string {
    return `GET label #${this.label} as u${this.user}`;
  }
}

export class DeleteLabel implements fc.AsyncCommand<ApiModel, ApiReal> {
  constructor(readonly user: number, readonly label: number, readonly condition: Condition) {}

  check(model: Readonly<ApiModel>): boolean {
    return this.user < model.users.length;
  }

  async run(model: ApiModel, real: ApiReal): Promise<void> {
    const label = pick(model, this.label);
    const as = credentialOf(model, this.user);
    const what = this.toString();
    if (!label) return expectStatus(await real.client.deleteLabel(neverIssuedLabelId(), { as }), [404], `${what} (an id never issued)`);
    if (label.owner !== this.user) {
      expectStatus(await real.client.deleteLabel(label.id, { as }), FOREIGN, `${what} (another user's label)`);
      return expectLabelState(model, real, label, what);
    }
    if (!label.exists) return expectStatus(await real.client.deleteLabel(label.id, { as }), [404], `${what} (already deleted)`);
    const ifMatch = await this.ifMatchFor(model, real, label);
    const response = await real.client.deleteLabel(label.id, { as, ...(ifMatch ? { ifMatch } : {}) });
    if (ifMatch !== undefined && this.condition === 'stale') {
      expectStatus(response, [412], `${what} (If-Match: ${ifMatch})`);
      return expectLabelState(model, real, label, what);
    }
    expectStatus(response, [204], what);
    await settle(real, async () => (await real.client.getLabel(label.id, { as: credentialOf(model, label.owner) })).statusCode === 404, what);
    label.exists = false;
  }

  /** The If-Match to send: none, the label's current tag, or a stale one — when the label has tags at all. */
  private async ifMatchFor(model: ApiModel, real: ApiReal, label: LabelState): Promise<string | undefined> {
    if (this.condition === 'none') return undefined;
    if (label.etag === undefined) {
      const response = await real.client.getLabel(label.id, { as: credentialOf(model, label.owner) });
      expectStatus(response, [200], `${this.toString()}: GET of the label for its ETag`);
      label.etag = response.header('etag');
    }
    if (label.etag === undefined) return undefined;
    return this.condition === 'current' ? label.etag : unknownEtag();
  }

  toString(): string {
    return `DELETE label #${this.label} as u${this.user}${this.condition === 'none' ? '' : ` If-Match=${this.condition}`}`;
  }
}

export type Intrusion = 'patch' | 'delete' | 'post' | 'get';

/** A request without valid credentials: 401, and nothing changed. */
export class Unauthenticated implements fc.AsyncCommand<ApiModel, ApiReal> {
  constructor(readonly request: Intrusion, readonly credential: 'none' | 'unknown', readonly label: number) {}

  check(): boolean {
    return true;
  }

  async run(model: ApiModel, real: ApiReal): Promise<void> {
    const as = this.credential;
    const user = model.users[0];
    if (!user) throw new Error('the model has no user');
    const label = pick(model, this.label);
    const what = this.toString();
    switch (this.request) {
      case 'patch':
        expectStatus(await real.client.patchPreferences(!user.digest, { userId: user.userId, as }), [401], what);
        return void (await readAndCompare(real, user, `${what}, then GET`));
      case 'delete':
        expectStatus(await real.client.deleteLabel(label?.id ?? neverIssuedLabelId(), { as }), [401], what);
        return label ? expectLabelState(model, real, label, what) : undefined;
      case 'post':
        return expectStatus(await real.client.postLabel(uniqueName('intruder'), { as }), [401], what);
      case 'get':
        return expectStatus(await real.client.getPreferences(user.userId, { as }), [401], what);
    }
  }

  toString(): string {
    return `${this.request.toUpperCase()} ${this.credential === 'none' ? 'without Authorization' : 'with an unknown token'}`;
  }
}
