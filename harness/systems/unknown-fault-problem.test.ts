// A run refuses --reference-fault names its system does not know, listing the ones it does.
import { describe, expect, it } from 'vitest';
import { resolveRunConfig } from '../run/run-config.ts';
import { optionsProblems as problems } from '../testing/options-problems.ts';
import { systemModules } from './registry.ts';
import { unknownFaultProblem } from './unknown-fault-problem.ts';

const resourceApi = systemModules().find((m) => m.name === 'resource-api');

describe('unknownFaultProblem', () => {
  it('refuses a fault of another system, naming that system\'s own', () => {
    const found = problems(() => resolveRunConfig({ system: 'resource-api', referenceFault: 'ack-200' }, {}, '/tmp'));
    expect(found).toEqual([expect.stringMatching(/^--reference-fault: unknown fault\(s\) ack-200 for resource-api; known: body-after-204, .*, probe-blind \(`wirecheck list --faults resource-api` says what each breaks\)$/)]);
    expect(found[0]).not.toContain('sender-');
  });

  it('takes the names a system knows, and leaves a system without a catalog to its reference', () => {
    if (!resourceApi) throw new Error('resource-api is not registered');
    expect(unknownFaultProblem(resourceApi, ['crlf-after-204', 'probe-blind'])).toBeUndefined();
    expect(unknownFaultProblem({ ...resourceApi, faults: undefined }, ['anything'])).toBeUndefined();
    expect(problems(() => resolveRunConfig({ system: 'resource-api', referenceFault: 'crlf-after-204' }, {}, '/tmp'))).toEqual([]);
  });
});
