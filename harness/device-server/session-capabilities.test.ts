import { describe, expect, it } from 'vitest';
import type { DeviceServerTarget } from './device-server-target.ts';
import { driverEntry, jsonOf } from './driver-source.ts';
import { newSessionBody, sessionCaps } from './session-capabilities.ts';
import { stripAnsi } from './server-command.ts';
import { listedIds } from './session-listing.ts';
import type { W3cAnswer } from './w3c-answer.ts';

const target: DeviceServerTarget = {
  system: 'device-server', kind: 'external', baseUrl: 'http://127.0.0.1:4723/', capabilities: [],
  vendor: 'appium', platformName: 'Fake', automationName: 'Fake', app: '/abs/app.xml', driverName: 'fake',
  homeEnv: 'APPIUM_HOME', commandEnv: {},
};

describe('session capabilities', () => {
  it('carry the run\'s vendor prefix and leave out what was not given', () => {
    expect(sessionCaps(target)).toEqual({ platformName: 'Fake', 'appium:automationName': 'Fake', 'appium:app': '/abs/app.xml' });
  });

  it('take overrides, and drop names overridden with undefined', () => {
    const body = newSessionBody(target, { 'appium:app': undefined, deviceName: 'x' });
    expect(body).toEqual({ capabilities: { alwaysMatch: { platformName: 'Fake', 'appium:automationName': 'Fake', deviceName: 'x' } } });
  });
});

describe('reading what servers print', () => {
  it('lists session ids from entries with id, sessionId, or plain strings', () => {
    const answer = { value: [{ id: 'a' }, { sessionId: 'b' }, 'c', { other: 1 }] } as unknown as W3cAnswer;
    expect(listedIds(answer)).toEqual(['a', 'b', 'c']);
  });

  it('finds the JSON of a list command among progress lines, and the driver by name or automationName', () => {
    const list = jsonOf('- Listing installed drivers\n{"fake":{"automationName":"Fake","installPath":"/p"}}\n');
    expect(driverEntry(target, list)).toEqual({ automationName: 'Fake', installPath: '/p' });
    expect(driverEntry({ ...target, driverName: 'other' }, list)).toEqual({ automationName: 'Fake', installPath: '/p' });
    expect(driverEntry(target, jsonOf('{}'))).toBeUndefined();
  });

  it('removes terminal colours', () => {
    expect(stripAnsi('\u001b[38;5;112m[Appium]\u001b[0m Welcome')).toBe('[Appium] Welcome');
  });
});
