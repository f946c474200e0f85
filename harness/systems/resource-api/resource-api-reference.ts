// The bundled resource API as a target: one process, with bearer tokens made for this
// run only (two users, so the cross-user checks can read the other user's state),
// the probe on, on embedded PGlite in a temp dir — or, when PostgreSQL is configured,
// in a fresh schema of its own that is dropped afterwards. And an external deployment,
// checked by one authenticated read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath, tsxNodeArgs } from '../../project-paths.ts';
import { freePort } from '../../target/free-port.ts';
import { startManagedProcess, type ManagedProcess } from '../../target/managed-process.ts';
import { createSchema, dropSchema } from '../../target/postgres-schema.ts';
import { preflight } from '../../target/preflight.ts';
import type { StartedTarget } from '../../target/started-target.ts';
import type { ResourceApiTarget } from '../../resource-api/resource-api-target.ts';
import type { ReferenceProgram, RunSettings, StartInputs } from '../system-module.ts';
import type { ResourceApiOptions } from './resource-api-options.ts';
import { apiTokens, usersOf } from './run-users.ts';

export const RESOURCE_API_REFERENCE: ReferenceProgram = { entry: projectPath('reference-impl/resource-api/server.ts'), portEnv: 'PORT', defaultPort: 3001, about: 'tokens from API_TOKENS="token:user,..."; PORT default 3001' };

function storeOf(config: RunSettings): { env: Record<string, string>; schema?: string; dataDir?: string } {
  if (config.databaseUrl) {
    const schema = `wirecheck_ra_${config.runId.replace(/\W/g, '_').toLowerCase()}`;
    return { env: { DATABASE_URL: config.databaseUrl, DATABASE_SCHEMA: schema }, schema };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-resource-api-'));
  return { env: { DATA_DIR: dataDir }, dataDir };
}

export async function startResourceApiReference({ run: config, own }: StartInputs<ResourceApiOptions>): Promise<StartedTarget<ResourceApiTarget>> {
  const users = usersOf(own);
  const store = storeOf(config);
  if (store.schema && config.databaseUrl) await createSchema(config.databaseUrl, store.schema);
  let server: ManagedProcess | undefined;
  const stop = async () => {
    await server?.stop();
    if (store.dataDir) rmSync(store.dataDir, { recursive: true, force: true });
    if (store.schema && config.databaseUrl) await dropSchema(config.databaseUrl, store.schema);
  };
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}/`;
  try {
    server = await startManagedProcess({
      label: 'resource-api reference',
      command: process.execPath,
      args: tsxNodeArgs(RESOURCE_API_REFERENCE.entry),
      env: {
        ...config.referenceEnv,
        ...store.env,
        PORT: String(port),
        API_TOKENS: apiTokens(users),
      },
      logFile: join(config.reportDir, 'logs', 'resource-api-reference.log'),
      healthUrl: `${baseUrl}healthz`,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const target: ResourceApiTarget = {
    system: 'resource-api', kind: 'reference', baseUrl, capabilities: ['probe'],
    token: users.token, userId: users.userId, otherToken: users.otherToken, otherUserId: users.otherUserId,
  };
  return { target, stop };
}

/**
 * An external deployment, once it answers at all; whether the tokens act for their
 * users is the preflight's to prove (resource-api-preflight.ts).
 */
export async function startResourceApiExternal({ run: config, own }: StartInputs<ResourceApiOptions>): Promise<StartedTarget<ResourceApiTarget>> {
  const baseUrl = config.baseUrls[0] ?? '';
  const { token = '', userId = '', otherUserId = '', otherToken } = own;
  await preflight('resource API', new URL(`v1/users/${encodeURIComponent(userId)}/preferences`, baseUrl).toString());
  const target: ResourceApiTarget = {
    system: 'resource-api', kind: 'external', baseUrl, capabilities: config.probe ? ['probe'] : [],
    token, userId, otherUserId, ...(otherToken ? { otherToken } : {}),
  };
  return { target, stop: async () => {} };
}
