// Operational records: the spec lists what a receiver keeps, not how it exposes them,
// so this INFO check records what a Prometheus-style GET /metrics shows, if anything.
import { check } from '../../../harness/checks/check.ts';
import { request } from '../../../harness/http/index.ts';

const RECORDS: ReadonlyArray<readonly [string, RegExp]> = [
  ['request counts', /request/i],
  ['acknowledgement latency', /latenc|duration/i],
  ['signature failures', /signature/i],
  ['queue depth', /queue.*depth|depth/i],
  ['queue age', /age/i],
  ['retries', /retr/i],
  ['exhausted deliveries', /exhaust|dead/i],
  ['duplicates', /duplicate/i],
  ['receipt-to-completion time', /completion/i],
];

check('WH-OPS-01', async (ctx) => {
  const response = await request(ctx.target.baseUrl, { method: 'GET', target: 'metrics' }, { transcript: ctx.transcript });
  if (response.statusCode !== 200) return ctx.observe(`GET /metrics answered ${response.statusCode}: no metrics endpoint there`);
  const lines = response.text().split('\n');
  const names = lines.filter((line) => line.startsWith('# HELP ')).map((line) => line.split(' ')[2] ?? '');
  // Names and label values both count: webhook_failures_total{kind="signature"} covers signature failures.
  const samples = lines.filter((line) => line !== '' && !line.startsWith('#')).map((line) => line.split(' ')[0] ?? '');
  const found = RECORDS.filter(([, pattern]) => [...names, ...samples].some((text) => pattern.test(text))).map(([label]) => label);
  ctx.observe(`GET /metrics answered 200 with ${names.length} metrics, covering: ${found.join(', ') || 'none of the listed records'}`);
});
