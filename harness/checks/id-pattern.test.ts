import { describe, expect, it } from 'vitest';
import { matchesAny, parseIdPatterns } from './id-pattern.ts';

describe('--only id patterns', () => {
  it('matches globs, several separated by commas, case-insensitively', () => {
    const patterns = parseIdPatterns('WH-SIG-*, ra-ack-0?');
    expect(['WH-SIG-01', 'WH-SIG-17', 'RA-ACK-03'].every((id) => matchesAny(id, patterns))).toBe(true);
    expect(['WH-SIGN-01', 'RA-ACK-10', 'XWH-SIG-01'].some((id) => matchesAny(id, patterns))).toBe(false);
  });

  it('treats regex characters literally', () => {
    expect(matchesAny('WH-SIG-01', parseIdPatterns('WH.SIG.01'))).toBe(false);
  });

  it('yields no pattern for an empty spec', () => {
    expect(parseIdPatterns(' , ')).toEqual([]);
  });
});
