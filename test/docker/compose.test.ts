// docker/compose.yaml and its conformance override, validated without a Docker engine:
// services and images, loopback-only ports, health checks, the environment wiring
// (one database for both receivers and the worker; probe off unless the override is
// used), depends_on conditions — and that `--target docker` starts what they describe.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../harness/project-paths.ts';
import { POSTGRES_ALIAS, POSTGRES_DATABASE, POSTGRES_IMAGE, POSTGRES_USER, REFERENCE_IMAGE } from '../../harness/target/docker/stack-spec.ts';
import { REFERENCE_APP } from '../../harness/systems/device-server/device-server-reference.ts';
import { CONTAINER_APP_PATH } from '../../harness/systems/device-server/device-server-containers.ts';
import { systemModules } from '../../harness/systems/registry.ts';
import { execForm, parseDockerfile } from './testing/dockerfile.ts';
import { COMPOSE_FILE, CONFORMANCE_OVERRIDE_FILE, loadCompose, parsePort, withOverride, type ComposeService } from './testing/compose.ts';

const compose = loadCompose(COMPOSE_FILE);
const override = loadCompose(CONFORMANCE_OVERRIDE_FILE);
const conformance = withOverride(compose, override);
const services = Object.entries(compose.services);
const referenceServices = services.filter(([, s]) => s.build !== undefined);
const service = (name: string): ComposeService => compose.services[name] ?? {};
const env = (name: string) => service(name).environment ?? {};

describe('docker/compose.yaml', () => {
  it('runs PostgreSQL, two webhook receivers, a worker, the resource API and the device server', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['device-server', 'postgres', 'resource-api', 'webhook-1', 'webhook-2', 'webhook-worker']);
    expect(service('postgres').image).toBe(POSTGRES_IMAGE);
    expect(POSTGRES_IMAGE).toMatch(/^postgres:\d[\w.-]*$/); // pinned, not latest
  });

  it('builds every other service from docker/Dockerfile as the one reference image', () => {
    expect(referenceServices.map(([name]) => name).sort()).toEqual(['device-server', 'resource-api', 'webhook-1', 'webhook-2', 'webhook-worker']);
    for (const [name, s] of referenceServices) {
      expect(s.image, name).toBe(REFERENCE_IMAGE);
      const context = resolve(dirname(COMPOSE_FILE), s.build?.context ?? '');
      expect(context, name).toBe(projectPath());
      expect(existsSync(resolve(context, s.build?.dockerfile ?? 'Dockerfile')), name).toBe(true);
    }
  });

  it('publishes ports on 127.0.0.1 only, each host port once, PostgreSQL not at all', () => {
    const published = services.flatMap(([name, s]) => (s.ports ?? []).map((p) => ({ name, ...parsePort(p) })));
    expect(published.length).toBe(4);
    for (const port of published) expect(port.hostIp, `${port.name}: ${port.hostPort}`).toBe('127.0.0.1');
    expect(new Set(published.map((p) => p.hostPort)).size).toBe(published.length);
    expect(service('postgres').ports).toBeUndefined();
  });

  it('has a health check on every service: pg_isready for PostgreSQL, GET /healthz on $PORT for the others', () => {
    for (const [name, s] of services) expect(s.healthcheck?.test?.[0], name).toMatch(/^CMD(-SHELL)?$/);
    expect(service('postgres').healthcheck?.test).toContain('pg_isready');
    const imageCheck = parseDockerfile(readFileSync(projectPath('docker/Dockerfile'), 'utf8')).instructions.filter((i) => i.keyword === 'HEALTHCHECK').at(-1);
    for (const [name, s] of referenceServices) {
      expect(s.healthcheck?.test.join(' '), name).toContain('/healthz');
      // The image's own check, spelled once more so compose can tune its timing: the same command.
      expect(['CMD', ...(execForm(imageCheck?.args.replace(/^CMD\s+/, '') ?? '') ?? [])], name).toEqual(s.healthcheck?.test);
      // The check polls $PORT: each service says which port it serves on, and publishes that one.
      const port = env(name)['PORT'];
      expect(port, name).toMatch(/^\d+$/);
      for (const spec of s.ports ?? []) expect(parsePort(spec).containerPort, name).toBe(Number(port));
      const flag = s.command?.indexOf('--port') ?? -1;
      if (flag >= 0) expect(s.command?.[flag + 1], name).toBe(port);
    }
  });

  it('wires both receivers and the worker to one database and schema, and the resource API to the same database', () => {
    const url = env('webhook-1')['DATABASE_URL'];
    expect(url).toMatch(new RegExp(`^postgres://${POSTGRES_USER}:.*@${POSTGRES_ALIAS}:5432/${POSTGRES_DATABASE}$`));
    for (const name of ['webhook-2', 'webhook-worker', 'resource-api']) expect(env(name)['DATABASE_URL'], name).toBe(url);
    for (const name of ['webhook-2', 'webhook-worker']) expect(env(name)['DATABASE_SCHEMA'], name).toBe(env('webhook-1')['DATABASE_SCHEMA']);
    expect(env('resource-api')['DATABASE_SCHEMA']).not.toBe(env('webhook-1')['DATABASE_SCHEMA']);
    expect(env('postgres')).toMatchObject({ POSTGRES_USER, POSTGRES_DB: POSTGRES_DATABASE });
    expect(url).toContain(env('postgres')['POSTGRES_PASSWORD']);
  });

  it('runs the receivers without in-process workers, and the worker as its own process', () => {
    for (const name of ['webhook-1', 'webhook-2']) {
      expect(service(name).command).toEqual(['webhook']);
      expect(env(name)['WORKER']).toBe('0');
      // Required, never defaulted: compose refuses to start without it.
      expect(env(name)['WEBHOOK_SECRET']).toMatch(/^\$\{WEBHOOK_SECRET:\?[^}]+\}$/);
    }
    expect(service('webhook-worker').entrypoint?.join(' ')).toContain('reference-impl/webhook/worker-main.ts');
  });

  it('keeps the probe API and session discovery off: only compose.conformance.yaml turns them on', () => {
    for (const [name] of services) expect(env(name)['CONFORMANCE_PROBE'], name).toBeUndefined();
    expect(JSON.stringify(compose)).not.toMatch(/allow-insecure|CONFORMANCE_FAULTS/);
    expect(Object.keys(override.services).every((name) => name in compose.services)).toBe(true);
    for (const name of ['webhook-1', 'webhook-2', 'resource-api']) expect(conformance.services[name]?.environment?.['CONFORMANCE_PROBE'], name).toBe('1');
    expect(conformance.services['device-server']?.command).toContain('--allow-insecure=*:session_discovery');
  });

  it('mounts the sample app where --target docker copies it, from a file that exists', () => {
    const [source = '', target, mode] = (override.services['device-server']?.volumes ?? [])[0]?.split(':') ?? [];
    expect(target).toBe(CONTAINER_APP_PATH);
    expect(mode).toBe('ro');
    expect(resolve(dirname(CONFORMANCE_OVERRIDE_FILE), source)).toBe(REFERENCE_APP);
    expect(existsSync(REFERENCE_APP)).toBe(true);
  });

  it('gives environments as maps, so the override merges into them', () => {
    for (const [name, s] of [...services, ...Object.entries(override.services)]) {
      if (s.environment !== undefined) expect(Array.isArray(s.environment), name).toBe(false);
    }
  });

  it('starts each database user after PostgreSQL is healthy, and waits only on health', () => {
    for (const [name, s] of services) {
      for (const [dependency, condition] of Object.entries(s.depends_on ?? {})) expect(condition.condition, `${name} → ${dependency}`).toBe('service_healthy');
      if (s.environment?.['DATABASE_URL']) expect(s.depends_on?.['postgres']?.condition, name).toBe('service_healthy');
    }
  });
});

describe('--target docker starts what compose.yaml (with the conformance override) describes', () => {
  // Each system's containers, with its options as a run without any resolves them.
  const specs = systemModules().flatMap((m) => m.containers?.plan(m.resolve({ values: {}, env: {}, cwd: process.cwd(), external: false, selected: true, faults: [], problems: [] }), { databaseUrl: 'DB' }).specs ?? []);

  it('one container per reference service, same command, entrypoint, environment names and port', () => {
    expect(specs.map((s) => s.name).sort()).toEqual(referenceServices.map(([name]) => name).sort());
    for (const spec of specs) {
      const s = conformance.services[spec.name] ?? {};
      expect(spec.entrypoint ?? null, spec.name).toEqual(s.entrypoint ?? null);
      expect(spec.command, spec.name).toEqual(s.command ?? []);
      expect(Object.keys(spec.env).sort(), spec.name).toEqual(Object.keys(s.environment ?? {}).sort());
      expect(spec.env['PORT'], spec.name).toBe(String(spec.port));
      expect(spec.env['PORT'], spec.name).toBe(s.environment?.['PORT']);
    }
  });
});

// `docker compose config` validates against the Compose spec and needs no engine, only the plugin.
const composeCli = await new Promise<boolean>((done) => execFile('docker', ['compose', 'version'], { timeout: 10_000 }, (error) => done(!error)));
if (!composeCli) console.warn('[skipped] docker compose config: needs the Docker Compose plugin (`docker compose version` fails here)');

describe.skipIf(!composeCli)('docker compose config', () => {
  it('accepts compose.yaml with and without the conformance override', async () => {
    for (const files of [[COMPOSE_FILE], [COMPOSE_FILE, CONFORMANCE_OVERRIDE_FILE]]) {
      const args = ['compose', ...files.flatMap((f) => ['-f', f]), 'config', '--quiet'];
      const error = await new Promise<Error | null>((done) => execFile('docker', args, { env: { ...process.env, WEBHOOK_SECRET: 'x' }, timeout: 20_000 }, done));
      expect(error).toBeNull();
    }
  });
});
