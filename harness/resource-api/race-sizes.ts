// How many races each race check runs (suites/resource-api/concurrency/races.test.ts),
// and why so many. A lost race shows only when the requests meet inside the window
// between a read and the write that trusts it; on a server of several processes behind
// one port, only when two of them also reach two different processes — and the kernel
// often hands a whole burst of connections to one process. The harness cannot choose,
// so it repeats: bursts one after another, each on fresh labels (or a fresh ETag).
//
// Sized on the reference's race faults (test/self-test/race-detection-rate.ts; the
// figures are in mutation/README.md): in the worst reference start measured, a burst of
// two labels' DELETE pairs found multi-process-read-then-write about one time in three,
// a burst of 16 DELETEs about one time in two, a PATCH race nine times in ten. With the
// sizes below a run misses such a fault with a chance under 1 in 10,000 per check, and
// the race file takes about 7 s against the reference (each burst waits 50 ms for its
// partial requests to arrive before the release: last-byte-race.ts).
export interface RaceSize {
  /** Bursts released one after another. */
  readonly bursts: number;
  /** Labels raced in each burst (1 for the PATCH races: one user's preferences). */
  readonly labels: number;
  /** Requests per label (or per PATCH race) in a burst. */
  readonly racers: number;
}

/** RA-CONC-01/02: two DELETEs of a label, two labels a burst (4 requests together). */
export const DELETE_PAIRS: RaceSize = { bursts: 24, labels: 2, racers: 2 };

/** RA-CONC-03: 16 DELETEs of one label a burst. */
export const DELETE_CROWDS: RaceSize = { bursts: 16, labels: 1, racers: 16 };

/** RA-CONC-05: 8 PATCHes with one current If-Match a race; a failed race ends the check. */
export const PATCH_RACES: RaceSize = { bursts: 6, labels: 1, racers: 8 };
