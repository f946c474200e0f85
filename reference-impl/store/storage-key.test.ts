import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromStorageKey, storageKey } from './storage-key.ts';

describe('storageKey', () => {
  it('is injective and reversible over all strings, including lone surrogates', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (id) => {
      expect(fromStorageKey(storageKey(id))).toBe(id);
    }));
  });

  it('never contains U+0000 and is well-formed UTF-16', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (id) => {
      const key = storageKey(id);
      expect(key.includes('\u0000')).toBe(false);
      expect(key.isWellFormed()).toBe(true);
    }));
  });
});
