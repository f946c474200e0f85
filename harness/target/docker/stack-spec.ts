// The containers `--target docker` starts for each system: the services of
// docker/compose.yaml as docker/compose.conformance.yaml sets them up (probe API and
// session discovery on), with per-run secrets and engine-chosen host ports.
// test/docker/compose.test.ts keeps this file and the compose files in step.
import type { SystemName } from '../../checks/check-definition.ts';

/** The tag `--target docker` builds docker/Dockerfile as (kept between runs, so rebuilds hit the cache). */
export const REFERENCE_IMAGE = 'wirecheck-reference:local';
export const REFERENCE_DOCKERFILE = 'docker/Dockerfile';
export const POSTGRES_IMAGE = 'postgres:17-alpine';
/** PostgreSQL's name on the stack's network, as in compose.yaml. */
export const POSTGRES_ALIAS = 'postgres';
export const POSTGRES_DATABASE = 'wirecheck';
export const POSTGRES_USER = 'wirecheck';
/** Where the device-server container finds the app its sessions install (copied in at start). */
export const CONTAINER_APP_PATH = '/opt/wirecheck/apps/sample-app.json';

export interface ContainerFile {
  readonly source: string;
  readonly target: string;
}

export interface ContainerSpec {
  /** The compose service it mirrors: network alias, log file name. */
  readonly name: string;
  /** Absent: the image's own (`node bin/wirecheck.js serve`). */
  readonly entrypoint?: readonly string[];
  readonly command: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /** Container port of the service and of its /healthz. */
  readonly port: number;
  /** An instance of the system under test (false: a helper, such as the webhook worker). */
  readonly serves: boolean;
  readonly files?: readonly ContainerFile[];
}

export interface StackInputs {
  /** PostgreSQL as the containers reach it, on the stack's network. */
  readonly databaseUrl: string;
  readonly webhookSecret: string;
  /** `token:user,token:user` for the resource API. */
  readonly apiTokens: string;
  /** Host path of the app file device-server sessions install. */
  readonly appSource: string;
}

export const WEBHOOK_WORKER_ENTRYPOINT = ['node', '--import', 'tsx', 'reference-impl/webhook/worker-main.ts'] as const;
export const DEVICE_SERVER_COMMAND = ['device-server', '--port', '4723', '--', '--address', '0.0.0.0', '--allow-insecure=*:session_discovery'] as const;

export function webhookContainers(inputs: StackInputs): ContainerSpec[] {
  const store = { DATABASE_URL: inputs.databaseUrl, DATABASE_SCHEMA: 'webhook', LOG_LEVEL: 'info' };
  const receiver = (name: string): ContainerSpec => ({
    name, command: ['webhook'], port: 3000, serves: true,
    env: { ...store, PORT: '3000', WORKER: '0', WEBHOOK_SECRET: inputs.webhookSecret, CONFORMANCE_PROBE: '1' },
  });
  return [
    receiver('webhook-1'),
    receiver('webhook-2'),
    { name: 'webhook-worker', entrypoint: WEBHOOK_WORKER_ENTRYPOINT, command: [], port: 3000, serves: false, env: { ...store, PORT: '3000' } },
  ];
}

export function resourceApiContainers(inputs: StackInputs): ContainerSpec[] {
  return [{
    name: 'resource-api', command: ['resource-api'], port: 3001, serves: true,
    env: {
      DATABASE_URL: inputs.databaseUrl, DATABASE_SCHEMA: 'resource_api', PORT: '3001',
      API_TOKENS: inputs.apiTokens, LOG_LEVEL: 'info', CONFORMANCE_PROBE: '1',
    },
  }];
}

export function deviceServerContainers(inputs: StackInputs): ContainerSpec[] {
  return [{
    name: 'device-server', command: DEVICE_SERVER_COMMAND, port: 4723, serves: true,
    env: { PORT: '4723' },
    files: [{ source: inputs.appSource, target: CONTAINER_APP_PATH }],
  }];
}

export const STACK_SPECS: Readonly<Record<SystemName, (inputs: StackInputs) => ContainerSpec[]>> = {
  webhook: webhookContainers,
  'resource-api': resourceApiContainers,
  'device-server': deviceServerContainers,
};

/** The systems that keep their state in PostgreSQL (the device server keeps none). */
export function needsPostgres(systems: readonly SystemName[]): boolean {
  return systems.some((system) => system !== 'device-server');
}

export function containerDatabaseUrl(password: string): string {
  return `postgres://${POSTGRES_USER}:${encodeURIComponent(password)}@${POSTGRES_ALIAS}:5432/${POSTGRES_DATABASE}`;
}
