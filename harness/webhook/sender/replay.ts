// Replaying dead-lettered deliveries with the same rules as a first delivery. A replay
// that delivers removes its entry from the file; one that does not leaves the entry
// in place with the replay appended to its `replays`, so nothing is ever lost.
import type { DeadLetterEntry } from './dead-letter-entry.ts';
import { entryBody } from './dead-letter-entry.ts';
import type { DeadLetterStore } from './dead-letter-store.ts';
import { deliver, type DeliverOptions } from './deliver.ts';
import type { DeliveryResult } from './delivery-result.ts';

export type ReplayOptions = Omit<DeliverOptions, 'url' | 'body' | 'deadLetterFile'> & {
  /** Deliver to this URL instead of the entry's own. */
  readonly url?: string;
  /** Called before each entry is replayed. */
  readonly onEntry?: (entry: DeadLetterEntry) => void;
};

export interface ReplayResult {
  readonly entry: DeadLetterEntry;
  readonly result: DeliveryResult;
  /** delivered: the entry was removed; otherwise it stays, with this replay recorded. */
  readonly removed: boolean;
}

export async function replayEntry(store: DeadLetterStore, entry: DeadLetterEntry, options: ReplayOptions): Promise<ReplayResult> {
  options.onEntry?.(entry);
  const url = options.url ?? entry.url;
  const result = await deliver({ ...options, url, body: entryBody(entry), deadLetterFile: null });
  if (result.outcome === 'delivered') {
    return { entry, result, removed: await store.remove(entry.deliveryId) };
  }
  const now = options.now ?? Date.now;
  await store.update(entry.deliveryId, (current) => ({
    ...current,
    replays: [...(current.replays ?? []), { at: new Date(now()).toISOString(), url, outcome: result.outcome, attempts: result.attempts }],
  }));
  return { entry, result, removed: false };
}

/** Replays the entries one after the other, in file order. */
export async function replayEntries(store: DeadLetterStore, entries: readonly DeadLetterEntry[], options: ReplayOptions): Promise<ReplayResult[]> {
  const results: ReplayResult[] = [];
  for (const entry of entries) results.push(await replayEntry(store, entry, options));
  return results;
}
