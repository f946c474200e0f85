// --reference-fault sender-*: the run hands those names to the sender suites and keeps
// them from the reference process, which refuses any fault it does not know.
import { describe, expect, it } from 'vitest';
import { OptionsError } from '../../errors.ts';
import { resolveRunConfig } from '../../run/run-config.ts';
import { SENDER_FAULTS } from '../../webhook/sender/sender-faults.ts';
import type { WebhookOptions } from './webhook-options.ts';

describe('sender faults in a run', () => {
  it('splits sender-* names from the reference\'s own faults', () => {
    const config = resolveRunConfig({ system: 'webhook', referenceFault: 'ack-200,sender-jitter-on' }, {}, '/tmp');
    expect((config.own['webhook'] as WebhookOptions).senderFaults).toEqual(['sender-jitter-on']);
    expect(config.referenceFaults).toEqual(['ack-200']);
    expect(config.referenceEnv['WIRECHECK_FAULTS']).toBe('ack-200');
  });

  it('starts a clean reference when only sender faults are named', () => {
    const config = resolveRunConfig({ system: 'webhook', referenceFault: 'sender-no-dead-letter' }, {}, '/tmp');
    expect(config.referenceEnv['CONFORMANCE_FAULTS_ENABLED']).toBeUndefined();
  });

  it('refuses an unknown sender fault, naming the known ones', () => {
    try {
      resolveRunConfig({ system: 'webhook', referenceFault: 'sender-nope' }, {}, '/tmp');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OptionsError);
      expect((error as OptionsError).problems[0]).toContain(`unknown sender fault(s) sender-nope; known: ${SENDER_FAULTS.join(', ')}`);
    }
  });
});
