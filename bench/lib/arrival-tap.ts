// Preloaded into a reference process by the storm bench (node --import), never part of
// the reference: records, in the server's own process, when each POST's body was
// complete and when its answer was finished (wall clock, microsecond resolution, so
// two processes on one machine compare), and writes them to BENCH_ARRIVAL_FILE at exit.
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

const file = process.env['BENCH_ARRIVAL_FILE'];
const arrivals: number[] = [];
const finishes: number[] = [];
const now = () => performance.timeOrigin + performance.now();

if (file) {
  subscribe('http.server.request.start', (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    if (request.method !== 'POST') return;
    request.once('end', () => arrivals.push(now()));
    response.once('finish', () => finishes.push(now()));
  });
  process.once('exit', () => writeFileSync(file, JSON.stringify({ pid: process.pid, arrivals, finishes })));
}
