// A fresh PGlite data directory costs an initdb (~2.5 s on this class of machine);
// loading a dump of one costs a fifth of that. The first fresh start writes the dump
// of an empty cluster to a cache file; later fresh starts load it. The cache is
// keyed by PGlite's version and written atomically, so concurrent starts are safe.
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

const templateFile = join(tmpdir(), `wirecheck-pglite-template-${pgliteVersion()}.tar`);

function isFresh(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

async function writeTemplate(db: PGlite): Promise<void> {
  const dump = await db.dumpDataDir('none');
  const partial = `${templateFile}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, templateFile);
}

export async function createPglite(dataDir: string): Promise<PGlite> {
  if (!isFresh(dataDir)) return PGlite.create(dataDir);
  if (existsSync(templateFile)) {
    try {
      return await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(templateFile)]) });
    } catch {
      // A damaged cache is only a lost shortcut: fall through to a real initdb.
    }
  }
  const db = await PGlite.create(dataDir);
  await writeTemplate(db).catch(() => {});
  return db;
}
