// Exact percentiles over every recorded sample (no histogram buckets): the load
// generator keeps each latency, so p50 and p99 are read off the sorted samples.

export interface LatencySummary {
  readonly samples: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly meanMs: number;
}

export class LatencyRecorder {
  #values = new Float64Array(1024);
  #count = 0;

  record(ms: number): void {
    if (this.#count === this.#values.length) {
      const grown = new Float64Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.#count] = ms;
    this.#count += 1;
  }

  get count(): number { return this.#count; }

  summary(): LatencySummary {
    const sorted = this.#values.slice(0, this.#count).sort();
    const at = (q: number) => round3(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0);
    let sum = 0;
    for (const v of sorted) sum += v;
    return {
      samples: sorted.length,
      p50Ms: at(0.5),
      p90Ms: at(0.9),
      p99Ms: at(0.99),
      maxMs: round3(sorted[sorted.length - 1] ?? 0),
      meanMs: round3(sorted.length ? sum / sorted.length : 0),
    };
  }
}

export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
