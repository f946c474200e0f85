// The resource-api self-test: the whole suite against the clean reference, then one
// run per group of faults (resource-api-faults.ts), each making its checks fail, and
// the fault the preflight must catch.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../harness/project-paths.ts';
import { defineSelfTest, listChecks } from './define-self-test.ts';
import { declaredFaults, groupingProblems } from './fault-runs.ts';
import { RESOURCE_API_FAULT_EFFECTS, RESOURCE_API_FAULT_RUNS, RESOURCE_API_PREFLIGHT_FAULTS, resourceApiFaultExpectations } from './resource-api-faults.ts';

describe('resource-api fault runs', () => {
  it('put every fault in one run, with no check named by two faults of a run', () => {
    expect(groupingProblems(RESOURCE_API_FAULT_EFFECTS, RESOURCE_API_FAULT_RUNS)).toEqual([]);
  });

  it('cover every fault the reference has (read from its faults.ts)', () => {
    const known = declaredFaults(readFileSync(projectPath('reference-impl/resource-api/faults.ts'), 'utf8'));
    const covered = new Set([...Object.keys(RESOURCE_API_FAULT_EFFECTS), ...RESOURCE_API_PREFLIGHT_FAULTS.map((e) => e.fault)]);
    expect([...covered].sort()).toEqual(known.sort());
  });
});

defineSelfTest({ system: 'resource-api', expectations: resourceApiFaultExpectations, checkIds: () => listChecks('resource-api'), postgres: true });
