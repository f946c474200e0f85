// The receiver's environment, validated once and frozen.
import { readFaults } from '../shared/faults.ts';
import { EnvReader } from '../shared/env-config.ts';
import { WEBHOOK_FAULTS, type WebhookFault } from './faults.ts';

export interface WebhookConfig {
  readonly secret: string;
  readonly host: string;
  readonly port: number;
  readonly databaseUrl: string | undefined;
  readonly databaseSchema: string | undefined;
  readonly dataDir: string | undefined;
  readonly probe: boolean;
  readonly logLevel: string;
  readonly faults: ReadonlySet<WebhookFault>;
}

export function readWebhookConfig(env: NodeJS.ProcessEnv): WebhookConfig {
  const read = new EnvReader(env);
  const config: WebhookConfig = {
    // Authentication 4: without the shared secret the process fails at start-up.
    secret: read.required('WEBHOOK_SECRET', 'the shared HMAC secret of the webhook sender'),
    host: read.string('HOST') ?? '127.0.0.1',
    port: read.port('PORT', 3000),
    databaseUrl: read.string('DATABASE_URL'),
    databaseSchema: read.string('DATABASE_SCHEMA'),
    dataDir: read.string('DATA_DIR'),
    probe: read.flag('CONFORMANCE_PROBE'),
    logLevel: read.string('LOG_LEVEL') ?? 'info',
    faults: new Set(),
  };
  let faults: ReadonlySet<WebhookFault> = new Set();
  try {
    faults = readFaults(env, WEBHOOK_FAULTS);
  } catch (error) {
    read.problems.push((error as Error).message);
  }
  read.done();
  return Object.freeze({ ...config, faults });
}
