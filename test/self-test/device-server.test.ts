// The device-server self-test: the whole suite against the clean reference, then one
// run per group of faults (device-server-faults.ts), each making its checks fail.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../harness/project-paths.ts';
import { defineSelfTest, listChecks } from './define-self-test.ts';
import { DEVICE_SERVER_FAULT_EFFECTS, deviceServerFaultExpectations, groupingProblems } from './device-server-faults.ts';

describe('device-server fault runs', () => {
  it('put every fault in one run, with no check named by two faults of a run', () => {
    expect(groupingProblems()).toEqual([]);
  });

  it('cover every fault the reference has (read from its faults.ts)', () => {
    const source = readFileSync(projectPath('reference-impl/device-server/faults.ts'), 'utf8');
    const known = [...source.matchAll(/^\s+'([a-z0-9-]+)', \/\//gm)].map((m) => m[1] ?? '');
    expect(Object.keys(DEVICE_SERVER_FAULT_EFFECTS).sort()).toEqual(known.sort());
  });
});

defineSelfTest({ system: 'device-server', expectations: deviceServerFaultExpectations, checkIds: () => listChecks('device-server') });
