// The Pact contract of the resource API in CI: the consumer test writes the pact to
// reports/pacts/ (kept as a CI artifact), and the very file it wrote is then verified
// against the bundled reference, served on its own as any provider would be. The 204
// interactions must declare an empty body — otherwise Pact accepts any body — and the
// JSON media type of the others is matched in any letter case.
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../harness/project-paths.ts';
import { PACT_FILE_NAME, summarizePact } from '../../harness/resource-api/pact/consumer-contract.ts';
import { runPact } from '../../harness/resource-api/pact/pact-process.ts';
import { serveReference, type Served } from '../testing/serve-reference.ts';

const PACT_DIR = projectPath('reports', 'pacts');
const TOKEN = 'pact-provider-token-4a1f09';
const target = (served: Served) => ({ baseUrl: served.baseUrl, token: TOKEN, userId: 'carol', otherUserId: 'dave' });

const ENV = { API_TOKENS: `${TOKEN}:carol` };

/**
 * A proxy in front of the reference that answers `Application/JSON` wherever the
 * reference says `application/json`: the same media type (RFC 9110 §8.3.1).
 */
async function caseChangingProxy(upstream: string): Promise<{ baseUrl: string; rewritten: () => number; close: () => Promise<void> }> {
  const origin = new URL(upstream);
  let rewritten = 0;
  const server = createServer((req, res) => {
    const forward = httpRequest({ host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const headers = { ...answer.headers };
      const type = headers['content-type'];
      if (typeof type === 'string' && /^application\/json/i.test(type)) {
        headers['content-type'] = type.replace(/^application\/json/i, 'Application/JSON');
        rewritten += 1;
      }
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    rewritten: () => rewritten,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describe('resource-api Pact contract', () => {
  let clean: Served;
  beforeAll(async () => {
    clean = await serveReference('resource-api', ENV);
  }, 60_000);
  afterAll(async () => {
    await clean?.stop();
  });

  it('the consumer test writes the pact to reports/pacts/, its 204 interactions with an empty body', async () => {
    const run = await runPact({ pactDir: PACT_DIR });
    expect(run.error, run.output).toBeUndefined();
    expect(run.pactFile).toBe(join(PACT_DIR, PACT_FILE_NAME));
    expect(existsSync(join(PACT_DIR, PACT_FILE_NAME))).toBe(true);
    const noContent = summarizePact(join(PACT_DIR, PACT_FILE_NAME)).filter((i) => i.status === 204);
    expect(noContent.map((i) => i.description).sort()).toEqual(['a DELETE of an existing label', 'a PATCH of weeklyDigest']);
    for (const interaction of noContent) {
      expect(interaction.body, `${interaction.description}: the 204 must declare an empty body`).toBe('');
      expect(interaction.responseHeaders, `${interaction.description}: a 204 needs no Content-Type`).not.toContain('Content-Type');
    }
  }, 60_000);

  it('the pact written above verifies against the reference (provider verification)', async () => {
    const run = await runPact({ pactDir: PACT_DIR, verifyOnly: true, target: target(clean) });
    expect(run.error, run.output).toBeUndefined();
    expect(run.mismatches).toEqual([]);
    expect(run.verified && run.passed, run.output).toBe(true);
    expect(run.output).not.toContain(TOKEN);
  }, 60_000);

  it('the pact verifies against a provider that spells its JSON media type in another letter case (RA-PACT-01 judges no letter case)', async () => {
    const proxy = await caseChangingProxy(clean.baseUrl);
    try {
      const run = await runPact({ pactDir: PACT_DIR, verifyOnly: true, target: target({ ...clean, baseUrl: proxy.baseUrl }) });
      expect(proxy.rewritten(), 'the proxy rewrote no Content-Type').toBeGreaterThan(0);
      expect(run.mismatches).toEqual([]);
      expect(run.verified && run.passed, run.output).toBe(true);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('and fails against a provider whose PATCH answers 200 with a body, naming the non-empty body', async () => {
    // Started only now, not beside the clean one: two references starting at once are slow on 2 cores.
    const faulty = await serveReference('resource-api', { ...ENV, CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'patch-200-with-body' });
    try {
      const run = await runPact({ pactDir: PACT_DIR, verifyOnly: true, target: target(faulty) });
      expect(run.passed).toBe(false);
      expect(run.mismatches.join('\n')).toMatch(/a PATCH of weeklyDigest: Expected empty body/);
    } finally {
      await faulty.stop();
    }
  }, 90_000);
});
