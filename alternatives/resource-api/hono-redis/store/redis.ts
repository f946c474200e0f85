// The Redis connection and the key space of this instance: every key starts with
// `${STORE_NAME}:`. A write is committed when Redis has applied it and answered;
// how it reaches disk is the Redis server's persistence setting (appendonly/save).
import { Redis } from 'ioredis';
import { CommitSwitch } from './commit-switch.ts';

export class RedisStore {
  readonly commitSwitch = new CommitSwitch();
  readonly client: Redis;

  constructor(url: string, readonly prefix: string) {
    // Few retries: a request whose store is unreachable fails (5xx) instead of hanging.
    this.client = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
    this.client.on('error', (error: Error) => console.error(`hono-redis: redis: ${error.message}`));
  }

  key(...parts: readonly string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  /** Connects and marks the key space as this service's (idempotent). */
  async open(): Promise<void> {
    await this.client.connect();
    await this.client.set(this.key('schema'), 'hono-redis/1', 'NX');
  }

  async close(): Promise<void> {
    await this.client.quit();
  }
}
