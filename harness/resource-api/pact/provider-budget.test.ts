// The Pact path within the response budget: Pact's verifier (its Rust core runs in this
// process) replays the consumer contract against a real local target that floods every
// answer. The verification ends naming the budget, and this process keeps no more than a
// few MiB of what the target sent, where the verifier would otherwise hold each answer whole.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redactor, Transcript } from '../../http/index.ts';
import { FLOODS, startFloodServer, type FloodServer } from '../../http/testing/flood-server.ts';
import { measurePeakRss } from '../../http/testing/peak-rss.ts';
import type { ResourceApiTarget } from '../resource-api-target.ts';
import { ResourceApiClient } from '../resource-api-client.ts';
import { writeConsumerPact } from './consumer-contract.ts';
import { verifyPact } from './provider-verification.ts';

const MiB = 1024 * 1024;

let dir = '';
let pactFile = '';
let server: FloodServer | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wirecheck-pact-budget-'));
  pactFile = await writeConsumerPact(dir);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('Pact provider verification within the response budget', () => {
  // The verifier's own requests (the preferences) go through pact-js's proxy; the states' set-up (labels) through the raw layer.
  it.each([
    ['an endless chunked body', FLOODS.chunked, / from 127\.0\.0\.1:\d+ was larger than 4 MiB \(--max-response-bytes\); the connection was dropped$/],
    ['a head declaring 2 GiB, then silence', FLOODS.hugeLengthSilent, / from 127\.0\.0\.1:\d+ declares Content-Length: 2147483648, larger than 4 MiB \(--max-response-bytes\); the connection was dropped without reading its body$/],
  ])('fails every answer with %s naming the budget', async (_, flood, reason) => {
    server = await startFloodServer(flood);
    const target: ResourceApiTarget = { system: 'resource-api', kind: 'external', baseUrl: server.url, capabilities: [], token: 'pact-token-1234', userId: 'u1', otherUserId: 'u2' };
    const client = new ResourceApiClient(target, new Transcript(new Redactor({ secrets: [target.token] })));
    const { outcome, peakRssDelta } = await measurePeakRss(() => verifyPact(pactFile, client));
    if (!('value' in outcome)) throw outcome.error;
    expect(outcome.value.passed).toBe(false);
    const reasons = outcome.value.tooLarge ?? [];
    expect(reasons.some((r) => /^the answer to (GET|PATCH) \/v1\/users\/u1\/preferences /.test(r))).toBe(true);
    expect(reasons.some((r) => /^the answer to POST \/v1\/labels /.test(r))).toBe(true);
    for (const r of reasons) expect(r).toMatch(reason);
    expect(peakRssDelta).toBeLessThan(100 * MiB);
    await expect.poll(() => server?.openConnections()).toBe(0);
  }, 60_000);
});
