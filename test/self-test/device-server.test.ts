// The device-server self-test: the whole suite against the clean reference, then one
// run per group of faults (device-server-faults.ts), each making its checks fail.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../harness/project-paths.ts';
import { defineSelfTest, listChecks } from './define-self-test.ts';
import { DEVICE_SERVER_FAULT_EFFECTS, DEVICE_SERVER_FAULT_RUNS, deviceServerFaultExpectations } from './device-server-faults.ts';
import { declaredFaults, groupingProblems } from './fault-runs.ts';

describe('device-server fault runs', () => {
  it('put every fault in one run, with no check named by two faults of a run', () => {
    expect(groupingProblems(DEVICE_SERVER_FAULT_EFFECTS, DEVICE_SERVER_FAULT_RUNS)).toEqual([]);
  });

  it('cover every fault the reference has (read from its faults.ts)', () => {
    const known = declaredFaults(readFileSync(projectPath('reference-impl/device-server/faults.ts'), 'utf8'));
    expect(Object.keys(DEVICE_SERVER_FAULT_EFFECTS).sort()).toEqual(known.sort());
  });
});

defineSelfTest({ system: 'device-server', expectations: deviceServerFaultExpectations, checkIds: () => listChecks('device-server') });
