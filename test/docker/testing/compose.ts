// docker/compose.yaml read as Compose reads it: YAML anchors and merge keys resolved,
// an override file layered on top (environment maps merged, command and entrypoint
// replaced), and ${VAR}, ${VAR:-default}, ${VAR:?message} interpolated on request.
import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { projectPath } from '../../../harness/project-paths.ts';

export interface ComposeService {
  readonly image?: string;
  readonly build?: { readonly context: string; readonly dockerfile?: string };
  readonly entrypoint?: readonly string[];
  readonly command?: readonly string[];
  readonly environment?: Readonly<Record<string, string>>;
  readonly ports?: readonly string[];
  readonly volumes?: readonly string[];
  readonly healthcheck?: { readonly test: readonly string[] };
  readonly depends_on?: Readonly<Record<string, { readonly condition?: string }>>;
}

export interface ComposeFile {
  readonly services: Readonly<Record<string, ComposeService>>;
}

export const COMPOSE_FILE = projectPath('docker/compose.yaml');
export const CONFORMANCE_OVERRIDE_FILE = projectPath('docker/compose.conformance.yaml');

export function loadCompose(file: string): ComposeFile {
  return YAML.parse(readFileSync(file, 'utf8'), { merge: true }) as ComposeFile;
}

export function withOverride(base: ComposeFile, override: ComposeFile): ComposeFile {
  const services: Record<string, ComposeService> = { ...base.services };
  for (const [name, extra] of Object.entries(override.services)) {
    const service = services[name] ?? {};
    services[name] = { ...service, ...extra, environment: { ...service.environment, ...extra.environment } };
  }
  return { services };
}

/** Compose's interpolation; a `${VAR:?message}` without a value throws, as `docker compose` fails. */
export function interpolate(value: string, vars: Readonly<Record<string, string | undefined>>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op: string | undefined, arg: string | undefined) => {
    const set = vars[name];
    if (set !== undefined && set !== '') return set;
    if (op === '?') throw new Error(`${name} is required: ${arg ?? ''}`);
    return op === '-' ? arg ?? '' : '';
  });
}

export interface PublishedPort {
  readonly hostIp?: string;
  readonly hostPort: number;
  readonly containerPort: number;
}

/** Short syntax: `[IP:]HOST:CONTAINER`. */
export function parsePort(spec: string): PublishedPort {
  const parts = spec.split(':');
  const containerPort = Number(parts.at(-1));
  const hostPort = Number(parts.at(-2));
  return parts.length >= 3 ? { hostIp: parts.slice(0, -2).join(':'), hostPort, containerPort } : { hostPort, containerPort };
}
