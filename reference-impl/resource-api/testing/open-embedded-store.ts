// A store per test file: embedded PGlite in a directory removed on close.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../store/open-store.ts';
import type { SqlStore } from '../../store/sql-store.ts';

export interface EmbeddedStore {
  readonly store: SqlStore;
  close(): Promise<void>;
}

export async function openEmbeddedStore(): Promise<EmbeddedStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-ra-test-'));
  const store = await openStore({ dataDir });
  return {
    store,
    async close() {
      try {
        await store.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
