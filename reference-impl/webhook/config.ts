// The receiver's environment, validated once and frozen.
import { readFaults } from '../shared/faults.ts';
import { EnvReader } from '../shared/env-config.ts';
import { readStoreTimeouts, type StoreTimeouts } from '../store/store-timeouts.ts';
import { readServerLimits, type ServerLimits } from '../shared/server-limits.ts';
import { WEBHOOK_FAULTS, type WebhookFault } from './faults.ts';
import { DEFAULT_WORKER_OPTIONS, type WorkerOptions } from './processing/worker.ts';

export interface WebhookConfig {
  readonly secret: string;
  readonly host: string;
  readonly port: number;
  readonly databaseUrl: string | undefined;
  readonly databaseSchema: string | undefined;
  readonly dataDir: string | undefined;
  /** PostgreSQL's waits before a delivery is answered 503 (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS). */
  readonly databaseTimeouts: StoreTimeouts;
  readonly probe: boolean;
  readonly logLevel: string;
  readonly faults: ReadonlySet<WebhookFault>;
  /** Run a worker inside the receiver process (WORKER=0: receiver only). */
  readonly worker: boolean;
  readonly workerOptions: WorkerOptions;
  /** Request deadlines and the connection cap (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS). */
  readonly limits: ServerLimits;
}

export function readWorkerOptions(read: EnvReader): WorkerOptions {
  const d = DEFAULT_WORKER_OPTIONS;
  return {
    concurrency: read.integer('WORKER_CONCURRENCY', d.concurrency, 1),
    pollMs: read.integer('WORKER_POLL_MS', d.pollMs, 1),
    leaseMs: read.integer('WORKER_LEASE_MS', d.leaseMs, 100),
    maxAttempts: read.integer('WORKER_MAX_ATTEMPTS', d.maxAttempts, 1),
    retryBaseMs: read.integer('WORKER_RETRY_BASE_MS', d.retryBaseMs, 0),
  };
}

export function readWebhookConfig(env: NodeJS.ProcessEnv, options: { needsSecret?: boolean } = {}): WebhookConfig {
  const read = new EnvReader(env);
  const config: WebhookConfig = {
    // Authentication 4: without the shared secret the process fails at start-up.
    secret: options.needsSecret === false ? '' : read.required('WEBHOOK_SECRET', 'the shared HMAC secret of the webhook sender'),
    host: read.string('HOST') ?? '127.0.0.1',
    port: read.port('PORT', 3000),
    databaseUrl: read.string('DATABASE_URL'),
    databaseSchema: read.string('DATABASE_SCHEMA'),
    dataDir: read.string('DATA_DIR'),
    databaseTimeouts: readStoreTimeouts(read),
    probe: read.flag('CONFORMANCE_PROBE'),
    logLevel: read.string('LOG_LEVEL') ?? 'info',
    faults: new Set(),
    worker: read.string('WORKER') !== '0',
    workerOptions: readWorkerOptions(read),
    limits: readServerLimits(env, read.problems),
  };
  let faults: ReadonlySet<WebhookFault> = new Set();
  try {
    faults = readFaults(env, WEBHOOK_FAULTS);
  }
  catch (error) {
    read.problems.push((error as Error).message);
  }
  read.done();
  return Object.freeze({ ...config, faults });
}
