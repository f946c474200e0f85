import { describe, expect, it } from 'vitest';
import { readFaults, UnknownFaultError } from './faults.ts';

const known = ['a', 'b'] as const;

describe('readFaults', () => {
  it('ignores WIRECHECK_FAULTS unless CONFORMANCE_FAULTS_ENABLED=1', () => {
    expect(readFaults({ WIRECHECK_FAULTS: 'a' }, known).size).toBe(0);
  });
  it('reads a comma-separated list when enabled', () => {
    expect([...readFaults({ WIRECHECK_FAULTS: 'a, b', CONFORMANCE_FAULTS_ENABLED: '1' }, known)]).toEqual(['a', 'b']);
  });
  it('refuses an unknown fault name, naming it and the known ones', () => {
    expect(() => readFaults({ WIRECHECK_FAULTS: 'a,zz', CONFORMANCE_FAULTS_ENABLED: '1' }, known))
      .toThrow(new UnknownFaultError('unknown fault(s) in WIRECHECK_FAULTS: zz; known faults: a, b'));
  });
});
