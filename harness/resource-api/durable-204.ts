// RA-DUR-01: a 204 means the change is committed (What the service does 3: "the change
// is proved through a follow-up read"; 204 rules 4: "A 204 is returned only after the
// change is durably committed."). Each 204 is followed by a read sent the moment it
// arrived, on a connection opened before the mutation (read-at-once.ts), many times
// over: PATCHes that flip weeklyDigest and DELETEs of fresh labels. A service that
// commits a few milliseconds after answering shows the old state to such reads nearly
// every time, so the check catches it in every run rather than by luck. When a read
// missed a change, the check waits for the change to show, to say which it was: a late
// commit (it shows a moment later) or a write that never lands.
import type { CheckContext } from '../checks/check.ts';
import type { ParsedResponse } from '../http/index.ts';
import { createLabel, readPreferences } from './api-state.ts';
import { mutateThenReadAtOnce } from './read-at-once.ts';
import { apiPath, apiRequest, describeAnswer, resourceApiClient } from './resource-api-client.ts';
import { resourceApiTarget } from './resource-api-target.ts';
import { LATE_COMMIT_RULE, SETTLE_MS, untilShown } from './read-back.ts';

/** PATCH 204s, each followed by a read at once. */
export const PATCH_ROUNDS = 12;
/** DELETE 204s of fresh labels, each followed by a read at once. */
export const DELETE_ROUNDS = 8;

export const LATE_COMMIT_HEADLINE = `a 204 before the change was committed (${LATE_COMMIT_RULE}): a read sent the moment the 204 arrived, on another connection, saw the state from before it`;

function digestOf(read: ParsedResponse | Error | undefined): boolean | string {
  if (read === undefined) return 'no read';
  if (read instanceof Error) return `no answer (${read.message})`;
  try {
    const digest = (read.json() as { weeklyDigest?: unknown }).weeklyDigest;
    if (read.statusCode === 200 && typeof digest === 'boolean') return digest;
  } catch {
    // described below
  }
  return describeAnswer(read);
}

const describeRead = (read: ParsedResponse | Error | undefined): string =>
  read === undefined ? 'nothing' : read instanceof Error ? `no answer (${read.message})` : describeAnswer(read);

/** How long after a stale read the change showed: "; it showed 14 ms later" — or that it did not. */
async function whenShown(show: () => Promise<boolean>): Promise<{ text: string; shown: boolean }> {
  const { afterMs } = await untilShown(show, (shown) => shown);
  return afterMs === undefined
    ? { text: `; the change had still not shown ${SETTLE_MS / 1000} s later`, shown: false }
    : { text: `; the change showed ${Math.max(1, Math.round(afterMs))} ms later`, shown: true };
}

/** Every 204 whose read at once missed its change, counted first; empty when none did. */
export async function readsAtOnceAfter204s(ctx: CheckContext): Promise<string[]> {
  const target = resourceApiTarget(ctx);
  const client = resourceApiClient(ctx);
  const prefs = apiPath.preferences(target.userId);
  const missed: string[] = [];
  const counts = { patch: 0, delete: 0 };
  const sent = { patch: 0, delete: 0 };
  let value = (await readPreferences(client)).weeklyDigest;
  for (let round = 1; round <= PATCH_ROUNDS; round++) {
    value = !value;
    const written = value;
    const { mutation, read } = await mutateThenReadAtOnce(ctx, apiRequest(target, 'PATCH', prefs, { json: { weeklyDigest: written } }), apiRequest(target, 'GET', prefs));
    if (mutation instanceof Error) throw mutation;
    sent.patch += 1;
    if (mutation.statusCode !== 204) throw new Error(`PATCH {"weeklyDigest": ${written}} answered ${describeAnswer(mutation)}: RA-DUR-01 judges 204s (RA-PREF-01 judges the status)`);
    const seen = digestOf(read);
    if (seen === written) continue;
    counts.patch += 1;
    const later = await whenShown(async () => (await readPreferences(client)).weeklyDigest === written);
    missed.push(`PATCH ${round} of ${PATCH_ROUNDS}, {"weeklyDigest": ${written}}: the GET sent at once after its 204 read ${typeof seen === 'boolean' ? `weeklyDigest ${seen}` : seen}${later.text}`);
    if (!later.shown) break;
  }
  for (let round = 1; round <= DELETE_ROUNDS; round++) {
    const id = await createLabel(client);
    const { mutation, read } = await mutateThenReadAtOnce(ctx, apiRequest(target, 'DELETE', apiPath.label(id)), apiRequest(target, 'GET', apiPath.label(id)));
    if (mutation instanceof Error) throw mutation;
    sent.delete += 1;
    if (mutation.statusCode !== 204) throw new Error(`DELETE of a label just created answered ${describeAnswer(mutation)}: RA-DUR-01 judges 204s (RA-DEL-01 judges the status)`);
    if (!(read instanceof Error) && read?.statusCode === 404) continue;
    counts.delete += 1;
    const later = await whenShown(async () => (await client.getLabel(id)).statusCode === 404);
    missed.push(`DELETE ${round} of ${DELETE_ROUNDS}, of label ${id}: the GET sent at once after its 204 answered ${describeRead(read)}, not 404${later.text}`);
    if (!later.shown) break;
  }
  if (missed.length === 0) return [];
  return [`the read at once missed the change after ${counts.patch} of ${sent.patch} PATCH 204s and ${counts.delete} of ${sent.delete} DELETE 204s`, ...missed];
}
