// Entry point (alternatives/README.md): configuration from the environment, the Redis
// key space opened, then serving on 127.0.0.1:PORT with @hono/node-server until SIGTERM.
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { EffectStore } from './store/effects.ts';
import { LabelStore } from './store/labels.ts';
import { PreferencesStore } from './store/preferences.ts';
import { RedisStore } from './store/redis.ts';

async function main(): Promise<void> {
  const config = readConfig();
  const store = new RedisStore(config.redisUrl, config.storeName);
  await store.open();
  const app = buildApp(config, {
    preferences: new PreferencesStore(store),
    labels: new LabelStore(store),
    effects: new EffectStore(store),
    commitSwitch: store.commitSwitch,
  });
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: config.port, hostname: '127.0.0.1' }, () => resolve(started as Server));
  });
  console.log(`hono-redis: resource API on http://127.0.0.1:${config.port}/ (key prefix ${config.storeName}:${config.probe ? ', probe on' : ''})`);

  const stop = async (): Promise<void> => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2000).unref();
    await closed;
    await store.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => {
    stop().catch((error: unknown) => {
      console.error(`hono-redis: stopping failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
  });
}

main().catch((error: unknown) => {
  console.error(`hono-redis: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
