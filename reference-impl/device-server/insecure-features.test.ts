import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { featuresForDriver, isGloballyEnabled, parseInsecureFeatures } from './insecure-features.ts';

describe('scoped insecure features', () => {
  const features = parseInsecureFeatures(['simandroid:adb_shell', '*:session_discovery', 'Other:x', 'SimAndroid:y']);

  it('applies a feature to a driver by `*`, its name or its automationName, case-insensitively', () => {
    expect(featuresForDriver(features, 'simandroid', 'SimAndroid')).toEqual(['adb_shell', 'session_discovery', 'y']);
    expect(featuresForDriver(features, 'other', 'Other')).toEqual(['session_discovery', 'x']);
  });

  it('enables server-wide features only with the `*` scope', () => {
    expect(isGloballyEnabled(features, 'session_discovery')).toBe(true);
    expect(isGloballyEnabled(parseInsecureFeatures(['simandroid:session_discovery']), 'session_discovery')).toBe(false);
  });

  it('property: an item without a colon is always refused', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_]{1,20}$/), (item) => {
        expect(() => parseInsecureFeatures([item])).toThrow(/scope/);
      }),
    );
  });

  it('property: every <scope>:<feature> item is accepted as written', () => {
    const word = fc.stringMatching(/^[a-zA-Z0-9_*-]{1,12}$/);
    fc.assert(
      fc.property(word, word, (scope, feature) => {
        expect(parseInsecureFeatures([`${scope}:${feature}`])).toEqual([{ scope, feature }]);
      }),
    );
  });
});
