// An address that binds every interface (0.0.0.0, ::) opens the server to every network
// the machine is on; the spec leaves the trusted interface to the operator
// (Authentication 2), so the server starts, and says so plainly at start-up.
import { isIPv4, isIPv6 } from 'node:net';

/** True for the unspecified address of IPv4 or IPv6, in any of its spellings. */
export function bindsEveryInterface(address: string): boolean {
  if (isIPv4(address)) return address === '0.0.0.0';
  const bare = address.replace(/^\[|\]$/g, '');
  return isIPv6(bare) && /^[0:]+$/.test(bare);
}

/** The start-up warning for such an address, or undefined. */
export function everyInterfaceWarning(address: string): string | undefined {
  if (!bindsEveryInterface(address)) return undefined;
  return `Listening on ${address}, every network interface of this machine: anyone who can reach it can start sessions `
    + 'and drive its devices. Use --address 127.0.0.1 (or server.address in the config file) unless the network is trusted.';
}
