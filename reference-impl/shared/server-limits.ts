// How long a client may take to send a request, how long an idle connection stays
// open, and how many connections a reference holds at once: the same limits in the
// three references, so a client that trickles its body or holds sockets open cannot
// tie a server up (issue 17: one byte every 10 s was never dropped, 951 such
// connections made the webhook answer new ones with EOF).
//
// Fastify sets Node's requestTimeout to 0 (off) unless told otherwise; Node checks its
// header and request deadlines only every connectionsCheckingInterval (30 s by
// default), so that interval is tied to the deadlines here. A connection that has sent
// nothing yet counts as a request in progress: the header deadline drops it too.
import type { Server } from 'node:net';
import type { Server as HttpServer, ServerOptions as HttpServerOptions } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import { EnvReader } from './env-config.ts';

export interface ServerLimits {
  /** The request's header section must be complete within this (ms after its first byte, or after connecting). */
  readonly headersTimeoutMs: number;
  /** The whole request, headers and body, must be received within this (ms). */
  readonly requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (ms after the last answer). */
  readonly keepAliveTimeoutMs: number;
  /** Connections past this many are closed at once, so the process keeps file descriptors for its own work. */
  readonly maxConnections: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 10_000,
  // Three quarters of the common 1024 descriptor limit: the rest stays for the store,
  // the logs and the worker.
  maxConnections: 768,
});

/** The environment variables of the limits, under a reference's prefix ('' or 'VENDOR_'). */
export function serverLimitVariables(prefix: string): Readonly<Record<keyof ServerLimits, string>> {
  return {
    headersTimeoutMs: `${prefix}HEADERS_TIMEOUT_MS`,
    requestTimeoutMs: `${prefix}REQUEST_TIMEOUT_MS`,
    keepAliveTimeoutMs: `${prefix}KEEP_ALIVE_TIMEOUT_MS`,
    maxConnections: `${prefix}MAX_CONNECTIONS`,
  };
}

/** Reads the limits; every invalid value is added to `problems` (the caller reports them all at once). */
export function readServerLimits(env: NodeJS.ProcessEnv, problems: string[], prefix = ''): ServerLimits {
  const read = new EnvReader(env);
  const names = serverLimitVariables(prefix);
  const d = DEFAULT_SERVER_LIMITS;
  // A timeout of 0 would switch the deadline off, which is what these limits exist to prevent.
  const limits: ServerLimits = {
    headersTimeoutMs: read.integer(names.headersTimeoutMs, d.headersTimeoutMs, 1),
    requestTimeoutMs: read.integer(names.requestTimeoutMs, d.requestTimeoutMs, 1),
    keepAliveTimeoutMs: read.integer(names.keepAliveTimeoutMs, d.keepAliveTimeoutMs, 1),
    maxConnections: read.integer(names.maxConnections, d.maxConnections, 1),
  };
  problems.push(...read.problems);
  return Object.freeze(limits);
}

/** How often Node looks for requests past their deadline: a tenth of the shorter one, 10 ms to 1 s. */
export function deadlineCheckIntervalMs(limits: ServerLimits): number {
  const shorter = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return Math.min(1000, Math.max(10, Math.floor(shorter / 10)));
}

interface LimitOptions extends Pick<FastifyHttpOptions<HttpServer>, 'requestTimeout' | 'keepAliveTimeout'> {
  readonly http: HttpServerOptions;
}

/**
 * The Fastify options that set the deadlines (spread into the factory's options).
 * No socket inactivity timeout (Fastify's connectionTimeout): it would also cut an
 * answer that takes long to compute, such as a device server starting a session; the
 * deadlines here bound what a client controls.
 */
export function serverLimitOptions(limits: ServerLimits): LimitOptions {
  // Node refuses a header deadline past the request's: the headers are part of the request.
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout,
      connectionsCheckingInterval: deadlineCheckIntervalMs(limits),
    },
  };
}

/** Caps the connections a listening server holds (Fastify has no option for it). */
export function limitConnections(server: Server, limits: ServerLimits): void {
  server.maxConnections = limits.maxConnections;
}
