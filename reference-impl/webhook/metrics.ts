// The spec's operational records as Prometheus metrics (prom-client), one registry
// per app so tests can build several. Queue depth and age are read from the
// database at scrape time: with several instances, the queue is shared.
import client from 'prom-client';
import type { SqlStore } from '../store/sql-store.ts';
import { queueStats } from './processing/job-queue.ts';

export interface WebhookMetrics {
  readonly registry: client.Registry;
  readonly requests: client.Counter<'event_type' | 'response_class'>;
  readonly ackLatency: client.Histogram<'response_class'>;
  readonly failures: client.Counter<'kind'>;
  readonly duplicates: client.Counter;
  readonly retries: client.Counter;
  readonly exhausted: client.Counter;
  readonly staleEvents: client.Counter;
  readonly receiptToCompletion: client.Histogram;
}

export function createMetrics(store: SqlStore): WebhookMetrics {
  const registry = new client.Registry();
  const metric = { registers: [registry] };
  const queueDepth = new client.Gauge({ name: 'webhook_queue_depth', help: 'Jobs waiting or in progress', ...metric });
  const queueAge = new client.Gauge({ name: 'webhook_queue_oldest_job_age_seconds', help: 'Age of the oldest queued job', ...metric });
  // A scrape reads the shared queue once for both gauges.
  const collectQueue = async () => {
    const stats = await queueStats(store).catch(() => ({ depth: Number.NaN, oldestAgeSeconds: Number.NaN }));
    queueDepth.set(stats.depth);
    queueAge.set(stats.oldestAgeSeconds);
  };
  return {
    registry: Object.assign(registry, { collectQueue }),
    requests: new client.Counter({ name: 'webhook_requests_total', help: 'Deliveries by event type and response class', labelNames: ['event_type', 'response_class'], ...metric }),
    ackLatency: new client.Histogram({ name: 'webhook_ack_latency_seconds', help: 'Time from request to answer', labelNames: ['response_class'], buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], ...metric }),
    failures: new client.Counter({ name: 'webhook_failures_total', help: 'Signature, parse, schema and processing failures', labelNames: ['kind'], ...metric }),
    duplicates: new client.Counter({ name: 'webhook_duplicates_total', help: 'Deliveries of an already recorded event id', ...metric }),
    retries: new client.Counter({ name: 'webhook_processing_retries_total', help: 'Business actions retried after a failure', ...metric }),
    exhausted: new client.Counter({ name: 'webhook_processing_exhausted_total', help: 'Events failed after the last retry', ...metric }),
    staleEvents: new client.Counter({ name: 'webhook_stale_events_total', help: 'Events the version guard ignored', ...metric }),
    receiptToCompletion: new client.Histogram({ name: 'webhook_receipt_to_completion_seconds', help: 'Time from receipt to completed business effect', buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30], ...metric }),
  };
}

export async function renderMetrics(metrics: WebhookMetrics): Promise<string> {
  await (metrics.registry as client.Registry & { collectQueue: () => Promise<void> }).collectQueue();
  return metrics.registry.metrics();
}
