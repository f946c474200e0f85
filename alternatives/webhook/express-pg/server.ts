// Entry point: webhook receiver on Express 5 and PostgreSQL, with a slow single worker.
import { createServer } from 'node:http';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openStore } from './store.ts';
import { SlowWorker } from './worker.ts';

/** Probe URLs carry event ids of up to the body limit, percent-encoded. */
const MAX_HEADER_BYTES = 4 * 1024 * 1024;

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const store = await openStore(config.databaseUrl, config.storeName);
  const app = buildApp({ store, secret: config.secret, probe: config.probe });
  const worker = new SlowWorker(store);
  worker.start();

  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app);
  server.listen(config.port, '127.0.0.1', () => {
    console.log(`express-pg webhook receiver listening on 127.0.0.1:${config.port} (store ${config.storeName}${config.probe ? ', probe on' : ''})`);
  });

  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    const forced = setTimeout(() => process.exit(0), 5_000);
    forced.unref();
    void worker.stop()
      .then(() => store.pool.end())
      .finally(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(`express-pg: cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
