// What every container `--target docker` starts has: the services of
// docker/compose.yaml as docker/compose.conformance.yaml sets them up (probe API and
// session discovery on), with per-run secrets and engine-chosen host ports. Each
// system's own services are in harness/systems/<name>/<name>-containers.ts;
// test/docker/compose.test.ts keeps them and the compose files in step.

/** The tag `--target docker` builds docker/Dockerfile as (kept between runs, so rebuilds hit the cache). */
export const REFERENCE_IMAGE = 'wirecheck-reference:local';
export const REFERENCE_DOCKERFILE = 'docker/Dockerfile';
export const POSTGRES_IMAGE = 'postgres:17-alpine';
/** PostgreSQL's name on the stack's network, as in compose.yaml. */
export const POSTGRES_ALIAS = 'postgres';
export const POSTGRES_DATABASE = 'wirecheck';
export const POSTGRES_USER = 'wirecheck';

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

export function containerDatabaseUrl(password: string): string {
  return `postgres://${POSTGRES_USER}:${encodeURIComponent(password)}@${POSTGRES_ALIAS}:5432/${POSTGRES_DATABASE}`;
}
