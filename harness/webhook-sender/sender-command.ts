// The vendor's command run for one scenario (--sender-cmd, --dead-letter-cmd): its words
// with the placeholders filled in, no shell in between, its output kept (bounded), and the
// moment it ended — for a sender that delivers and returns, the end of its delivery.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface Placeholders {
  readonly url: string;
  readonly event: string;
  readonly secret: string;
  readonly deadLetterFile: string;
}

export interface CommandRun {
  /** performance.now() when it exited (absent: still running, or killed). */
  exitedAt?: number;
  code?: number | null;
  killed: boolean;
  output: string;
}

const KEPT_OUTPUT = 16 * 1024;

function filled(word: string, p: Placeholders): string {
  return word.replaceAll('{url}', p.url).replaceAll('{event}', p.event).replaceAll('{secret}', p.secret).replaceAll('{dead-letter-file}', p.deadLetterFile);
}

/** The same values in the environment, for a command that reads them there. */
function placeholderEnv(p: Placeholders): Record<string, string> {
  return { WIRECHECK_DELIVERY_URL: p.url, WIRECHECK_EVENT_FILE: p.event, WEBHOOK_SECRET: p.secret, WIRECHECK_DEAD_LETTER_FILE: p.deadLetterFile };
}

export interface StartedCommand {
  readonly run: CommandRun;
  /** Settles when the command has exited or was killed. */
  readonly done: Promise<void>;
  kill(): void;
}

/** `words` as the options gave them (relative paths already taken from the directory wirecheck runs in, commandOptionOf), run there. */
export function startCommand(words: readonly string[], env: Readonly<Record<string, string>>, p: Placeholders, cwd = process.cwd()): StartedCommand {
  const [program = '', ...args] = words.map((w) => filled(w, p));
  const run: CommandRun = { killed: false, output: '' };
  // Its own process group: `npx …` starts children, and a kill must reach them too.
  const child = spawn(program, args, { cwd, env: { ...env, ...placeholderEnv(p) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const keep = (chunk: Buffer) => {
    if (run.output.length < KEPT_OUTPUT) run.output += chunk.toString('utf8').slice(0, KEPT_OUTPUT - run.output.length);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const done = new Promise<void>((resolve) => {
    child.once('error', (error) => {
      run.output += `could not run ${program}: ${error.message}\n`;
      run.code = null;
      run.exitedAt = performance.now();
      resolve();
    });
    child.once('close', (code) => {
      run.exitedAt ??= performance.now();
      run.code = code;
      resolve();
    });
  });
  const kill = () => {
    if (run.exitedAt !== undefined || child.pid === undefined) return;
    run.killed = true;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  return { run, done, kill };
}

/** Runs a command to its end (or `limitMs`), for the dead-letter listing. */
export async function runCommand(words: readonly string[], env: Readonly<Record<string, string>>, p: Placeholders, limitMs: number): Promise<CommandRun> {
  const started = startCommand(words, env, p);
  const timer = setTimeout(() => started.kill(), limitMs);
  await started.done;
  clearTimeout(timer);
  return started.run;
}
