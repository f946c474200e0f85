// The webhook sender's self-test: every check against the bundled sender (`wirecheck send`),
// then one run per group of its faults (webhook-sender-faults.ts), each making its checks fail.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../harness/project-paths.ts';
import { defineSelfTest, listChecks } from './define-self-test.ts';
import { declaredFaults, groupingProblems } from './fault-runs.ts';
import { WEBHOOK_SENDER_FAULT_EFFECTS, WEBHOOK_SENDER_FAULT_RUNS, WEBHOOK_SENDER_UNSEEN_FAULTS, webhookSenderFaultExpectations } from './webhook-sender-faults.ts';

describe('webhook-sender fault runs', () => {
  it('put every fault in one run, with no check named by two faults of a run', () => {
    expect(groupingProblems(WEBHOOK_SENDER_FAULT_EFFECTS, WEBHOOK_SENDER_FAULT_RUNS)).toEqual([]);
  });

  it('cover every fault of the bundled sender, or say why a black box cannot see it', () => {
    const known = declaredFaults(readFileSync(projectPath('harness/webhook/sender/sender-faults.ts'), 'utf8'));
    const covered = [...Object.keys(WEBHOOK_SENDER_FAULT_EFFECTS), ...Object.keys(WEBHOOK_SENDER_UNSEEN_FAULTS)];
    expect(covered.sort()).toEqual(known.sort());
  });
});

defineSelfTest({ system: 'webhook-sender', expectations: webhookSenderFaultExpectations, checkIds: () => listChecks('webhook-sender') });
