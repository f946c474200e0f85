// Listening and shutting down the same way in every reference server: one JSON log
// line with the URL once listening (what an operator and the harness look for), and a
// clean close on SIGTERM/SIGINT so a stopped reference leaves no half-written state.
import type { FastifyInstance } from 'fastify';

/** Listens and logs the URL; the caller owns closing (see closeOnSignals). */
export async function listen(app: FastifyInstance, options: { host: string; port: number }): Promise<string> {
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const ipv6 = options.host.includes(':');
  const host = ipv6 ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}`;
  app.log.info({ url }, 'listening');
  return url;
}

/** Where a shutdown is told: each reference words it its own way (pino lines, Appium-style lines). */
export interface ShutdownLog {
  shuttingDown(signal: string): void;
  stopped(): void;
  failed(error: unknown): void;
}

/** A shutdown told as pino lines: "shutting down", then "stopped" (or "error during shutdown"). */
export function pinoShutdownLog(log: FastifyInstance['log']): ShutdownLog {
  return {
    shuttingDown: (signal) => log.info({ signal }, 'shutting down'),
    stopped: () => log.info('stopped'),
    failed: (error) => log.error({ err: error }, 'error during shutdown'),
  };
}

/** A process entry point's shutdown: close once on SIGTERM/SIGINT, then exit (0, or 1 if closing failed). */
export function closeOnSignals(close: () => Promise<void>, log: ShutdownLog): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.shuttingDown(signal);
    close().then(() => {
      log.stopped();
      process.exit(0);
    }, (error: unknown) => {
      log.failed(error);
      process.exit(1);
    });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

export async function listenAndServe(
  app: FastifyInstance,
  options: { host: string; port: number; onClose?: () => Promise<void> },
): Promise<string> {
  const url = await listen(app, options);
  closeOnSignals(async () => {
    await app.close();
    await options.onClose?.();
  }, pinoShutdownLog(app.log));
  return url;
}
