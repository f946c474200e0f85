// The references against clients that trickle their body: each connection sends a
// complete header section announcing 100 body bytes, then one byte a second. Each
// reference runs as `wirecheck serve` with its default limits; the figure is how long
// after connecting it dropped each connection, against its request timeout.
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveReference } from '../../test/testing/serve-reference.ts';
import { round3 } from './percentiles.ts';

export interface SlowBodyFigures {
  readonly system: string;
  readonly connections: number;
  readonly dropped: number;
  readonly dropAfterSec: { readonly min: number; readonly p50: number; readonly max: number };
  readonly requestTimeoutSec: number;
  /** Dropped by then: the timeout, plus Node's deadline check interval (1 s) and slack for a loaded machine. */
  readonly limitSec: number;
  readonly problems: readonly string[];
}

const BODY_BYTES = 100;
/** The references' documented default request timeout (their READMEs: REQUEST_TIMEOUT_MS). */
const REQUEST_TIMEOUT_SEC = 30;
/** Past this a connection counts as never dropped (the issue saw one still open after 420 s). */
const GIVE_UP_SEC = 120;

interface Reference {
  readonly system: string;
  readonly env: Record<string, string>;
  readonly healthPath: string;
  /** A request that the reference only judges once its body is in. */
  readonly head: (host: string) => string;
}

const REFERENCES: readonly Reference[] = [
  { system: 'webhook', env: { WEBHOOK_SECRET: 'bench-slow-body-secret' }, healthPath: 'healthz',
    head: (host) => `POST /webhooks/payments HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nX-Webhook-Signature: ${'0'.repeat(64)}\r\n` },
  { system: 'resource-api', env: {}, healthPath: 'healthz',
    head: (host) => `PATCH /v1/users/alice/preferences HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer dev-token-alice\r\nContent-Type: application/json\r\n` },
  { system: 'device-server', env: {}, healthPath: 'status',
    head: (host) => `POST /session HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` },
];

/** Seconds from connecting until the server ended the connection, or GIVE_UP_SEC. */
function trickle(url: URL, head: string): Promise<number> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const socket: Socket = connect(Number(url.port), url.hostname);
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < BODY_BYTES && !socket.destroyed) socket.write('x', () => {});
      sent++;
    }, 1000);
    const done = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve(Number(process.hrtime.bigint() - started) / 1e9);
    };
    const giveUp = setTimeout(done, GIVE_UP_SEC * 1000);
    socket.on('error', done);
    socket.on('close', done);
    socket.on('data', () => {}); // a 408 may come before the close
    socket.write(`${head}Content-Length: ${BODY_BYTES}\r\n\r\n`);
  });
}

async function measureOne(reference: Reference, connections: number, log: (line: string) => void): Promise<SlowBodyFigures> {
  const served = await serveReference(reference.system, reference.env, reference.healthPath);
  try {
    const url = new URL(served.baseUrl);
    const drops: number[] = [];
    await Promise.all(Array.from({ length: connections }, async (_, i) => {
      await sleep(i * 5); // a connection every 5 ms, not one burst the accept queue must hold
      drops.push(await trickle(url, reference.head(url.host)));
    }));
    const sorted = drops.sort((a, b) => a - b);
    const requestTimeoutSec = REQUEST_TIMEOUT_SEC;
    const limitSec = requestTimeoutSec + 5;
    const dropped = sorted.filter((s) => s < GIVE_UP_SEC).length;
    const max = round3(sorted.at(-1) ?? 0);
    log(`hostile: ${reference.system}: ${dropped}/${connections} slow-body connections dropped, after ${round3(sorted[0] ?? 0)}–${max} s (request timeout ${requestTimeoutSec} s)`);
    return {
      system: reference.system, connections, dropped,
      dropAfterSec: { min: round3(sorted[0] ?? 0), p50: round3(sorted[Math.floor(sorted.length / 2)] ?? 0), max },
      requestTimeoutSec, limitSec,
      problems: [
        ...(dropped === connections ? [] : [`${reference.system}: ${connections - dropped} slow-body connections still open after ${GIVE_UP_SEC} s`]),
        ...(max <= limitSec ? [] : [`${reference.system}: a slow-body connection was dropped only after ${max} s (limit ${limitSec} s)`]),
      ],
    };
  } finally {
    await served.stop();
  }
}

/** The three references side by side: each waits out its own timeout. */
export function measureSlowBodies(options: { connections: number; log: (line: string) => void }): Promise<SlowBodyFigures[]> {
  return Promise.all(REFERENCES.map((r) => measureOne(r, options.connections, options.log)));
}
