// Settings from the environment (alternatives/README.md), read once at start.
export interface Config {
  readonly port: number;
  readonly storeName: string;
  readonly mariadbUrl: string;
  readonly secret: string;
  readonly probe: boolean;
}

const STORE_NAME = /^[a-z][a-z0-9_]*$/;

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const secret = env['WEBHOOK_SECRET'];
  if (secret === undefined || secret === '') throw new Error('WEBHOOK_SECRET is missing; refusing to start without the shared secret');
  const storeName = env['STORE_NAME'] ?? 'webhook_node_http';
  if (!STORE_NAME.test(storeName)) throw new Error(`STORE_NAME "${storeName}" does not match ${STORE_NAME.source}`);
  const port = Number(env['PORT'] ?? '3000');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT "${env['PORT'] ?? ''}" is not a port number`);
  return {
    port,
    storeName,
    mariadbUrl: env['MARIADB_URL'] ?? 'mysql://root@127.0.0.1:3306/test',
    secret,
    probe: env['CONFORMANCE_PROBE'] === '1',
  };
}
