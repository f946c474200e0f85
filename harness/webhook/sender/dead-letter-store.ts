// The dead-letter file: JSON lines, one exhausted delivery each, for an operator to
// list and replay. Appends and rewrites happen under a lock file; a rewrite goes to a
// temporary file renamed over the original, so a crash never leaves half a file. A
// line that is not an entry is reported, kept as it is, and never fatal.
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseEntry, serializeEntry, type DeadLetterEntry } from './dead-letter-entry.ts';
import { withFileLock, type LockOptions } from './file-lock.ts';

export const DEFAULT_DEAD_LETTER_FILE = 'wirecheck-dead-letters.jsonl';

export interface CorruptLine {
  /** 1-based line number. */
  readonly line: number;
  readonly problem: string;
}

export interface DeadLetterListing {
  readonly entries: readonly DeadLetterEntry[];
  readonly corrupt: readonly CorruptLine[];
}

interface Line {
  readonly text: string;
  readonly entry?: DeadLetterEntry;
  readonly problem?: string;
}

function parseLines(content: string): Line[] {
  const texts = content.split('\n');
  if (texts.at(-1) === '') texts.pop();
  return texts.map((text) => {
    if (text.trim() === '') return { text, problem: 'empty line' };
    try {
      return { text, entry: parseEntry(text) };
    } catch (error) {
      return { text, problem: (error as Error).message };
    }
  });
}

export class DeadLetterStore {
  readonly file: string;

  constructor(file: string, private readonly lockOptions: LockOptions = {}) {
    this.file = resolve(file);
  }

  async append(entry: DeadLetterEntry): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    // One write of one whole line, under the lock: concurrent senders never interleave.
    await this.#locked(() => appendFile(this.file, serializeEntry(entry), { mode: 0o600 }));
  }

  async list(): Promise<DeadLetterListing> {
    if (!existsSync(dirname(this.file))) return { entries: [], corrupt: [] };
    const lines = await this.#locked(() => this.#read());
    return {
      entries: lines.flatMap((l) => (l.entry ? [l.entry] : [])),
      corrupt: lines.flatMap((l, i) => (l.problem && l.text.trim() !== '' ? [{ line: i + 1, problem: l.problem }] : [])),
    };
  }

  /** Removes the entry; false when the file holds none with that id. */
  remove(deliveryId: string): Promise<boolean> {
    return this.#rewrite(deliveryId, () => undefined);
  }

  /** Replaces the entry with `change(entry)`; false when the file holds none with that id. */
  update(deliveryId: string, change: (entry: DeadLetterEntry) => DeadLetterEntry): Promise<boolean> {
    return this.#rewrite(deliveryId, change);
  }

  async #rewrite(deliveryId: string, change: (entry: DeadLetterEntry) => DeadLetterEntry | undefined): Promise<boolean> {
    if (!existsSync(dirname(this.file))) return false;
    return this.#locked(async () => {
      const lines = await this.#read();
      let found = false;
      const kept = lines.flatMap((line) => {
        if (line.entry?.deliveryId !== deliveryId) return [line.text];
        found = true;
        const changed = change(line.entry);
        return changed ? [serializeEntry(changed).slice(0, -1)] : [];
      });
      if (!found) return false;
      const temporary = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, kept.map((t) => `${t}\n`).join(''), { mode: 0o600 });
      await rename(temporary, this.file);
      return true;
    });
  }

  async #read(): Promise<Line[]> {
    try {
      return parseLines(await readFile(this.file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  #locked<T>(work: () => Promise<T>): Promise<T> {
    return withFileLock(this.file, work, this.lockOptions);
  }
}
