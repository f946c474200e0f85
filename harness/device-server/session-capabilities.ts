// New-session bodies built from the target's options: platformName and the vendor
// capabilities (`vendor:automationName`, `vendor:deviceName`, `vendor:app`) with the
// run's --vendor prefix, so the same checks speak `appium:` to Appium.
import type { DeviceServerTarget } from './device-server-target.ts';

export type Caps = Record<string, unknown>;

/** `vendor:name` with the target's prefix. */
export function vendorCap(target: DeviceServerTarget, name: string): string {
  return `${target.vendor}:${name}`;
}

/** The capabilities of a session the target can create; `overrides` set or (undefined) drop names. */
export function sessionCaps(target: DeviceServerTarget, overrides: Caps = {}): Caps {
  const caps: Caps = {
    platformName: target.platformName,
    [vendorCap(target, 'automationName')]: target.automationName,
    ...(target.deviceName ? { [vendorCap(target, 'deviceName')]: target.deviceName } : {}),
    ...(target.app ? { [vendorCap(target, 'app')]: target.app } : {}),
  };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete caps[name];
    else caps[name] = value;
  }
  return caps;
}

/** `{"capabilities":{"alwaysMatch":{...}}}` for `sessionCaps(target, overrides)`. */
export function newSessionBody(target: DeviceServerTarget, overrides: Caps = {}): { capabilities: { alwaysMatch: Caps } } {
  return { capabilities: { alwaysMatch: sessionCaps(target, overrides) } };
}
