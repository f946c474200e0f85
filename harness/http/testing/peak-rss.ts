// How much a piece of work grew this process's resident memory at its peak: sampled
// every few milliseconds while it runs, and once more when it is done. A client that
// buffers a flood holds it until it is done, so a bound on this delta is a bound on what
// the client kept — a statement about memory, not about time.

export interface Measured<T> {
  /** the work's result, or what it threw */
  readonly outcome: { readonly value: T } | { readonly error: unknown };
  /** the highest RSS seen while it ran, minus the RSS before it, in bytes */
  readonly peakRssDelta: number;
}

export async function measurePeakRss<T>(work: () => Promise<T>, sampleMs = 5): Promise<Measured<T>> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sample = () => { peak = Math.max(peak, process.memoryUsage.rss()); };
  const timer = setInterval(sample, sampleMs);
  let outcome: Measured<T>['outcome'];
  try {
    outcome = { value: await work() };
  } catch (error) {
    outcome = { error };
  } finally {
    clearInterval(timer);
    sample();
  }
  return { outcome, peakRssDelta: peak - before };
}
