// How an extension listing is read where --json is not offered: the driver named as a
// word in the text (its home's path left out), and a JSON listing only from a run that
// succeeded and printed an object.
import { describe, expect, it } from 'vitest';
import type { DeviceServerTarget } from './device-server-target.ts';
import { jsonListing, textNamesDriver, withoutHome } from './extension-listing.ts';
import type { CliRun } from './server-command.ts';

const fake = { driverName: 'fake', automationName: 'Fake' } as DeviceServerTarget;
const run = (code: number, stdout: string): CliRun => ({ args: [], code, timedOut: false, stdout, stderr: '', output: stdout });

describe('a text listing', () => {
  it('names the driver by its name or automationName as a word', () => {
    expect(textNamesDriver(fake, '- fake@6.2.4 [installed (npm)]')).toBe(true);
    expect(textNamesDriver(fake, 'Fake driver installed')).toBe(true);
    expect(textNamesDriver(fake, '- other@1.0.0 [installed (linked from /x/node_modules/@appium/fake-driver)]')).toBe(false);
    expect(textNamesDriver(fake, 'No drivers are installed.')).toBe(false);
  });

  it('is read without the home, whose path may hold any word', () => {
    expect(textNamesDriver(fake, withoutHome(run(0, 'Listing installed drivers (home /tmp/fake)'), '/tmp/fake'))).toBe(false);
  });
});

describe('a JSON listing', () => {
  it('is taken only from a run that succeeded and printed an object', () => {
    expect(jsonListing(run(0, 'progress…\n{"fake":{"version":"1"}}\n'))).toEqual({ fake: { version: '1' } });
    expect(jsonListing(run(1, '{"error":"unknown option --json"}'))).toBeUndefined();
    expect(jsonListing(run(0, '- fake@6.2.4 [installed (npm)]'))).toBeUndefined();
  });
});
