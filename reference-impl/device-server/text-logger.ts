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
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

export function createTextLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): TextLogger {
  const threshold = LOG_LEVELS.indexOf(level);
  const emit = (at: LogLevel) => (category: string, message: string) => {
    if (LOG_LEVELS.indexOf(at) < threshold) return;
    const tag = at === 'info' ? '' : `${at.toUpperCase()} `;
    for (const line of message.split('\n')) write(`[${category}] ${tag}${line}`);
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** Collects lines in memory; for tests. */
export function memoryLogger(level: LogLevel = 'debug'): TextLogger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createTextLogger(level, (line) => lines.push(line)), { lines });
}
