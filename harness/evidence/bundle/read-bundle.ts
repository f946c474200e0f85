// Reads a bundle.tar.gz into memory (nothing is extracted to disk): every regular
// file by its path, and what is wrong with the archive itself — an entry that is
// not a regular file, a path that climbs out, the same path twice (an appended
// entry would shadow the original when extracted).
import { readFileSync } from 'node:fs';
import { Parser, type ReadEntry } from 'tar';

export interface BundleContents {
  readonly files: ReadonlyMap<string, Buffer>;
  readonly problems: readonly string[];
}

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

function normalized(path: string): string {
  return path.replace(/^(\.\/)+/, '');
}

export function readBundle(path: string): Promise<BundleContents> {
  const data = readFileSync(path);
  const files = new Map<string, Buffer>();
  const problems: string[] = [];
  return new Promise((resolve, reject) => {
    const onEntry = (entry: ReadEntry) => {
      const name = normalized(entry.path);
      if (entry.type === 'Directory') return entry.resume();
      if (!FILE_TYPES.has(entry.type)) {
        problems.push(`${name}: a ${entry.type} entry, where a bundle holds only regular files`);
        return entry.resume();
      }
      if (name.startsWith('/') || name.split('/').includes('..')) problems.push(`${name}: a path outside the bundle`);
      if (files.has(name)) problems.push(`${name}: in the archive twice (an entry was appended)`);
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => files.set(name, Buffer.concat(chunks)));
    };
    const parser = new Parser({ strict: true, onReadEntry: onEntry });
    parser.on('error', (error: Error) => reject(error));
    parser.on('end', () => resolve({ files, problems }));
    parser.end(data);
  });
}
