// Where the CLI writes: stdout for results, stderr for problems. Injected so the
// commands can be tested without a terminal. Every line passes terminalText: the last
// guard before the terminal, should a control have slipped past where a target's text
// entered a message.
import { terminalText } from './terminal.ts';

export interface Output {
  out(text: string): void;
  err(text: string): void;
  readonly color: boolean;
  /**
   * One line of progress rewritten in place on stdout (empty: cleared); present only when
   * stdout is a terminal, where a waiting progress line would otherwise be a flood of lines.
   */
  status?(text: string): void;
}

/**
 * A reader that went away (`wirecheck run … | head`) closes the pipe: the run still
 * finishes — reports written, targets stopped — it just stops printing.
 */
function ignoreClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

export function processOutput(env: NodeJS.ProcessEnv): Output {
  ignoreClosedPipe(process.stdout);
  ignoreClosedPipe(process.stderr);
  const color = Boolean(process.stdout.isTTY) && env['NO_COLOR'] === undefined;
  return {
    out: (text) => { process.stdout.write(`${terminalText(text, color)}\n`); },
    err: (text) => { process.stderr.write(`${terminalText(text, color)}\n`); },
    color,
    // Carriage return and erase-line are the only controls of its own: the text is escaped.
    ...(process.stdout.isTTY ? { status: (text: string) => { process.stdout.write(`\r\u001b[2K${terminalText(text, false)}`); } } : {}),
  };
}
