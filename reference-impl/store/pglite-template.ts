// A fresh PGlite data directory costs an initdb and the schema (~2.5 s on this class
// of machine); loading a dump of one costs a fifth of that. The first fresh start
// writes the dump of a cluster with the schema applied to a cache file; later fresh
// starts load it. The cache is keyed by PGlite's version and the schema's hash and
// written atomically, so concurrent starts are safe and a schema change never loads
// a stale template.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/** PGlite's version, from the package.json above its resolved entry (it exports none). */
function pgliteVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
}

function templateFileFor(schema: string): string {
  const schemaHash = createHash('sha256').update(schema).digest('hex').slice(0, 12);
  return join(tmpdir(), `wirecheck-pglite-${pgliteVersion()}-${schemaHash}.tar`);
}

function isFresh(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

async function writeTemplate(db: PGlite, file: string): Promise<void> {
  const dump = await db.dumpDataDir('none');
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
}

/** A PGlite in dataDir with `schema` applied: from the template when the directory is fresh. */
export async function createPglite(dataDir: string, schema: string): Promise<PGlite> {
  if (!isFresh(dataDir)) {
    const db = await PGlite.create(dataDir);
    await db.exec(schema);
    return db;
  }
  const file = templateFileFor(schema);
  if (existsSync(file)) {
    try {
      return await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
    } catch {
      // A damaged cache is only a lost shortcut: fall through to a real initdb.
    }
  }
  const db = await PGlite.create(dataDir);
  await db.exec(schema);
  await writeTemplate(db, file).catch(() => {});
  return db;
}
