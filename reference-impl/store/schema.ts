// The one SQL schema of the reference implementations: every file in schema/,
// applied in name order. Each statement is idempotent (IF NOT EXISTS), so applying
// it at every start is safe, also from several processes at once (see the adapters).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const schemaDir = join(import.meta.dirname, 'schema');

export function schemaSql(): string {
  const files = readdirSync(schemaDir).filter((name) => name.endsWith('.sql')).sort();
  return files.map((name) => readFileSync(join(schemaDir, name), 'utf8')).join('\n');
}
