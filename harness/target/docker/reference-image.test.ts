import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../errors.ts';
import { referenceImage } from './reference-image.ts';

describe('referenceImage', () => {
  it('returns the image --image names, building nothing', async () => {
    const lines: string[] = [];
    await expect(referenceImage('ghcr.io/acme/ref:1.2', (line) => lines.push(line), '/nonexistent')).resolves.toBe('ghcr.io/acme/ref:1.2');
    expect(lines).toEqual([]);
  });

  it('without --image, in an installed package (no docker/Dockerfile), names --image before any build', async () => {
    const root = mkdtempSync(join(tmpdir(), 'wirecheck-installed-'));
    try {
      const lines: string[] = [];
      const error = await referenceImage(undefined, (line) => lines.push(line), root).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: ERROR_CODES.referenceStart });
      expect((error as Error).message).toContain('installed package');
      expect((error as Error).message).toContain('--image wirecheck-reference:local');
      expect(lines).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
