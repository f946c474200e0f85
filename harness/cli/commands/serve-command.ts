// `wirecheck serve <system> [--port N]`: the bundled reference in the foreground,
// with the user's environment, until Ctrl-C.
import { spawn } from 'node:child_process';
import { OptionsError } from '../../errors.ts';
import { tsxNodeArgs } from '../../project-paths.ts';
import { systemModule, systemNames } from '../../systems/registry.ts';
import { SERVE_HELP } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine } from '../parse-command-line.ts';

export async function serveCommand(args: readonly string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const { positionals, values } = parseCommandLine(args, { port: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, 'wirecheck serve --help');
  if (values['help']) {
    io.out(SERVE_HELP);
    return 0;
  }
  const problems: string[] = [];
  const system = positionals[0];
  const module = system ? systemModule(system) : undefined;
  if (!module) problems.push(`serve needs a <system>: one of ${systemNames().join(', ')}${system ? ` (got "${system}")` : ''}`);
  const port = values['port'] as string | undefined;
  if (port !== undefined && (!/^\d+$/.test(port) || Number(port) > 65535)) problems.push(`--port "${port}" must be a port number 0-65535`);
  if (problems.length > 0 || !module) throw new OptionsError(problems, 'wirecheck serve --help');
  const entry = module.reference;
  const childEnv = { ...env, ...(port !== undefined && entry.portEnv ? { [entry.portEnv]: port } : {}) };
  const childArgs = [...tsxNodeArgs(entry.entry), ...(port !== undefined && entry.portOption ? [entry.portOption, port] : []), ...positionals.slice(1)];
  const child = spawn(process.execPath, childArgs, { env: childEnv, stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  return new Promise((resolve) => {
    child.once('error', (error) => {
      io.err(`wirecheck serve: could not start the ${system} reference: ${error.message}`);
      resolve(2);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 0 : 1)));
  });
}
