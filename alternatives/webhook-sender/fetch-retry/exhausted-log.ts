// The operator's view of deliveries that used up their attempts: one JSON line each,
// appended to a file, holding what a replay needs (url, exact body) and why it gave up
// (every attempt's result). The secret and the signature are never written: a replay
// signs again with the secret the operator holds.
import { appendFileSync, readFileSync } from 'node:fs';
import type { AttemptRecord } from './deliver.ts';

export const DEFAULT_EXHAUSTED_LOG = './exhausted-deliveries.jsonl';

export interface ExhaustedEntry {
  /** The body's top-level `id` when the body is a JSON object with a string id; null otherwise. */
  readonly eventId: string | null;
  readonly url: string;
  /** The exact bytes that were sent, base64. */
  readonly bodyBase64: string;
  readonly attempts: readonly { readonly attempt: number; readonly at: string; readonly status?: number; readonly error?: string }[];
  readonly exhaustedAt: string;
}

export function exhaustedEntry(url: string, body: Uint8Array, attempts: readonly AttemptRecord[]): ExhaustedEntry {
  return {
    eventId: eventIdOf(body),
    url,
    bodyBase64: Buffer.from(body).toString('base64'),
    attempts: attempts.map((a) => ({ attempt: a.attempt, at: a.at, ...a.result })),
    exhaustedAt: new Date().toISOString(),
  };
}

/** One write call with O_APPEND, so that lines of senders sharing the file do not interleave. */
export function appendExhausted(file: string, entry: ExhaustedEntry): void {
  appendFileSync(file, `${JSON.stringify(entry)}\n`, { encoding: 'utf8', mode: 0o600 });
}

/** The file's entries, and the line numbers that are not entries; a missing file has none. */
export function readExhausted(file: string): { entries: ExhaustedEntry[]; badLines: number[] } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], badLines: [] };
    throw err;
  }
  const entries: ExhaustedEntry[] = [];
  const badLines: number[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      const parsed: unknown = JSON.parse(line);
      if (isEntry(parsed)) entries.push(parsed);
      else badLines.push(index + 1);
    } catch {
      badLines.push(index + 1);
    }
  });
  return { entries, badLines };
}

function eventIdOf(body: Uint8Array): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body).toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      const id = (parsed as Record<string, unknown>)['id'];
      if (typeof id === 'string') return id;
    }
  } catch {
    // Not JSON: the sender sends the bytes anyway (the receiver decides), and logs no id.
  }
  return null;
}

function isEntry(value: unknown): value is ExhaustedEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (typeof v['eventId'] === 'string' || v['eventId'] === null) && typeof v['url'] === 'string'
    && Array.isArray(v['attempts']) && typeof v['exhaustedAt'] === 'string';
}
