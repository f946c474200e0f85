// The webhook self-test: the whole suite against the clean reference, then one run per
// group of faults (webhook-faults.ts), each making its checks fail, and the faults the
// preflight must catch.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../harness/project-paths.ts';
import { defineSelfTest, listChecks } from './define-self-test.ts';
import { declaredFaults, groupingProblems } from './fault-runs.ts';
import { WEBHOOK_FAULT_EFFECTS, WEBHOOK_FAULT_RUNS, WEBHOOK_PREFLIGHT_FAULTS, WEBHOOK_SENDER_FAULTS_IN_UNIT_TESTS, webhookFaultExpectations } from './webhook-faults.ts';

describe('webhook fault runs', () => {
  it('put every fault in one run, with no check named by two faults of a run', () => {
    expect(groupingProblems(WEBHOOK_FAULT_EFFECTS, WEBHOOK_FAULT_RUNS)).toEqual([]);
  });

  it('cover every fault the reference and the bundled sender have (read from their faults.ts), the sender\'s by WH-SEND-14/15 or its unit tests', () => {
    const known = [
      ...declaredFaults(readFileSync(projectPath('reference-impl/webhook/faults.ts'), 'utf8')),
      ...declaredFaults(readFileSync(projectPath('harness/webhook/sender/sender-faults.ts'), 'utf8')),
    ];
    const inRuns = [...Object.keys(WEBHOOK_FAULT_EFFECTS), ...WEBHOOK_PREFLIGHT_FAULTS.map((e) => e.fault)];
    expect(inRuns.filter((fault) => WEBHOOK_SENDER_FAULTS_IN_UNIT_TESTS.includes(fault)), 'a fault in a run is not left to the unit tests').toEqual([]);
    expect([...new Set([...inRuns, ...WEBHOOK_SENDER_FAULTS_IN_UNIT_TESTS])].sort()).toEqual(known.sort());
  });
});

defineSelfTest({ system: 'webhook', expectations: webhookFaultExpectations, checkIds: () => listChecks('webhook'), postgres: true });
