// The start contract of alternatives/README.md, read from the environment once.
import { createHash } from 'node:crypto';

export interface Config {
  readonly port: number;
  /** Every Redis key of this instance starts with `${storeName}:`. */
  readonly storeName: string;
  readonly redisUrl: string;
  /** sha256(token) in hex → user id; the tokens themselves are not kept. */
  readonly tokenDigests: ReadonlyMap<string, string>;
  readonly probe: boolean;
}

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function parseTokens(raw: string): Map<string, string> {
  const digests = new Map<string, string>();
  for (const entry of raw.split(',')) {
    const colon = entry.indexOf(':');
    if (colon <= 0) continue;
    const token = entry.slice(0, colon).trim();
    const user = entry.slice(colon + 1).trim();
    if (token !== '' && user !== '') digests.set(tokenDigest(token), user);
  }
  return digests;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env['PORT']);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error('PORT must be a TCP port number');
  const storeName = env['STORE_NAME'] ?? '';
  if (!/^[a-z][a-z0-9_]*$/.test(storeName)) throw new Error('STORE_NAME must match [a-z][a-z0-9_]*');
  const tokenDigests = parseTokens(env['API_TOKENS'] ?? '');
  if (tokenDigests.size === 0) throw new Error('API_TOKENS must hold at least one token:user pair');
  return {
    port,
    storeName,
    redisUrl: env['REDIS_URL'] || 'redis://127.0.0.1:6379',
    tokenDigests,
    probe: env['CONFORMANCE_PROBE'] === '1',
  };
}
