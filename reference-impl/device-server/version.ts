// The server's own version: a 3.x line like the Appium 3 it stands in for. Drivers are
// versioned independently (their package.json).
import type { DeviceServerFaults } from './faults.ts';

export const SERVER_VERSION = '3.0.0';
const FAULTY_VERSION = '2.19.0';

export function serverVersion(faults: DeviceServerFaults): string {
  return faults.has('version-not-3') ? FAULTY_VERSION : SERVER_VERSION;
}
