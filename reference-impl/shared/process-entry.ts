// How every reference process starts, the same way: the configuration read from the
// environment — a configuration error is one message on stderr and exit 2, before
// anything listens — then the app built and listening, then closed once on SIGTERM or
// SIGINT (shared/listen.ts closeOnSignals); a start-up that fails is one line, exit 1.

const EXIT_CONFIG = 2;
const EXIT_START = 1;

/** The configuration, or exit 2 naming every problem (a ConfigError of env-config.ts or of a reference's own config). */
export function configOrExit<Config>(program: string, read: () => Config): Config {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ConfigError')) throw error;
    process.stderr.write(`${program}: cannot start: ${error.message}\n`);
    process.exit(EXIT_CONFIG);
  }
}

/** Runs the start-up; a failure (the store unreachable, the port taken) is one line on stderr and exit 1. */
export function startOrExit(program: string, start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    process.stderr.write(`${program}: cannot start: ${(error as Error)?.message ?? String(error)}\n`);
    process.exit(EXIT_START);
  });
}
