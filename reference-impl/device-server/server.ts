// Starting the server: engine check first (spec, Errors: "before loading any driver"),
// then the drivers installed in the home, then listen and one line with the URL.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { CliError } from './cli-errors.ts';
import { loadInstalledDrivers } from './driver-registry.ts';
import { checkEngines } from './engine-check.ts';
import type { Environment } from './config.ts';
import { formatFeature, unknownFeatures } from './insecure-features.ts';
import { everyInterfaceWarning } from './listen-address.ts';
import { readManifest } from './manifest.ts';
import type { ServerOptions } from './server-options.ts';
import { SessionService } from './session-service.ts';
import { createTextLogger, type TextLogger } from './text-logger.ts';
import { serverVersion } from './version.ts';

export interface RunningServer {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly service: SessionService;
  close(): Promise<void>;
}

function logStartup(env: Environment, options: ServerOptions, log: TextLogger, version: string): void {
  log.info('Vendor', `Welcome to vendor v${version} (reference device automation server)`);
  if (options.configFile) log.info('Vendor', `Config file: ${options.configFile}`);
  if (options.relaxedSecurity) log.warn('Vendor', 'Relaxed security enabled: every insecure feature is on');
  if (options.allowInsecure.length > 0) {
    log.info('Vendor', 'Explicitly enabling insecure features:');
    for (const f of options.allowInsecure) log.info('Vendor', `    ${formatFeature(f)}`);
  }
  for (const item of options.ignoredInsecure ?? []) log.warn('Vendor', `Ignoring the unscoped insecure feature '${item}': a feature needs a scope (<scope>:<feature>)`);
  for (const f of unknownFeatures(options.allowInsecure)) {
    log.warn('Vendor', `Unknown insecure feature '${f.feature}' in '${formatFeature(f)}'; it enables nothing`);
  }
  log.info('Vendor', `The extension home (${env.homeFromEnv ? 'VENDOR_HOME' : 'default ~/.vendor'}): ${env.home}`);
  const everyInterface = everyInterfaceWarning(options.address);
  if (everyInterface) log.warn('Vendor', everyInterface);
}

function urlOf(address: string, port: number, basePath: string): string {
  const host = address.includes(':') ?
    `[${address}]` : address;
  const pathPart = basePath || '/';
  return `http://${host}:${port}${pathPart}`;
}

export async function startServer(env: Environment, options: ServerOptions, log = createTextLogger(options.logLevel)): Promise<RunningServer> {
  // Fault runtime-range-unchecked: the server starts under any runtime.
  const engines = env.faults.has('runtime-range-unchecked') ? { node: process.versions.node, npm: 'unchecked' } : checkEngines(env);
  const version = serverVersion(env.faults);
  logStartup(env, options, log, version);
  log.info('Vendor', `Engines: Node.js ${engines.node}, npm ${engines.npm}`);
  const registry = await loadInstalledDrivers(env.home, log, env.faults);
  const service = new SessionService({ registry, allowInsecure: options.allowInsecure, faults: env.faults, log, appsRoot: env.appsRoot });
  const app = buildApp({ server: options, service, faults: env.faults, log, version, limits: env.limits });
  try {
    await app.listen({ host: options.address, port: options.port });
  }
  catch (error) {
    throw new CliError('VENDOR_ERR_LISTEN', `cannot listen on ${options.address}:${options.port}: ${(error as Error).message}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = urlOf(options.address, port, env.faults.has('base-path-ignored') ? '' : options.basePath);
  log.info('Vendor', `REST http interface listener started on ${url}`);
  if (registry.drivers.length === 0) log.warn('Vendor', `No drivers have been installed in ${env.home}. Use the "driver install" command to install one.`);
  else for (const d of registry.drivers) log.info('Vendor', `Available driver: ${d.name}@${d.record.version} (automationName '${d.record.automationName}')`);
  const plugins = Object.keys(readManifest(env.home).plugins);
  log.info('Vendor', plugins.length ? `Installed plugins (not loaded by this server): ${plugins.join(', ')}` : 'No plugins have been installed.');
  return {
    url,
    app,
    service,
    close: async () => {
      await service.endAll();
      await app.close();
    },
  };
}
