// Listening and shutting down the same way in every reference server: one JSON log
// line with the URL once listening (what an operator and the harness look for), and a
// clean close on SIGTERM/SIGINT so a stopped reference leaves no half-written state.
import type { FastifyInstance } from 'fastify';

export async function listenAndServe(
  app: FastifyInstance,
  options: { host: string; port: number; onClose?: () => Promise<void> },
): Promise<string> {
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}`;
  app.log.info({ url }, 'listening');
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close()
      .then(() => options.onClose?.())
      .then(() => process.exit(0), (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return url;
}
