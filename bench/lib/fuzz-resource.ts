// Fuzz cases for the resource API. Effects are observable two ways: the probe counts
// label.deleted effects per label, and a user's preferences carry a version (ETag).
// Protected labels are only ever sent refused DELETEs, and carol only refused or
// abandoned PATCHes: at the end the labels exist with no effect and carol is at "v0".
import { chunked, hostileHeaderSets, rawRequest, type FuzzCase } from './fuzz-case.ts';
import { pick, weighted, type Random } from './prng.ts';
import type { RawOutcome } from './raw-lane.ts';

export const RESOURCE_TOKENS = { alice: 'dev-token-alice', bob: 'dev-token-bob', carol: 'fuzz-token-carol' } as const;
export const RESOURCE_API_TOKENS = `${RESOURCE_TOKENS.alice}:alice,${RESOURCE_TOKENS.bob}:bob,${RESOURCE_TOKENS.carol}:carol`;

export class ResourceLedger {
  readonly protectedLabels: string[] = [];
  readonly deletable: string[] = [];
  /** per deletable label: how many DELETEs answered 204 */
  readonly deleted204 = new Map<string, number>();
  /** refused DELETEs of protected labels answered 2xx (must stay 0) */
  protectedAnswered2xx = 0;
  carolAnswered2xx = 0;
}

const auth = (token: string): [string, string] => ['Authorization', `Bearer ${token}`];
const jsonType: [string, string] = ['Content-Type', 'application/json'];
const body = (value: unknown) => Buffer.from(JSON.stringify(value));
const status0 = (o: RawOutcome) => (o.kind === 'response' ? o.statuses[0] : undefined);
const is2xx = (s: number | undefined) => s !== undefined && s >= 200 && s < 300;

const WEIGHTS = {
  patchValid: 8, getPrefs: 6, postLabel: 8, deleteOwn: 8, refusedDelete: 14, carolRefused: 16, hostile: 8,
  wrongRoute: 8, preflight: 4, slowAbandoned: 1.5, slowComplete: 1.5, pipelined: 3, failNextCommit: 0.3, chunkedPatch: 3,
} as const;

export function resourceCases(random: Random, ledger: ResourceLedger): () => FuzzCase {
  const prefs = (user: string) => `/v1/users/${user}/preferences`;
  return () => {
    const kind = weighted(random, WEIGHTS);
    switch (kind) {
      case 'patchValid':
        return { kind, bytes: rawRequest('PATCH', prefs('alice'), [auth(RESOURCE_TOKENS.alice), jsonType], body({ weeklyDigest: random() < 0.5 })), send: { methods: ['PATCH'] } };
      case 'getPrefs':
        return { kind, bytes: rawRequest('GET', prefs('alice'), [auth(RESOURCE_TOKENS.alice)]), send: { methods: ['GET'] } };
      case 'postLabel':
        return {
          kind, bytes: rawRequest('POST', '/v1/labels', [auth(RESOURCE_TOKENS.alice), jsonType], body({ name: `fuzz-${Math.floor(random() * 1e9)}` })), send: { methods: ['POST'] },
          settle: (o) => {
            if (o.kind !== 'response' || o.statuses[0] !== 201) return;
            const id = (JSON.parse(o.bodies[0]?.toString('utf8') ?? '{}') as { id?: unknown }).id;
            if (typeof id === 'string') ledger.deletable.push(id);
          },
        };
      case 'deleteOwn': {
        const label = ledger.deletable.length ? pick(random, ledger.deletable) : undefined;
        if (!label) return { kind, bytes: rawRequest('GET', '/healthz', []), send: { methods: ['GET'] } };
        return { kind, bytes: rawRequest('DELETE', `/v1/labels/${label}`, [auth(RESOURCE_TOKENS.alice)]), send: { methods: ['DELETE'] }, settle: (o) => { if (status0(o) === 204) ledger.deleted204.set(label, (ledger.deleted204.get(label) ?? 0) + 1); } };
      }
      case 'refusedDelete': {
        const label = pick(random, ledger.protectedLabels);
        const headers = pick(random, [[], [auth('not-a-token')], [auth(RESOURCE_TOKENS.bob)], [auth(RESOURCE_TOKENS.alice), ['If-Match', '"v999"']], [auth(RESOURCE_TOKENS.alice), ['If-Match', 'W/"v1"']], [['Authorization', 'Basic YWxpY2U6eA==']]] as Array<Array<[string, string]>>);
        return { kind, bytes: rawRequest('DELETE', `/v1/labels/${label}`, headers), send: { methods: ['DELETE'] }, settle: (o) => { if (is2xx(status0(o))) ledger.protectedAnswered2xx += 1; } };
      }
      case 'carolRefused': {
        const carol = auth(RESOURCE_TOKENS.carol);
        const [headers, payload] = pick(random, [
          [[carol, ['Content-Type', 'text/plain']], body({ weeklyDigest: true })],
          [[carol, jsonType], Buffer.from('{"weeklyDigest":')],
          [[carol, jsonType], body({ weeklyDigest: true, extra: 1 })],
          [[carol, jsonType], body({ weeklyDigest: 'yes' })],
          [[carol, jsonType], body([{ weeklyDigest: true }])],
          [[carol, jsonType], Buffer.alloc(0)],
          [[carol, jsonType], Buffer.concat([Buffer.from('{"weeklyDigest":true,"x":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')])],
          [[carol, jsonType], body({ weeklyDigest: true, pad: 'p'.repeat(70_000) })],
          [[carol, jsonType, ['If-Match', '"v7"']], body({ weeklyDigest: true })],
          [[jsonType], body({ weeklyDigest: true })],
          [[auth(RESOURCE_TOKENS.bob), jsonType], body({ weeklyDigest: true })],
        ] as Array<[Array<[string, string]>, Buffer]>);
        return { kind, bytes: rawRequest('PATCH', prefs('carol'), headers, payload), send: { methods: ['PATCH'], fresh: payload.length > 60_000 }, settle: (o) => { if (is2xx(status0(o))) ledger.carolAnswered2xx += 1; } };
      }
      case 'hostile': {
        const set = pick(random, hostileHeaderSets(random));
        return { kind: `hostile:${set.name}`, bytes: rawRequest('PATCH', prefs('carol'), [...set.headers, auth(RESOURCE_TOKENS.carol), jsonType], body({ weeklyDigest: true })), send: { methods: ['PATCH'], fresh: true }, settle: (o) => { if (is2xx(status0(o))) ledger.carolAnswered2xx += 1; } };
      }
      case 'wrongRoute': {
        const [method, path] = pick(random, [['PUT', prefs('alice')], ['POST', '/v1/labels/x'], ['GET', '/v2/labels'], ['GET', `/v1/labels/${'a'.repeat(300)}`], ['GET', '/v1/labels/%zz'], ['TRACE', '/v1/labels'], ['GET', `/${'b'.repeat(9000)}`], ['DELETE', '/v1/labels/lbl_000000000000000000000000']] as const);
        return { kind, bytes: rawRequest(method, path, [auth(RESOURCE_TOKENS.alice)]), send: { methods: [method], fresh: true } };
      }
      case 'preflight':
        return { kind, bytes: rawRequest('OPTIONS', '/v1/labels', [['Origin', 'https://example.test'], ['Access-Control-Request-Method', 'DELETE']]), send: { methods: ['OPTIONS'] } };
      case 'slowAbandoned':
      case 'slowComplete': {
        const abandon = kind === 'slowAbandoned';
        const bytes = abandon
          ? rawRequest('PATCH', prefs('carol'), [auth(RESOURCE_TOKENS.carol), jsonType], body({ weeklyDigest: true }))
          : rawRequest('GET', prefs('alice'), [auth(RESOURCE_TOKENS.alice)]);
        return { kind, bytes, send: { methods: [abandon ? 'PATCH' : 'GET'], fresh: true, partial: { splitAt: Math.floor(random() * (bytes.length - 1)) + 1, pauseMs: 50 + Math.floor(random() * 450), abandon } } };
      }
      case 'pipelined': {
        const bytes = Buffer.concat([rawRequest('PATCH', prefs('alice'), [auth(RESOURCE_TOKENS.alice), jsonType], body({ weeklyDigest: true })), rawRequest('GET', prefs('alice'), [auth(RESOURCE_TOKENS.alice)])]);
        return { kind, bytes, send: { methods: ['PATCH', 'GET'], fresh: true } };
      }
      case 'failNextCommit':
        return { kind, bytes: rawRequest('POST', '/__probe/fail-next-commit', []), send: { methods: ['POST'] }, deliberate503: true };
      case 'chunkedPatch':
        return { kind, bytes: Buffer.concat([rawRequest('PATCH', prefs('alice'), [auth(RESOURCE_TOKENS.alice), jsonType, ['Transfer-Encoding', 'chunked']]), chunked(body({ weeklyDigest: false }), 3)]), send: { methods: ['PATCH'] } };
    }
  };
}
