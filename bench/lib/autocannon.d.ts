// The part of autocannon 9's API the bench uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface RequestData {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  interface RequestSpec extends RequestData {
    setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
  }
  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: RequestSpec[];
    workers?: number;
  }
  interface Histogram {
    average: number; mean: number; stddev: number; min: number; max: number;
    p50: number; p90: number; p99: number; p99_9?: number;
  }
  interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    start: Date;
    finish: Date;
    statusCodeStats: Record<string, { count: number }>;
    '2xx': number; '4xx': number; '5xx': number;
  }
  interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
  export type { Options, Result, Instance, RequestData, RequestSpec };
}
