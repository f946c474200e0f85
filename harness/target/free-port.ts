// A free loopback port, for processes that must be told their port up front.
import { createServer } from 'node:net';

/** A port free on `host`; rejects when nothing can listen there (an address this machine lacks). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
