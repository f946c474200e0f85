// The one SQL schema of the reference implementations: every file in schema/,
// applied in name order. Each statement is idempotent (IF NOT EXISTS), so applying
// it at every start is safe, also from several processes at once (see the adapters).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const schemaDir = join(import.meta.dirname, 'schema');

export function schemaSql(): string {
  return readdirSync(schemaDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(join(schemaDir, name), 'utf8'))
    .join('\n');
}
