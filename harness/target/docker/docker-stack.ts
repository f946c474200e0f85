// What the systems of a docker run share: one network, and PostgreSQL on it (for the
// webhook receivers, their worker and the resource API). Torn down after the last
// container that uses it — or at once, containers first, on Ctrl-C.
import { randomBytes } from 'node:crypto';
import { Network, type StartedNetwork } from 'testcontainers';
import { ERROR_CODES, WirecheckError } from '../../errors.ts';
import { onCleanup } from '../cleanup.ts';
import { LoopbackPostgreSqlContainer, stopOnce, type RunningContainer } from './reference-container.ts';
import { containerDatabaseUrl, POSTGRES_ALIAS, POSTGRES_DATABASE, POSTGRES_IMAGE, POSTGRES_USER } from './stack-spec.ts';

export interface DockerStack {
  readonly network: StartedNetwork;
  /** PostgreSQL as the containers reach it ('' when no system of the run needs it). */
  readonly databaseUrl: string;
  readonly hostIp: string | undefined;
  readonly labels: Readonly<Record<string, string>>;
  /** Every reference container started on the stack, so Ctrl-C can stop them first. */
  readonly containers: RunningContainer[];
  /** Stops every container of the stack, then PostgreSQL, then the network. */
  stop(): Promise<void>;
}

async function startPostgres(network: StartedNetwork, password: string, hostIp: string | undefined, labels: Record<string, string>) {
  try {
    return await new LoopbackPostgreSqlContainer(POSTGRES_IMAGE, hostIp)
      .withDatabase(POSTGRES_DATABASE).withUsername(POSTGRES_USER).withPassword(password)
      .withNetwork(network).withNetworkAliases(POSTGRES_ALIAS)
      .withLabels({ ...labels, 'org.wirecheck.service': POSTGRES_ALIAS })
      .start();
  } catch (error) {
    throw new WirecheckError(ERROR_CODES.referenceStart, `PostgreSQL (${POSTGRES_IMAGE}) did not start in a container: ${(error as Error).message}`, { cause: error });
  }
}

export async function startDockerStack(options: {
  readonly runId: string;
  /** A system of the run keeps its state in PostgreSQL: start it. */
  readonly postgres: boolean;
  readonly hostIp: string | undefined;
  readonly progress: (line: string) => void;
}): Promise<DockerStack> {
  const labels = { 'org.wirecheck.run': options.runId };
  const network = await new Network().start();
  const containers: RunningContainer[] = [];
  const password = randomBytes(18).toString('hex');
  let postgres: { stop(options?: { timeout?: number }): Promise<unknown> } | undefined;
  const stop = stopOnce(async () => {
    unregister();
    await Promise.allSettled(containers.map((c) => c.stop()));
    await postgres?.stop({ timeout: 10_000 }).catch(() => {});
    await network.stop().catch(() => {});
  });
  const unregister = onCleanup(stop, () => {});
  try {
    if (options.postgres) {
      options.progress(`starting PostgreSQL (${POSTGRES_IMAGE})`);
      postgres = await startPostgres(network, password, options.hostIp, labels);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    network, hostIp: options.hostIp, labels, containers, stop,
    // A fresh password per run: PostgreSQL is throwaway, reachable from this machine only.
    databaseUrl: postgres ? containerDatabaseUrl(password) : '',
  };
}
