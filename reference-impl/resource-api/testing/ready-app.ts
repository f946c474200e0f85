// The resource API's app for its own tests, listening on a free loopback port, with chosen faults.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { ResourceFault } from '../faults.ts';
import type { TokenTable } from '../token-table.ts';
import type { SqlStore } from '../../store/sql-store.ts';

export interface AppOptions {
  readonly faults?: readonly ResourceFault[];
  readonly probe?: boolean;
  readonly ackDelayMs?: number;
  readonly lateCommitMs?: number;
}

/** A listening app (supertest then reuses its server instead of starting one per request). */
export async function readyApp(store: SqlStore, tokens: TokenTable, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = buildApp({
    store, tokens, faults: new Set(options.faults ?? []), probe: options.probe ?? false, ackDelayMs: options.ackDelayMs, lateCommitMs: options.lateCommitMs,
  });
  await listen(app);
  return app;
}

export function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('app is not listening on TCP');
  return address.port;
}

/** Listens on a free loopback port; resolves to the port. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return portOf(app);
}
