// The load generator: autocannon, closed loop, N keep-alive connections, each
// request taken in turn from a pre-built list (unique signed events, or any bytes).
// Latency is recorded per response from autocannon's own timing (every status,
// exact percentiles), not read from its whole-millisecond histogram.
import autocannon from 'autocannon';
import { LatencyRecorder, round3, type LatencySummary } from './percentiles.ts';

export interface LoadRequest {
  readonly method?: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: Buffer;
}

export interface LoadOptions {
  readonly url: string;
  readonly connections: number;
  /** Run for this many seconds... */
  readonly durationSec?: number;
  /** ...or send exactly this many requests. */
  readonly amount?: number;
  /** Requests used in order; when `cycle` is false the list must outlast the run. */
  readonly requests: readonly LoadRequest[];
  readonly cycle?: boolean;
  readonly timeoutSec?: number;
}

export interface LoadResult {
  readonly sent: number;
  readonly responses: number;
  readonly statusCounts: Record<string, number>;
  readonly errors: number;
  readonly timeouts: number;
  readonly durationSec: number;
  readonly responsesPerSec: number;
  /** 2xx answers per second. */
  readonly acksPerSec: number;
  readonly latency: LatencySummary;
  /** How many entries of `requests` were sent (the first `used`). */
  readonly used: number;
  /** The status answering each entry of `requests` (0: not answered; the last answer when cycling). */
  readonly statuses: Uint16Array;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { requests } = options;
  if (requests.length === 0) throw new Error('runLoad: no requests');
  let next = 0;
  let used = 0;
  let exhausted = false;
  const statuses = new Uint16Array(requests.length);
  const pick = (): number => {
    if (next >= requests.length) {
      if (!options.cycle) exhausted = true;
      next = 0;
    }
    used = Math.max(used, next + 1);
    return next++;
  };
  const latencies = new LatencyRecorder();
  const startedAt = process.hrtime.bigint();
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    pipelining: 1,
    timeout: options.timeoutSec ?? 30,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.durationSec ?? 10 }),
    requests: [{
      method: 'POST',
      // autocannon builds each request just before sending it, on a context of its
      // connection, and hands that context to onResponse: the entry answered is known.
      setupRequest: (request, context) => {
        const index = pick();
        context['index'] = index;
        const r = requests[index] as LoadRequest;
        return { ...request, method: r.method ?? 'POST', path: r.path, headers: r.headers, body: r.body ?? Buffer.alloc(0) };
      },
      onResponse: (status, _body, context) => {
        const index = context['index'];
        if (typeof index === 'number') statuses[index] = status;
      },
    }],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.record(responseTime));
  const result = await instance;
  const durationSec = Number(process.hrtime.bigint() - startedAt) / 1e9;
  if (exhausted) throw new Error(`runLoad: the ${requests.length} pre-built requests ran out; pre-build more`);
  const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  const responses = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  const acks = Object.entries(statusCounts).filter(([code]) => code.startsWith('2')).reduce((a, [, n]) => a + n, 0);
  return {
    sent: result.requests.sent,
    responses,
    statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSec: round3(result.duration || durationSec),
    responsesPerSec: Math.round(responses / (result.duration || durationSec)),
    acksPerSec: Math.round(acks / (result.duration || durationSec)),
    latency: latencies.summary(),
    used,
    statuses,
  };
}
