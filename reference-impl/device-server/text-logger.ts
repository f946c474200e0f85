// Text log lines on stdout, the way Appium logs: `[Category] message`. Request bodies are
// never logged (capabilities may carry paths and credentials of the system under test).

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface TextLogger {
  debug(category: string, message: string): void;
  info(category: string, message: string): void;
  warn(category: string, message: string): void;
  error(category: string, message: string): void;
}

export function isLogLevel(value: unknown): value is LogLevel {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: not shown: the spec names only the level `info`, not the others nor what an unknown one does (Server config file: server.log-level); shares its line with detected ones
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

export function createTextLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): TextLogger {
  const threshold = LOG_LEVELS.indexOf(level);
  const emit = (at: LogLevel) => (category: string, message: string) => {
    // Stryker disable next-line ConditionalExpression: operational record, which lines a level lets through; the removed-route record is an info line, shown at `info` either way (DS-LEGACY-05); shares its line with detected ones
    if (LOG_LEVELS.indexOf(at) < threshold) return;
    // Stryker disable next-line all: operational record, the level tag of a log line; the spec fixes no log line's form (DS-LEGACY-05 takes any new line naming the path, or a 404 / unknown command line)
    const tag = at === 'info' ? '' : `${at.toUpperCase()} `;
    for (const line of message.split('\n')) write(`[${category}] ${tag}${line}`);
  };
  // Stryker disable next-line StringLiteral: operational record, the debug, warn and error lines; the only log line the spec fixes, the removed-route record, is an info line; shares its line with a detected one ('info')
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** Collects lines in memory; for tests. */
// Stryker disable all: unreachable through the contract, memoryLogger serves only the reference's unit tests (testing/app-harness.ts), never the server; to the end of the file
export function memoryLogger(level: LogLevel = 'debug'): TextLogger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createTextLogger(level, (line) => lines.push(line)), { lines });
}
