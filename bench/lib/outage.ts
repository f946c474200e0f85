// A PostgreSQL that goes away and comes back, without touching anyone else's:
// - 'cluster': a throwaway cluster of our own (pg_createcluster on another port),
//   stopped with `pg_ctlcluster ... stop -m fast` and started again, then dropped;
// - 'proxy': a TCP proxy of our own in front of the shared server; "down" closes the
//   listener and cuts every connection through it (refused and reset, as a stopped
//   server looks to a client). Needs no root: the CI version uses it.
import { execFile } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './reference-process.ts';

export interface Outage {
  readonly kind: 'cluster' | 'proxy';
  readonly databaseUrl: string;
  down(): Promise<void>;
  up(): Promise<void>;
  dispose(): Promise<void>;
}

function run(cmd: string, args: string[], timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout: timeoutMs }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${cmd} ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

export async function clusterOutage(options: { major: string; name: string; port: number }): Promise<Outage> {
  const { major, name, port } = options;
  await run('pg_dropcluster', [major, name, '--stop']).catch(() => {});
  await run('pg_createcluster', [major, name, '--port', String(port), '--', '--auth=trust']);
  await run('pg_ctlcluster', [major, name, 'start']);
  return {
    kind: 'cluster',
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    down: async () => { await run('pg_ctlcluster', [major, name, 'stop', '-m', 'fast']); },
    up: async () => { await run('pg_ctlcluster', [major, name, 'start']); },
    dispose: async () => { await run('pg_dropcluster', [major, name, '--stop']); },
  };
}

export async function proxyOutage(databaseUrl: string): Promise<Outage> {
  const upstream = new URL(databaseUrl);
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () => new Promise<void>((resolve, reject) => {
    if (server) return resolve();
    server = createServer((client) => {
      const backend = createConnection({ host: upstream.hostname, port: Number(upstream.port || 5432) });
      for (const s of [client, backend]) {
        sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => { sockets.delete(s); client.destroy(); backend.destroy(); });
      }
      client.pipe(backend).pipe(client);
    });
    server.once('error', reject).listen(port, '127.0.0.1', () => resolve());
  });
  const close = () => new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    for (const s of sockets) s.destroy();
    server = undefined;
  });
  await listen();
  const proxied = new URL(databaseUrl);
  proxied.port = String(port);
  return { kind: 'proxy', databaseUrl: proxied.href, down: close, up: listen, dispose: close };
}
