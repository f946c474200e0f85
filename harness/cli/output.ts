// Where the CLI writes: stdout for results, stderr for problems. Injected so the
// commands can be tested without a terminal.
export interface Output {
  out(text: string): void;
  err(text: string): void;
  readonly color: boolean;
}

export function processOutput(env: NodeJS.ProcessEnv): Output {
  const color = Boolean(process.stdout.isTTY) && env['NO_COLOR'] === undefined;
  return {
    out: (text) => { process.stdout.write(`${text}\n`); },
    err: (text) => { process.stderr.write(`${text}\n`); },
    color,
  };
}
