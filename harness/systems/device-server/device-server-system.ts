// The device-server system: device automation servers in the style of Appium 3
// (../shared/specs/device-automation-server.md).
import { defineSystem } from '../system-module.ts';
import { deviceServerChecks } from './checks.ts';
import { deviceServerClauses } from './clauses.ts';
import { deviceServerFaults } from './faults.ts';
import { deviceServerContainers } from './device-server-containers.ts';
import { DEVICE_SERVER_OPTION_ROWS, resolveDeviceServerOptions, type DeviceServerOptions } from './device-server-options.ts';
import { DEVICE_SERVER_REFERENCE, startDeviceServerExternal, startDeviceServerReference } from './device-server-reference.ts';
import { deviceServerSuites } from './suites.ts';

export const deviceServerSystem = defineSystem<DeviceServerOptions>({
  name: 'device-server',
  prefix: 'DS',
  description: 'Appium-3-style device automation servers',
  specFile: 'device-automation-server.md',
  checks: deviceServerChecks,
  clauses: deviceServerClauses,
  suites: deviceServerSuites,
  options: DEVICE_SERVER_OPTION_ROWS,
  resolve: resolveDeviceServerOptions,
  faults: deviceServerFaults,
  reference: DEVICE_SERVER_REFERENCE,
  startReference: startDeviceServerReference,
  // Its status route at the base path is proven here, as the target is set up.
  startExternal: startDeviceServerExternal,
  containers: { plan: deviceServerContainers, usesPostgres: false },
  secrets: () => [],
  fingerprint: (target) => ({ method: 'GET', url: new URL('status', target.baseUrl).toString(), headers: {} }),
});
