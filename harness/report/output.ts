// Where the CLI writes: stdout for results, stderr for problems. Injected so the
// commands can be tested without a terminal. Every line passes terminalText: the last
// guard before the terminal, should a control have slipped past where a target's text
// entered a message.
import { terminalText } from './terminal.ts';

export interface Output {
  out(text: string): void;
  err(text: string): void;
  readonly color: boolean;
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
  };
}
