// The process's settings, read once from the environment (alternatives/README.md).
export interface Config {
  readonly port: number;
  readonly storeName: string;
  readonly databaseUrl: string;
  readonly secret: string;
  readonly probe: boolean;
}

const STORE_NAME = /^[a-z][a-z0-9_]*$/;

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const secret = env['WEBHOOK_SECRET'];
  if (secret === undefined || secret === '') throw new Error('WEBHOOK_SECRET is not set: the receiver cannot verify signatures without it');
  const storeName = env['STORE_NAME'] ?? 'webhook_express_pg';
  if (!STORE_NAME.test(storeName)) throw new Error(`STORE_NAME must match ${STORE_NAME.source}`);
  const port = Number(env['PORT'] ?? '3000');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('PORT must be a port number');
  return {
    port,
    storeName,
    databaseUrl: env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test',
    secret,
    probe: env['CONFORMANCE_PROBE'] === '1',
  };
}
