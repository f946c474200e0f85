// `wirecheck`: dispatch to a command; every WirecheckError becomes exit code 2 with
// its message, anything unexpected too (with the stack, since it is our bug).
import { WirecheckError } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { mainHelp } from './help.ts';
import type { Output } from '../report/output.ts';
import { cleanupAll } from '../target/cleanup.ts';

type Command = (args: readonly string[], env: NodeJS.ProcessEnv, io: Output) => Promise<number> | number;

// Loaded on demand: `run` pulls in vitest, which `list` and `--help` should not pay for.
const COMMANDS: Readonly<Record<string, Command>> = {
  run: async (args, env, io) => (await import('./commands/run-command.ts')).runCommand(args, env, io),
  list: async (args, _env, io) => (await import('./commands/list-command.ts')).listCommand(args, io),
  serve: async (args, env, io) => (await import('./commands/serve-command.ts')).serveCommand(args, env, io),
  send: async (args, env, io) => (await import('./commands/send-command.ts')).sendCommand(args, env, io),
  deliveries: async (args, env, io) => (await import('./commands/deliveries-command.ts')).deliveriesCommand(args, env, io),
  replay: async (args, env, io) => (await import('./commands/replay-command.ts')).replayCommand(args, env, io),
  baseline: async (args, env, io) => (await import('./commands/baseline-command.ts')).baselineCommand(args, env, io),
  verify: async (args, _env, io) => (await import('./commands/verify-command.ts')).verifyCommand(args, io),
  keygen: async (args, _env, io) => (await import('./commands/keygen-command.ts')).keygenCommand(args, io),
  reports: async (args, _env, io) => (await import('./commands/reports-command.ts')).reportsCommand(args, io),
};

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? args[0] : undefined;
    if (topic && COMMANDS[topic]) return COMMANDS[topic]([ '--help' ], env, io);
    io.out(mainHelp());
    return name === undefined ? EXIT.usage : 0;
  }
  if (name === '--version' || name === '-v') {
    const { HARNESS_VERSION } = await import('../version.ts');
    io.out(HARNESS_VERSION);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`wirecheck: unknown command "${name}". Commands: ${Object.keys(COMMANDS).join(', ')} (wirecheck --help)`);
    return EXIT.usage;
  }
  try {
    return await command(args, env, io);
  } catch (error) {
    await cleanupAll();
    if (error instanceof WirecheckError) {
      io.err(`wirecheck: ${error.message}`);
      return EXIT.usage;
    }
    io.err(`wirecheck: unexpected error (a bug in wirecheck — please report it):\n${(error as Error).stack ?? String(error)}`);
    return EXIT.usage;
  }
}

