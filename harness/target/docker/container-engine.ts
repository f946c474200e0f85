// Is there a container engine to start the reference stack in? Asked through
// testcontainers' own runtime detection (DOCKER_HOST, ~/.testcontainers.properties,
// the Docker socket, the rootless sockets), bounded in time: a run without an engine
// ends at once with exit 2 and what to do, never with a hang or a stack trace.
import { ERROR_CODES, WirecheckError } from '../../errors.ts';

export interface ContainerEngine {
  /** Where the engine publishes container ports, as testcontainers resolved it (localhost for a local engine). */
  readonly host: string;
  readonly serverVersion: string;
}

export const ENGINE_DETECTION_TIMEOUT_MS = 15_000;

function redactHost(value: string): string {
  return value.replace(/\/\/([^/@]*)@/, '//[REDACTED]@');
}

/** The exit-2 message of `--target docker` without an engine: what was looked for, and the ways on. */
export function noEngineMessage(dockerHost: string | undefined, detail?: string): string {
  const looked = dockerHost
    ? `DOCKER_HOST=${redactHost(dockerHost)} does not answer`
    : 'DOCKER_HOST is not set and no Docker socket answers (/var/run/docker.sock, $XDG_RUNTIME_DIR/docker.sock, ~/.docker/run/docker.sock)';
  return `--target docker needs a container engine, and none was found: ${looked}${detail ? ` (${detail})` : ''}. ` +
    'Start Docker (or Podman with its Docker-compatible socket), or set DOCKER_HOST to an engine that runs — ' +
    'or test without containers: --target reference (the bundled reference as local processes) or ' +
    '--target external --base-url URL (a deployment you started, e.g. with docker/compose.yaml).';
}

/** Resolves with the engine testcontainers will use, or throws a WirecheckError (exit 2). */
/** `dockerHost`: DOCKER_HOST as the run's options read it (testcontainers reads it itself). */
export async function requireContainerEngine(dockerHost: string | undefined, timeoutMs = ENGINE_DETECTION_TIMEOUT_MS): Promise<ContainerEngine> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    timer.unref();
  });
  try {
    const client = await Promise.race([getContainerRuntimeClient(), timeout]);
    return { host: client.info.containerRuntime.host, serverVersion: String(client.info.containerRuntime.serverVersion) };
  } catch (error) {
    const message = (error as Error).message;
    // testcontainers' "Could not find a working container runtime strategy" adds nothing to ours.
    const detail = /container runtime strategy/i.test(message) ? undefined : message;
    throw new WirecheckError(ERROR_CODES.targetUnavailable, noEngineMessage(dockerHost, detail), { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** Whether an engine answers, for tests that need one (never throws). */
export async function containerEngineAvailable(dockerHost: string | undefined): Promise<boolean> {
  try {
    await requireContainerEngine(dockerHost, 5_000);
    return true;
  } catch {
    return false;
  }
}
