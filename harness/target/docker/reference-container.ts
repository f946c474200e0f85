// One container of the reference stack: started from the reference image on the
// stack's network, its published port bound to loopback when the engine is local,
// its output in the run's logs/, ready once GET /healthz answers 200 — and stopped
// again on completion, on failure and on Ctrl-C (testcontainers' reaper, Ryuk, removes
// whatever a killed harness leaves behind).
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { GenericContainer, Wait, type StartedNetwork, type StartedTestContainer } from 'testcontainers';
import { PostgreSqlContainer } from '@testcontainers/postgresql';
import { ERROR_CODES, WirecheckError } from '../../errors.ts';
import { onCleanup } from '../cleanup.ts';
import type { ContainerSpec } from './stack-spec.ts';

export const CONTAINER_START_TIMEOUT_MS = 90_000;

type PortBindings = Record<string, Array<{ HostIp?: string; HostPort?: string }>>;

/** Publishes every exposed port on `hostIp` only (Docker's default is every interface). */
function bindPorts(bindings: PortBindings | undefined, hostIp: string | undefined): void {
  if (!bindings || !hostIp) return;
  for (const [port, list] of Object.entries(bindings)) bindings[port] = list.map((binding) => ({ ...binding, HostIp: hostIp }));
}

class LoopbackContainer extends GenericContainer {
  constructor(image: string, private readonly hostIp: string | undefined) {
    super(image);
  }
  protected override async beforeContainerCreated(): Promise<void> {
    bindPorts(this.hostConfig.PortBindings as PortBindings | undefined, this.hostIp);
  }
}

export class LoopbackPostgreSqlContainer extends PostgreSqlContainer {
  constructor(image: string, private readonly hostIp: string | undefined) {
    super(image);
  }
  protected override async beforeContainerCreated(): Promise<void> {
    bindPorts(this.hostConfig.PortBindings as PortBindings | undefined, this.hostIp);
  }
}

/** 127.0.0.1 for an engine on this machine; a remote engine's ports must stay reachable from here. */
export function publishAddress(engineHost: string): string | undefined {
  return ['localhost', '127.0.0.1', '::1'].includes(engineHost) ? '127.0.0.1' : undefined;
}

export interface RunningContainer {
  /** `http://host:port/` of the service, as the harness reaches it. */
  readonly url: string;
  stop(): Promise<void>;
}

function logTo(file: string): (stream: Readable) => void {
  mkdirSync(join(file, '..'), { recursive: true });
  return (stream) => { stream.pipe(createWriteStream(file, { flags: 'a' })); };
}

/** Stops once, however often asked (the run's end and Ctrl-C may both ask). */
export function stopOnce(stop: () => Promise<void>): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => (stopping ??= stop().catch(() => {}));
}

export async function startReferenceContainer(spec: ContainerSpec, options: {
  readonly image: string;
  readonly network: StartedNetwork;
  readonly hostIp: string | undefined;
  readonly logDir: string;
  readonly labels: Readonly<Record<string, string>>;
}): Promise<RunningContainer> {
  let container = new LoopbackContainer(options.image, options.hostIp)
    .withNetwork(options.network)
    .withNetworkAliases(spec.name)
    .withEnvironment({ ...spec.env })
    .withExposedPorts(spec.port)
    .withLabels({ ...options.labels, 'org.wirecheck.service': spec.name })
    .withLogConsumer(logTo(join(options.logDir, `docker-${spec.name}.log`)))
    .withWaitStrategy(Wait.forHttp('/healthz', spec.port).forStatusCode(200))
    .withStartupTimeout(CONTAINER_START_TIMEOUT_MS);
  if (spec.entrypoint) container = container.withEntrypoint([...spec.entrypoint]);
  if (spec.command.length > 0) container = container.withCommand([...spec.command]);
  if (spec.files) container = container.withCopyFilesToContainer(spec.files.map((f) => ({ ...f, mode: 0o644 })));
  let started: StartedTestContainer;
  try {
    started = await container.start();
  } catch (error) {
    throw new WirecheckError(ERROR_CODES.referenceStart,
      `the ${spec.name} container did not become ready: ${(error as Error).message}. Its output is in ${join(options.logDir, `docker-${spec.name}.log`)}.`,
      { cause: error });
  }
  const stop = stopOnce(async () => {
    unregister();
    await started.stop({ timeout: 10_000 });
  });
  const unregister = onCleanup(stop, () => {});
  // Bound to 127.0.0.1: reach it there, not through a `localhost` that may resolve to ::1 first.
  return { url: `http://${options.hostIp ?? started.getHost()}:${started.getMappedPort(spec.port)}/`, stop };
}
