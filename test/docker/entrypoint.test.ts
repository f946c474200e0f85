// The image's entrypoint, run directly on the host for every service of
// docker/compose.yaml built from docker/Dockerfile: the Dockerfile's RUN steps first
// (the device server's driver install), then each service's command with the image's
// ENV and the environment compose gives it — HOST=127.0.0.1, free ports — until its
// own compose health check passes. Driven by the parsed files, so drift is caught.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../harness/project-paths.ts';
import { freePort } from '../testing/serve-reference.ts';
import { databaseUrl, dropSchema, uniqueSchemaName } from '../testing/postgres.ts';
import { COMPOSE_FILE, loadCompose } from './testing/compose.ts';
import { parseDockerfile } from './testing/dockerfile.ts';
import { composeEnv, hostEnv, imageOnHost, runHealthCheck, runShell, serviceArgv, startOnHost, waitListening, withFlags, type HostService } from './testing/image-on-host.ts';

const compose = loadCompose(COMPOSE_FILE);
const built = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);
const root = mkdtempSync(join(tmpdir(), 'wirecheck-image-on-host-'));
const image = imageOnHost(parseDockerfile(readFileSync(projectPath('docker/Dockerfile'), 'utf8')), root);
// Compose's required variables, as an operator would set them.
const VARS = { WEBHOOK_SECRET: 'compose-test-secret' };
const running = new Map<string, HostService>();
const schemas = new Map<string, string>();

if (!databaseUrl) {
  console.warn('[note] entrypoint.test: DATABASE_URL is unset, so the services run on embedded PGlite each; with it they share one PostgreSQL as in compose.yaml');
}

/** compose's DATABASE_URL names the `postgres` service: on the host, the test's PostgreSQL (one fresh schema per compose schema) or PGlite. */
function storeEnv(name: string, env: Record<string, string>): Record<string, string> {
  const { DATABASE_URL: _url, DATABASE_SCHEMA: schema, ...rest } = env;
  if (_url === undefined) return rest;
  if (!databaseUrl) return { ...rest, DATA_DIR: join(root, `data-${name}`) };
  const key = schema ?? 'public';
  if (!schemas.has(key)) schemas.set(key, uniqueSchemaName(`wcimg_${key}`));
  return { ...rest, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schemas.get(key) ?? '' };
}

beforeAll(async () => {
  const buildEnv = { ...hostEnv(), ...image.env };
  for (const step of image.runSteps) {
    const result = await runShell(step, buildEnv);
    if (result.code !== 0) throw new Error(`RUN ${step} failed:\n${result.output}`);
  }
  await Promise.all(built.map(async ([name, service]) => {
    const port = String(await freePort());
    const env = { ...hostEnv(), ...image.env, ...storeEnv(name, composeEnv(service, VARS)), HOST: '127.0.0.1', PORT: port };
    const argv = withFlags(serviceArgv(image, service), { '--port': port, '--address': '127.0.0.1' });
    const started = startOnHost(name, argv, env, Number(port));
    running.set(name, started);
    await waitListening(started);
  }));
}, 90_000);

afterAll(async () => {
  await Promise.all([...running.values()].map((s) => s.stop()));
  for (const schema of schemas.values()) await dropSchema(schema);
  rmSync(root, { recursive: true, force: true });
});

describe('the reference image run on the host, one process per compose service', () => {
  it('covers every service built from docker/Dockerfile', () => {
    expect(built.map(([name]) => name).sort()).toEqual(['device-server', 'resource-api', 'webhook-1', 'webhook-2', 'webhook-worker']);
  });

  it.each(built.map(([name]) => name))('%s answers GET /healthz 200 and passes its compose health check', async (name) => {
    const service = running.get(name);
    if (!service) throw new Error(`${name} did not start`);
    const response = await fetch(new URL('healthz', service.url));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    const check = await runHealthCheck(service, compose.services[name]?.healthcheck?.test ?? []);
    expect(check.code, check.output).toBe(0);
  });

  it('keeps the probe API and session discovery off, as compose.yaml runs them', async () => {
    const api = running.get('resource-api')?.url ?? '';
    expect((await fetch(new URL('__probe/effects?kind=label.deleted&subject=x', api))).status).toBe(404);
    const device = running.get('device-server')?.url ?? '';
    expect((await fetch(new URL('vendor/sessions', device))).status).toBe(404);
  });

  it('serves the device server with the simulated driver the image installs', async () => {
    const device = running.get('device-server');
    expect(device?.output()).toContain('Driver simandroid loaded');
    expect(device?.env['VENDOR_HOME']).toBe(join(root, 'vendor-home'));
  });
});
