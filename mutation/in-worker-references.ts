// The three references started inside the vitest worker, for the mutation run only.
// Stryker switches a mutant on through a global of the process running the code, so
// the code under mutation must run where the suites run: the same composition as each
// reference's entry point (receiver.ts, serve.ts, startServer), with the same
// environment the harness gives the child processes (probe on, fresh tokens, a
// throwaway home with the simulated driver, one PostgreSQL schema per start).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartedTarget } from '../harness/target/started-target.ts';
import type { DeviceServerTarget } from '../harness/device-server/device-server-target.ts';
import type { ResourceApiTarget } from '../harness/resource-api/resource-api-target.ts';
import type { WebhookTarget } from '../harness/webhook/webhook-target.ts';
import { createSchema, dropSchema } from '../harness/target/postgres-schema.ts';
import { DEVICE_SERVER_REFERENCE, REFERENCE_APP, REFERENCE_SESSION_TARGET, REFERENCE_SIM_DRIVER } from '../harness/systems/device-server/device-server-reference.ts';
import { referenceWebhookTarget } from '../harness/systems/webhook/webhook-reference.ts';
import { tsxNodeArgs } from '../harness/project-paths.ts';
import { apiTokens, newToken, usersOf } from '../harness/systems/resource-api/run-users.ts';

// The reference's modules are imported when a reference starts, not with this file:
// their top-level code must run after Stryker has switched the mutant on (its
// beforeAll runs first), and again for each suite file (vitest isolates files).
const webhookModules = async () => ({
  ...(await import('../reference-impl/shared/logger.ts')),
  ...(await import('../reference-impl/webhook/config.ts')),
  ...(await import('../reference-impl/webhook/receiver.ts')),
});
const resourceApiModules = async () => ({
  ...(await import('../reference-impl/shared/logger.ts')),
  ...(await import('../reference-impl/resource-api/config.ts')),
  ...(await import('../reference-impl/resource-api/serve.ts')),
});
const deviceServerModules = async () => ({
  ...(await import('../reference-impl/device-server/cli-args.ts')),
  ...(await import('../reference-impl/device-server/config.ts')),
  ...(await import('../reference-impl/device-server/extension-install.ts')),
  ...(await import('../reference-impl/device-server/server-options.ts')),
  ...(await import('../reference-impl/device-server/server.ts')),
  ...(await import('../reference-impl/device-server/text-logger.ts')),
});

const suffix = (): string => randomBytes(4).toString('hex');

interface Store {
  readonly env: Record<string, string>;
  remove(): Promise<void>;
}

/** A PostgreSQL schema of its own when DATABASE_URL is set, else a PGlite dir. */
async function freshStore(databaseUrl: string | undefined, label: string): Promise<Store> {
  if (databaseUrl) {
    const schema = `wirecheck_mutation_${label}_${suffix()}`;
    await createSchema(databaseUrl, schema);
    return { env: { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }, remove: () => dropSchema(databaseUrl, schema) };
  }
  const dir = mkdtempSync(join(tmpdir(), `wirecheck-mutation-${label}-`));
  return { env: { DATA_DIR: dir }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

const COMMON_ENV = { HOST: '127.0.0.1', PORT: '0', CONFORMANCE_PROBE: '1', LOG_LEVEL: 'silent' };

export async function startWebhookInWorker(databaseUrl: string | undefined): Promise<StartedTarget<WebhookTarget>> {
  const { createLogger, readWebhookConfig, startReceiver } = await webhookModules();
  const secret = newToken();
  const store = await freshStore(databaseUrl, 'webhook');
  // As the harness does: two instances on one database when there is PostgreSQL.
  const count = databaseUrl ? 2 : 1;
  const config = readWebhookConfig({ ...COMMON_ENV, ...store.env, WEBHOOK_SECRET: secret });
  const logger = createLogger({ name: 'webhook-receiver', level: 'silent' });
  const receivers: Array<Awaited<ReturnType<typeof startReceiver>>> = [];
  const stop = async () => {
    await Promise.allSettled(receivers.map((r) => r.close()));
    await store.remove();
  };
  try {
    for (let i = 0; i < count; i++) receivers.push(await startReceiver(config, logger));
  } catch (error) {
    await stop();
    throw error;
  }
  const urls = receivers.map((r) => `${r.url}/`);
  return { target: referenceWebhookTarget(urls, { secret, senderFaults: [] }), stop };
}

export async function startResourceApiInWorker(databaseUrl: string | undefined): Promise<StartedTarget<ResourceApiTarget>> {
  const { createLogger, readConfig: readResourceApiConfig, serve } = await resourceApiModules();
  const users = usersOf();
  const store = await freshStore(databaseUrl, 'ra');
  const config = readResourceApiConfig({
    ...COMMON_ENV, ...store.env,
    API_TOKENS: apiTokens(users),
  });
  const serving = await serve(config, createLogger({ name: 'resource-api', level: 'silent' })).catch(async (error: unknown) => {
    await store.remove();
    throw error;
  });
  const address = serving.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const target: ResourceApiTarget = {
    system: 'resource-api', kind: 'reference', baseUrl: `http://127.0.0.1:${port}/`, capabilities: ['probe'], ...users,
  };
  return { target, stop: async () => { await serving.close(); await store.remove(); } };
}

/**
 * The device server in the worker; its CLI checks still run the reference's CLI as
 * child processes, with `childEnv` (which carries the active mutant and the coverage
 * hook into them — see suite-file-coverage.ts).
 */
export async function startDeviceServerInWorker(childEnv: Record<string, string>): Promise<StartedTarget<DeviceServerTarget>> {
  const { createTextLogger, installExtension, parseCliArgs, readEnvironment, resolveServerOptions, startServer } = await deviceServerModules();
  const home = mkdtempSync(join(tmpdir(), 'wirecheck-mutation-device-home-'));
  try {
    const env = readEnvironment({ ...childEnv, VENDOR_HOME: home });
    await installExtension(env, 'driver', 'local', REFERENCE_SIM_DRIVER);
    const command = parseCliArgs(['--address', '127.0.0.1', '--port', '0', '--allow-insecure=*:session_discovery', '--log-level', 'error']);
    if (command.kind !== 'server') throw new Error(`expected server arguments, parsed ${command.kind}`);
    const server = await startServer(env, resolveServerOptions(command.flags, env.faults), createTextLogger('error', () => {}));
    const target: DeviceServerTarget = {
      system: 'device-server', kind: 'reference', baseUrl: server.url,
      capabilities: ['server-command', 'session-discovery'],
      ...REFERENCE_SESSION_TARGET, app: REFERENCE_APP,
      serverCommand: [process.execPath, ...tsxNodeArgs(DEVICE_SERVER_REFERENCE.entry)],
      commandEnv: childEnv, driverSource: REFERENCE_SIM_DRIVER, sourceHome: home,
    };
    return { target, stop: async () => { await server.close(); rmSync(home, { recursive: true, force: true }); } };
  } catch (error) {
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
}
