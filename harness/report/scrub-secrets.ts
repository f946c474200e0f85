// The report dir is what leaves the machine (CI artifacts, bundles, auditors), so it
// is the last line of defence: after a run, any file there still containing a secret
// of the run gets it replaced. Transcripts are redacted when recorded; this catches
// what slipped through another path (an assertion message, a framework's output).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const REDACTED = Buffer.from('[REDACTED]');

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

function replaceAll(content: Buffer, secret: Buffer): Buffer | undefined {
  let index = content.indexOf(secret);
  if (index < 0) return undefined;
  const parts: Buffer[] = [];
  let from = 0;
  while (index >= 0) {
    parts.push(content.subarray(from, index), REDACTED);
    from = index + secret.length;
    index = content.indexOf(secret, from);
  }
  parts.push(content.subarray(from));
  return Buffer.concat(parts);
}

/** Returns the files that had to be scrubbed (each one a redaction gap worth fixing). */
export function scrubSecrets(dir: string, secrets: readonly string[]): string[] {
  const needles = secrets.filter((s) => s.length >= 4).map((s) => Buffer.from(s, 'utf8'));
  const scrubbed: string[] = [];
  for (const file of filesUnder(dir)) {
    if (statSync(file).size > 256 * 1024 * 1024) continue;
    let content: Buffer = readFileSync(file);
    let changed = false;
    for (const needle of needles) {
      const next = replaceAll(content, needle);
      if (next) {
        content = next;
        changed = true;
      }
    }
    if (changed) {
      writeFileSync(file, content);
      scrubbed.push(file);
    }
  }
  return scrubbed;
}
