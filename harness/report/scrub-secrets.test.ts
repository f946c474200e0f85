import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scrubSecrets } from './scrub-secrets.ts';

describe('scrubSecrets', () => {
  it('replaces every occurrence of every secret in every file, and says which files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wirecheck-scrub-'));
    mkdirSync(join(dir, 'deep'));
    writeFileSync(join(dir, 'a.json'), '{"x":"top-secret-1","y":"top-secret-1 and tok-2222"}');
    writeFileSync(join(dir, 'deep', 'b.txt'), Buffer.concat([Buffer.from([0xff, 0x00]), Buffer.from('tok-2222')]));
    writeFileSync(join(dir, 'clean.txt'), 'nothing here');
    const scrubbed = scrubSecrets(dir, ['top-secret-1', 'tok-2222', 'ab']);
    expect(scrubbed.sort()).toEqual([join(dir, 'a.json'), join(dir, 'deep', 'b.txt')]);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('{"x":"[REDACTED]","y":"[REDACTED] and [REDACTED]"}');
    expect(readFileSync(join(dir, 'deep', 'b.txt')).subarray(2).toString()).toBe('[REDACTED]');
    expect(readFileSync(join(dir, 'clean.txt'), 'utf8')).toBe('nothing here');
  });
});
