// The consumer side of the Pact contract: each interaction the typed client relies
// on, exercised against Pact's mock server, written to `<dir>/<consumer>-<provider>.json`.
// Provider states name what the provider must set up; the ids they create (a user's
// id, a label's id) are injected into the paths at verification time.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MatchersV3, PactV3 } from '@pact-foundation/pact';
import { ResourceApiConsumer } from './resource-api-consumer.ts';

export const CONSUMER = 'wirecheck-resource-api-client';
export const PROVIDER = 'resource-api';
export const PACT_FILE_NAME = `${CONSUMER}-${PROVIDER}.json`;

export const STATES = {
  user: 'the user may act for their own preferences',
  label: 'the user has a label',
  deletedLabel: 'the user had a label that was deleted',
} as const;

const EXAMPLE_USER = 'alice';
const MOCK_SETTLE_MS = 50;
const EXAMPLE_LABEL = 'lbl_0123456789abcdef01234567';
const { boolean, fromProviderState, like, regex } = MatchersV3;
const AUTHORIZATION = { Authorization: regex('^Bearer \\S+$', 'Bearer consumer-token') };
/** Each letter either case: `[aA][pP]…`, a pattern JavaScript and Pact's Rust regex engine read alike. */
const anyCase = (text: string): string => text.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
/**
 * application/json in any letter case (RFC 9110 §8.3.1: type and subtype are
 * case-insensitive), with any parameters. The spec names no response media type, so
 * the contract holds no more than what a JSON client needs to read the body as JSON.
 */
export const JSON_CONTENT_TYPE_PATTERN = `^${anyCase('application/json')}[ \\t]*(;.*)?$`;
const JSON_TYPE = { 'Content-Type': regex(JSON_CONTENT_TYPE_PATTERN, 'application/json') };
const preferencesPath = fromProviderState('/v1/users/${userId}/preferences', `/v1/users/${EXAMPLE_USER}/preferences`);
const labelPath = fromProviderState('/v1/labels/${labelId}', `/v1/labels/${EXAMPLE_LABEL}`);

/**
 * A 204 interaction must say its body is empty, or Pact would accept any body. Pact-JS
 * drops an empty body given to willRespondWith, so the empty body is set on the
 * interaction underneath (pact-core's withResponseBody); the consumer test asserts
 * that the written pact holds `"body": ""` for every 204, so a change here is caught.
 */
function emptyResponseBody(pact: PactV3): void {
  const interaction = (pact as unknown as { interaction?: { withResponseBody?: (body: string, contentType: string) => boolean } }).interaction;
  if (typeof interaction?.withResponseBody !== 'function' || !interaction.withResponseBody('', 'text/plain')) {
    throw new Error('cannot declare an empty response body with this version of @pact-foundation/pact');
  }
}

type Interaction = (pact: PactV3) => Promise<void>;

const mock = (url: string) => new ResourceApiConsumer(url, 'consumer-token');

/**
 * Runs one consumer test. Pact's mock server can record a request as matched only
 * after the client already has its answer; asking for the mismatches right then finds
 * the request "expected but not received" on a busy machine. A short pause closes
 * that race (it is Pact's bookkeeping, not the client, that is waited for).
 */
async function consumerTest(pact: PactV3, test: (client: ResourceApiConsumer) => Promise<void>): Promise<void> {
  await pact.executeTest(async ({ url }) => {
    await test(mock(url));
    await sleep(MOCK_SETTLE_MS);
  });
}

const interactions: Interaction[] = [
  async (pact) => {
    pact.given(STATES.user).uponReceiving('a PATCH of weeklyDigest')
      .withRequest({ method: 'PATCH', path: preferencesPath, headers: { ...AUTHORIZATION, 'Content-Type': 'application/json' }, body: { weeklyDigest: true } })
      .willRespondWith({ status: 204 });
    emptyResponseBody(pact);
    await consumerTest(pact, (client) => client.setWeeklyDigest(EXAMPLE_USER, true));
  },
  async (pact) => {
    pact.given(STATES.user).uponReceiving('a GET of the preferences')
      .withRequest({ method: 'GET', path: preferencesPath, headers: AUTHORIZATION })
      .willRespondWith({ status: 200, headers: JSON_TYPE, body: { weeklyDigest: boolean(true) } });
    await consumerTest(pact, async (client) => {
      if (typeof (await client.getPreferences(EXAMPLE_USER)).weeklyDigest !== 'boolean') throw new Error('no boolean weeklyDigest');
    });
  },
  async (pact) => {
    pact.given(STATES.user).uponReceiving('a POST of a label')
      .withRequest({ method: 'POST', path: '/v1/labels', headers: { ...AUTHORIZATION, 'Content-Type': 'application/json' }, body: { name: like('groceries') } })
      .willRespondWith({ status: 201, headers: JSON_TYPE, body: { id: like(EXAMPLE_LABEL) } });
    await consumerTest(pact, async (client) => {
      if ((await client.createLabel('groceries')).id !== EXAMPLE_LABEL) throw new Error('the client lost the id');
    });
  },
  async (pact) => {
    pact.given(STATES.label).uponReceiving('a GET of an existing label')
      .withRequest({ method: 'GET', path: labelPath, headers: AUTHORIZATION })
      .willRespondWith({ status: 200 });
    await consumerTest(pact, async (client) => {
      if (!(await client.labelExists(EXAMPLE_LABEL))) throw new Error('the client saw no label');
    });
  },
  async (pact) => {
    pact.given(STATES.label).uponReceiving('a DELETE of an existing label')
      .withRequest({ method: 'DELETE', path: labelPath, headers: AUTHORIZATION })
      .willRespondWith({ status: 204 });
    emptyResponseBody(pact);
    await consumerTest(pact, async (client) => {
      if ((await client.deleteLabel(EXAMPLE_LABEL)) !== 'deleted') throw new Error('the client did not see the deletion');
    });
  },
  async (pact) => {
    pact.given(STATES.deletedLabel).uponReceiving('a repeated DELETE of a deleted label')
      .withRequest({ method: 'DELETE', path: labelPath, headers: AUTHORIZATION })
      .willRespondWith({ status: 404 });
    await consumerTest(pact, async (client) => {
      if ((await client.deleteLabel(EXAMPLE_LABEL)) !== 'absent') throw new Error('the client did not see the absence');
    });
  },
  async (pact) => {
    pact.given(STATES.deletedLabel).uponReceiving('a GET of a deleted label')
      .withRequest({ method: 'GET', path: labelPath, headers: AUTHORIZATION })
      .willRespondWith({ status: 404 });
    await consumerTest(pact, async (client) => {
      if (await client.labelExists(EXAMPLE_LABEL)) throw new Error('the client saw a deleted label');
    });
  },
];

/** Runs the consumer interactions against Pact's mock server and returns the pact file written. */
export async function writeConsumerPact(dir: string): Promise<string> {
  const file = join(dir, PACT_FILE_NAME);
  // Interactions merge into an existing file: start from none, so the pact is exactly these.
  rmSync(file, { force: true });
  const pact = new PactV3({ consumer: CONSUMER, provider: PROVIDER, dir, logLevel: 'error' });
  for (const interaction of interactions) await interaction(pact);
  if (!existsSync(file)) throw new Error(`Pact wrote no file at ${file}`);
  return file;
}

export interface PactInteractionSummary {
  readonly description: string;
  readonly status: number;
  /** `""` when the interaction declares an empty body; undefined when it declares none. */
  readonly body: unknown;
  readonly responseHeaders: readonly string[];
}

/** The interactions of a pact file, as far as the 204 rules care. */
export function summarizePact(file: string): PactInteractionSummary[] {
  const pact = JSON.parse(readFileSync(file, 'utf8')) as { interactions: { description: string; response: { status: number; body?: unknown; headers?: Record<string, unknown> } }[] };
  return pact.interactions.map((i) => ({
    description: i.description, status: i.response.status, body: i.response.body, responseHeaders: Object.keys(i.response.headers ?? {}),
  }));
}
