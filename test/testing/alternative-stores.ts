// The stores the alternatives keep their state in (alternatives/README.md): a
// PostgreSQL schema, a MariaDB database or a Redis key prefix, named by STORE_NAME.
// The self-test drops each one afterwards, so a run leaves nothing behind.
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import pg from 'pg';

export type StoreKind = 'postgresql' | 'mariadb' | 'redis';

export const STORE_URLS: Readonly<Record<StoreKind, string>> = {
  postgresql: process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test',
  mariadb: process.env['MARIADB_URL'] || 'mysql://root@127.0.0.1:3306/test',
  redis: process.env['REDIS_URL'] || 'redis://127.0.0.1:6379',
};

/** The environment variable an alternative reads its store's address from. */
export const STORE_ENV: Readonly<Record<StoreKind, string>> = { postgresql: 'DATABASE_URL', mariadb: 'MARIADB_URL', redis: 'REDIS_URL' };

async function dropPostgres(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: STORE_URLS.postgresql });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}

async function dropMariadb(name: string): Promise<void> {
  const connection = await mysql.createConnection(STORE_URLS.mariadb);
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await connection.end();
  }
}

async function dropRedis(name: string): Promise<void> {
  const redis = new Redis(STORE_URLS.redis, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${name}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export function dropStore(kind: StoreKind, name: string): Promise<void> {
  switch (kind) {
    case 'postgresql': return dropPostgres(name);
    case 'mariadb': return dropMariadb(name);
    case 'redis': return dropRedis(name);
  }
}
