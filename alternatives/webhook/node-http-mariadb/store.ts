// MariaDB: one database per STORE_NAME, created at start if missing (several instances
// may start at once, so creation runs under a named server lock).
import mysql from 'mysql2/promise';

export type Db = mysql.Pool;

function connectionOptions(url: string, database?: string): mysql.PoolOptions {
  const parsed = new URL(url);
  const name = database ?? decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  return {
    host: parsed.hostname,
    port: parsed.port === '' ? 3306 : Number(parsed.port),
    user: decodeURIComponent(parsed.username) || 'root',
    password: decodeURIComponent(parsed.password),
    ...(name === '' ? {} : { database: name }),
    charset: 'utf8mb4',
    timezone: 'Z',
  };
}

const TABLES = [
  // event_key: SHA-256 of provider and event id, so ids of any length (up to the body
  // limit) have a fixed-size unique key; the id itself is kept for operators.
  `CREATE TABLE IF NOT EXISTS events (
     event_key   BINARY(32) NOT NULL PRIMARY KEY,
     provider    VARCHAR(64) NOT NULL,
     event_id    LONGTEXT NOT NULL,
     event_type  VARCHAR(255) NOT NULL,
     received_at DATETIME(3) NOT NULL,
     payload     LONGBLOB NOT NULL,
     status      ENUM('accepted', 'processing', 'completed', 'failed') NOT NULL DEFAULT 'accepted',
     effects     INT NOT NULL DEFAULT 0
   ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE IF NOT EXISTS jobs (
     seq       BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
     event_key BINARY(32) NOT NULL UNIQUE
   ) ENGINE=InnoDB`,
  `CREATE TABLE IF NOT EXISTS payments (
     payment_key BINARY(32) NOT NULL PRIMARY KEY,
     payment_id  LONGTEXT NOT NULL,
     version     BIGINT NOT NULL,
     status      VARCHAR(32) NOT NULL
   ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE IF NOT EXISTS payment_versions (
     seq         BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
     payment_key BINARY(32) NOT NULL,
     version     BIGINT NOT NULL,
     KEY by_payment (payment_key, seq)
   ) ENGINE=InnoDB`,
];

export async function openDb(url: string, storeName: string): Promise<Db> {
  const admin = await mysql.createConnection(connectionOptions(url));
  try {
    const lockName = `wirecheck-alt-node-http:${storeName}`;
    await admin.query('SELECT GET_LOCK(?, 30)', [lockName]);
    try {
      await admin.query(`CREATE DATABASE IF NOT EXISTS \`${storeName}\` CHARACTER SET utf8mb4`);
      for (const statement of TABLES) await admin.query(`USE \`${storeName}\``).then(() => admin.query(statement));
    } finally {
      await admin.query('SELECT RELEASE_LOCK(?)', [lockName]);
    }
  } finally {
    await admin.end();
  }
  return mysql.createPool({ ...connectionOptions(url, storeName), connectionLimit: 24, waitForConnections: true });
}

/** MariaDB error numbers this receiver reacts to. */
export const ER_DUP_ENTRY = 1062;
export const ER_LOCK_DEADLOCK = 1213;
export const ER_LOCK_WAIT_TIMEOUT = 1205;

export function errnoOf(err: unknown): number | undefined {
  const errno = (err as { errno?: unknown } | null)?.errno;
  return typeof errno === 'number' ? errno : undefined;
}

/** Runs fn in a transaction on one connection; a connection that failed is discarded. */
export async function inTransaction<T>(db: Db, fn: (conn: mysql.PoolConnection) => Promise<T>): Promise<T> {
  const conn = await db.getConnection();
  let healthy = true;
  try {
    // READ COMMITTED: no gap locks, so concurrent first inserts of one key meet on the
    // key itself (ER_DUP_ENTRY) instead of deadlocking on a gap.
    await conn.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
    await conn.beginTransaction();
    const result = await fn(conn);
    await conn.commit();
    return result;
  } catch (err) {
    try {
      await conn.rollback();
    } catch {
      healthy = false;
    }
    throw err;
  } finally {
    if (healthy) conn.release();
    else conn.destroy();
  }
}
