// --reference-fault sender-*: the run hands those names to the sender suites and keeps
// them from the reference process, which refuses any fault it does not know. An unknown
// name, the sender's or the reference's, is refused before anything starts, with every
// name the system knows.
import { describe, expect, it } from 'vitest';
import { OptionsError } from '../../errors.ts';
import { optionsProblems as problems } from '../../testing/options-problems.ts';
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
      expect((error as OptionsError).problems[0]).toContain('--reference-fault: unknown fault(s) sender-nope for webhook; known: reserialized-body, ');
      expect((error as OptionsError).problems[0]).toContain(`, ${SENDER_FAULTS.join(', ')} (\`wirecheck list --faults webhook\` says what each breaks)`);
    }
  });

  it('refuses an unknown reference fault before anything starts, naming the sender\'s faults among the known ones', () => {
    const found = problems(() => resolveRunConfig({ system: 'webhook', referenceFault: 'ack-200,no-such-fault' }, {}, '/tmp'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^--reference-fault: unknown fault\(s\) no-such-fault for webhook; known: .*\back-200\b.*\bsender-no-dead-letter\b/);
    for (const name of SENDER_FAULTS) expect(found[0]).toContain(name);
  });

});
