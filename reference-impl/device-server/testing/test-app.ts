// Test support: the app in-process (Fastify inject), with the simulated driver imported
// straight from the repository instead of from a home.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { importDriver, type DriverRegistry } from '../driver-registry.ts';
import { readExtensionPackage } from '../extension-package.ts';
import type { DeviceServerFault } from '../faults.ts';
import { parseInsecureFeatures } from '../insecure-features.ts';
import type { DriverMetadata, DriverRecord } from '../manifest.ts';
import { SessionService } from '../session-service.ts';
import { memoryLogger } from '../text-logger.ts';
import { serverVersion } from '../version.ts';
import { SIM_DRIVER_DIR } from './cli-runner.ts';

export interface TestApp {
  app: FastifyInstance;
  lines: string[];
  service: SessionService;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, asserted field by field
  call(method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, body?: unknown): Promise<{ status: number; body: { value: any } }>;
  /** Creates a session on a device of its own; returns its id. */
  session(caps?: Record<string, unknown>): Promise<string>;
}

export async function simDriverRegistry(withDriver = true): Promise<DriverRegistry> {
  if (!withDriver) return { home: '/tmp/test-home', drivers: [] };
  const pkg = readExtensionPackage('driver', SIM_DRIVER_DIR);
  const record: DriverRecord = {
    pkgName: pkg.pkgName,
    version: pkg.version,
    installType: 'local',
    installSpec: SIM_DRIVER_DIR,
    installPath: SIM_DRIVER_DIR,
    ...(pkg.metadata as DriverMetadata),
  };
  return { home: '/tmp/test-home', drivers: [await importDriver(pkg.extName, record)] };
}

export const W3C_BASE_CAPS = { platformName: 'Android', 'vendor:automationName': 'SimAndroid' };

/** `appsRoot` defaults to the system's temporary directory, where the tests write their apps. */
export async function testApp(
  options: { basePath?: string; allowInsecure?: string[]; faults?: DeviceServerFault[]; withDriver?: boolean; appsRoot?: string } = {},
): Promise<TestApp> {
  const faults = new Set(options.faults ?? []);
  const allowInsecure = parseInsecureFeatures(options.allowInsecure ?? []);
  const log = memoryLogger();
  const appsRoot = options.appsRoot ?? os.tmpdir();
  const service = new SessionService({ registry: await simDriverRegistry(options.withDriver ?? true), allowInsecure, faults, log, appsRoot });
  const app = buildApp({ server: { basePath: options.basePath ?? '', allowInsecure }, service, faults, log, version: serverVersion(faults) });
  const base = faults.has('base-path-ignored') ? '' : (options.basePath ?? '');
  const call: TestApp['call'] = async (method, url, body) => {
    const response = await app.inject({ method, url, ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) });
    return { status: response.statusCode, body: response.json() };
  };
  const session = async (caps: Record<string, unknown> = {}) => {
    const response = await call('POST', `${base}/session`, {
      capabilities: { alwaysMatch: { ...W3C_BASE_CAPS, 'vendor:deviceName': `device-${randomUUID()}`, ...caps } },
    });
    if (response.status !== 200) throw new Error(`session not created: ${JSON.stringify(response.body)}`);
    return response.body.value.sessionId as string;
  };
  return { app, lines: log.lines, service, call, session };
}
