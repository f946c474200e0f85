// Entry point (alternatives/README.md): configuration from the environment, the
// schema created when missing, then listening on 127.0.0.1:PORT until SIGTERM.
import { createServer } from 'node:http';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { Database } from './store/db.ts';
import { EffectStore } from './store/effects.ts';
import { LabelStore } from './store/labels.ts';
import { PreferencesStore } from './store/preferences.ts';

async function main(): Promise<void> {
  const config = readConfig();
  const db = new Database(config.databaseUrl, config.storeName);
  await db.migrate();
  const app = buildApp(config, {
    preferences: new PreferencesStore(db),
    labels: new LabelStore(db),
    effects: new EffectStore(db),
    commitSwitch: db.commitSwitch,
  });
  const handle = app.callback();
  // Koa's handler settles its own errors; each request runs as Node's server emits it.
  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, '127.0.0.1', () => resolve());
  });
  console.log(`koa-pg: resource API on http://127.0.0.1:${config.port}/ (schema ${config.storeName}${config.probe ? ', probe on' : ''})`);

  const stop = async (): Promise<void> => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2000).unref();
    await closed;
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => {
    stop().catch((error: unknown) => {
      console.error(`koa-pg: stopping failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
  });
}

main().catch((error: unknown) => {
  console.error(`koa-pg: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
