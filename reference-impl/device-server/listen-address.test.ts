// Which listening addresses bind every interface (and earn a start-up warning).
import { describe, expect, it } from 'vitest';
import { bindsEveryInterface, everyInterfaceWarning } from './listen-address.ts';

describe('bindsEveryInterface', () => {
  it('is true for the unspecified IPv4 and IPv6 addresses in any spelling', () => {
    for (const address of ['0.0.0.0', '::', '[::]', '::0', '0:0:0:0:0:0:0:0']) expect(bindsEveryInterface(address), address).toBe(true);
  });

  it('is false for one interface or a host name', () => {
    for (const address of ['127.0.0.1', '::1', '[::1]', '10.0.0.0', 'localhost', '0.0.0.1', '']) expect(bindsEveryInterface(address), address).toBe(false);
  });
});

describe('everyInterfaceWarning', () => {
  it('names the address and the fix, and says nothing for a single interface', () => {
    expect(everyInterfaceWarning('0.0.0.0')).toMatch(/^Listening on 0\.0\.0\.0, every network interface[\s\S]*--address 127\.0\.0\.1/);
    expect(everyInterfaceWarning('127.0.0.1')).toBeUndefined();
  });
});
