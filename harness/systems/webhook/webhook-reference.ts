// The bundled webhook receiver as a target: one process on embedded PGlite, or —
// when PostgreSQL is configured — in a fresh schema, and as several processes sharing
// it when a selected check races across instances.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath, tsxNodeArgs } from '../../project-paths.ts';
import { freePort } from '../../target/free-port.ts';
import { startManagedProcess, type ManagedProcess } from '../../target/managed-process.ts';
import type { StartedTarget } from '../../target/started-target.ts';
import type { WebhookTarget } from '../../webhook/webhook-target.ts';
import { createSchema, dropSchema } from '../../target/postgres-schema.ts';
import { CONTRACTS_VERSION_FIELD } from '../../webhook/payment-event.ts';
import type { ReferenceProgram, StartInputs } from '../system-module.ts';
import type { WebhookOptions } from './webhook-options.ts';

export const WEBHOOK_INSTANCES_ON_POSTGRES = 2;

export const WEBHOOK_REFERENCE: ReferenceProgram = { entry: projectPath('reference-impl/webhook/server.ts'), portEnv: 'PORT', defaultPort: 3000, about: 'needs WEBHOOK_SECRET in the environment; PORT default 3000' };

/** The reference receiver as the suites see it, wherever it runs (processes, containers, a mutation worker). */
export function referenceWebhookTarget(urls: readonly string[], own: Pick<WebhookOptions, 'secret' | 'senderFaults'>): WebhookTarget {
  return {
    system: 'webhook', kind: 'reference', baseUrl: urls[0] ?? '', instanceUrls: urls, secret: own.secret, versionField: CONTRACTS_VERSION_FIELD,
    capabilities: ['probe', 'event-version', ...(urls.length > 1 ? ['multi-instance' as const] : [])],
    ...(own.senderFaults.length > 0 ? { senderFaults: own.senderFaults } : {}),
  };
}

export async function startWebhookReference({ run: config, own, demand }: StartInputs<WebhookOptions>): Promise<StartedTarget<WebhookTarget>> {
  const schema = config.databaseUrl ? `wirecheck_${config.runId.replace(/\W/g, '_').toLowerCase()}` : undefined;
  const dataDir = schema ? undefined : mkdtempSync(join(tmpdir(), 'wirecheck-webhook-'));
  const storeEnv: Record<string, string> = schema && config.databaseUrl
    ? { DATABASE_URL: config.databaseUrl, DATABASE_SCHEMA: schema }
    : { DATA_DIR: dataDir ?? '' };
  if (schema && config.databaseUrl) await createSchema(config.databaseUrl, schema);
  // Several instances only where they can share a store and a selected check races across them.
  const count = schema && demand.needs.has('multi-instance') ? WEBHOOK_INSTANCES_ON_POSTGRES : 1;
  const processes: ManagedProcess[] = [];
  const urls: string[] = [];
  const stop = async () => {
    await Promise.all(processes.map((p) => p.stop()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (schema && config.databaseUrl) await dropSchema(config.databaseUrl, schema);
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/`;
      processes.push(await startManagedProcess({
        label: `webhook reference${count > 1 ? ` instance ${i + 1}` : ''}`,
        command: process.execPath,
        args: tsxNodeArgs(WEBHOOK_REFERENCE.entry),
        env: { ...config.referenceEnv, ...storeEnv, PORT: String(port), WEBHOOK_SECRET: own.secret },
        logFile: join(config.reportDir, 'logs', `webhook-reference${count > 1 ? `-${i + 1}` : ''}.log`),
        healthUrl: `${url}healthz`,
      }));
      urls.push(url);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { target: referenceWebhookTarget(urls, own), stop };
}
