// Starting the webhook reference for a benchmark: on PostgreSQL in a schema of its
// own, or embedded (PGlite) in a fresh data directory; probe API on.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENTRY, type ProcessGroup, type RefProcess } from './reference-process.ts';

export const BENCH_SECRET = 'bench-secret-7f3a9c';

export type StoreKind = 'postgres' | 'pglite';

export interface ReceiverSpec {
  readonly store: StoreKind;
  readonly databaseUrl?: string;
  readonly schema?: string;
  readonly dataDir?: string;
  readonly name?: string;
  readonly env?: Record<string, string>;
  readonly nodeArgs?: readonly string[];
}

export function storeEnv(spec: ReceiverSpec): Record<string, string> {
  if (spec.store === 'postgres') {
    if (!spec.databaseUrl || !spec.schema) throw new Error('a PostgreSQL receiver needs a database URL and a schema');
    return { DATABASE_URL: spec.databaseUrl, DATABASE_SCHEMA: spec.schema };
  }
  return { DATA_DIR: spec.dataDir ?? mkdtempSync(join(tmpdir(), 'wirecheck-bench-pglite-')) };
}

export function startReceiver(group: ProcessGroup, spec: ReceiverSpec): Promise<RefProcess> {
  return group.start({
    name: spec.name ?? `receiver-${spec.store}`,
    entry: ENTRY.receiver,
    env: { WEBHOOK_SECRET: BENCH_SECRET, CONFORMANCE_PROBE: '1', ...storeEnv(spec), ...spec.env },
    nodeArgs: spec.nodeArgs,
  });
}
