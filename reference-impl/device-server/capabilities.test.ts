import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeCapabilities, processCapabilities, STANDARD_CAPS, stripVendorPrefix } from './capabilities.ts';
import { WebDriverError } from './errors.ts';

const base = { platformName: 'Android', 'vendor:automationName': 'SimAndroid' };

function errorOf(fn: () => unknown): WebDriverError {
  try {
    fn();
  } catch (error) {
    if (error instanceof WebDriverError) return error;
    throw error;
  }
  throw new Error('expected a WebDriverError');
}

// Capability names that are neither standard nor prefixed.
const unprefixedName = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,15}$/).filter((n) => !STANDARD_CAPS.has(n));
const prefixedName = fc.tuple(fc.constantFrom('vendor', 'goog', 'moz', 'x'), fc.stringMatching(/^[a-z][a-zA-Z]{0,10}$/)).map(([p, n]) => `${p}:${n}`);

describe('W3C capability processing', () => {
  it('merges alwaysMatch into each firstMatch entry and keeps the firstMatch order', () => {
    const sets = processCapabilities({
      capabilities: { alwaysMatch: base, firstMatch: [{ 'vendor:deviceName': 'a' }, { 'vendor:deviceName': 'b' }] },
    });
    expect(sets.map((s) => s['vendor:deviceName'])).toEqual(['a', 'b']);
    expect(sets[0]).toMatchObject(base);
  });

  it('property: merging disjoint sets yields their union; a shared name is invalid argument', () => {
    fc.assert(
      fc.property(fc.dictionary(prefixedName, fc.jsonValue()), fc.dictionary(prefixedName, fc.jsonValue()), (a, b) => {
        const shared = Object.keys(a).some((k) => Object.hasOwn(b, k));
        if (shared) {
          expect(errorOf(() => mergeCapabilities(a, b)).error).toBe('invalid argument');
        } else {
          expect(mergeCapabilities(a, b)).toEqual({ ...a, ...b });
        }
      }),
    );
  });

  it('property: a non-standard capability without a prefix is invalid argument, wherever it is', () => {
    fc.assert(
      fc.property(unprefixedName, fc.jsonValue().filter((v) => v !== null), fc.boolean(), (name, value, inFirstMatch) => {
        const extra = { [name]: value };
        const capabilities = inFirstMatch ? { alwaysMatch: base, firstMatch: [extra] } : { alwaysMatch: { ...base, ...extra } };
        const error = errorOf(() => processCapabilities({ capabilities }));
        expect(error.error).toBe('invalid argument');
        expect(error.message).toContain(name);
      }),
    );
  });

  it('accepts unprefixed names with the unprefixed-capabilities-accepted fault, reading them as vendor ones', () => {
    const [caps] = processCapabilities({ capabilities: { alwaysMatch: { platformName: 'Android', automationName: 'SimAndroid' } } }, { acceptUnprefixed: true });
    expect(caps?.['vendor:automationName']).toBe('SimAndroid');
  });

  it('a name in both alwaysMatch and firstMatch is invalid argument', () => {
    const error = errorOf(() => processCapabilities({ capabilities: { alwaysMatch: base, firstMatch: [{ platformName: 'Android' }] } }));
    expect(error.error).toBe('invalid argument');
    expect(error.message).toContain('platformName');
  });

  it('requires platformName and vendor:automationName, skipping firstMatch sets that lack them', () => {
    expect(errorOf(() => processCapabilities({ capabilities: { alwaysMatch: { 'vendor:automationName': 'x' } } })).message).toContain('platformName');
    const sets = processCapabilities({
      capabilities: { alwaysMatch: { platformName: 'Android' }, firstMatch: [{}, { 'vendor:automationName': 'SimAndroid' }] },
    });
    expect(sets).toHaveLength(1);
  });

  it('refuses a body with only legacy desiredCapabilities/requiredCapabilities', () => {
    for (const body of [{ desiredCapabilities: base }, { requiredCapabilities: base }, { desiredCapabilities: base, requiredCapabilities: {} }]) {
      const error = errorOf(() => processCapabilities(body));
      expect(error.error).toBe('invalid argument');
      expect(error.message).toMatch(/legacy/);
    }
  });

  it('ignores legacy members next to W3C capabilities, and takes desiredCapabilities with the fault', () => {
    expect(processCapabilities({ capabilities: { alwaysMatch: base }, desiredCapabilities: {} })).toHaveLength(1);
    expect(processCapabilities({ desiredCapabilities: base }, { acceptLegacy: true })).toHaveLength(1);
  });

  it('vendor:app must be an absolute path; other vendor capabilities are type-checked', () => {
    expect(errorOf(() => processCapabilities({ capabilities: { alwaysMatch: { ...base, 'vendor:app': 'apps/a.apk' } } })).message).toContain('absolute');
    expect(processCapabilities({ capabilities: { alwaysMatch: { ...base, 'vendor:app': '/apps/a.apk' } } })).toHaveLength(1);
    expect(errorOf(() => processCapabilities({ capabilities: { alwaysMatch: { ...base, 'vendor:newCommandTimeout': '60' } } })).error).toBe('invalid argument');
    expect(errorOf(() => processCapabilities({ capabilities: { alwaysMatch: { ...base, platformName: 7 } } })).error).toBe('invalid argument');
  });

  it('rejects malformed shapes with invalid argument', () => {
    for (const body of [null, [], 'x', {}, { capabilities: [] }, { capabilities: { alwaysMatch: [] } }, { capabilities: { alwaysMatch: base, firstMatch: {} } }, { capabilities: { alwaysMatch: base, firstMatch: [7] } }]) {
      expect(errorOf(() => processCapabilities(body)).error).toBe('invalid argument');
    }
  });

  it('drops null-valued capabilities and treats an empty firstMatch as [{}]', () => {
    const [caps] = processCapabilities({ capabilities: { alwaysMatch: { ...base, 'vendor:deviceName': null }, firstMatch: [] } });
    expect(caps).toEqual(base);
  });

  it('strips the vendor: prefix and keeps other prefixes', () => {
    expect(stripVendorPrefix({ platformName: 'A', 'vendor:app': '/a', 'goog:x': 1 })).toEqual({ platformName: 'A', app: '/a', 'goog:x': 1 });
  });
});
