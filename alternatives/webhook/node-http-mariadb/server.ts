// Entry point: webhook receiver on Node's http module and MariaDB.
import { createServer } from 'node:http';
import { createListener } from './app.ts';
import { readConfig } from './config.ts';
import { openDb } from './store.ts';
import { Worker } from './worker.ts';

/** Probe paths carry event ids as long as the body allows, percent-encoded. */
const MAX_HEADER_BYTES = 4 * 1024 * 1024;

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const db = await openDb(config.mariadbUrl, config.storeName);
  const worker = new Worker(db);
  worker.start();
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, createListener({ db, secret: config.secret, probe: config.probe }));
  server.listen(config.port, '127.0.0.1', () => {
    console.log(`node-http-mariadb: listening on 127.0.0.1:${config.port}, database ${config.storeName}`);
  });
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
    void worker.stop()
      .then(() => db.end())
      .finally(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(`node-http-mariadb: cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
