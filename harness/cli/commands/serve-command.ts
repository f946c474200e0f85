// `wirecheck serve <system> [--port N] [its options] [-- ARGS]`: the bundled reference in
// the foreground, with the user's environment, until Ctrl-C. A system's own serve options
// (its module's reference.serveOptions) are handed to its program as `--flag=value`, or
// run as a step before it starts; anything after `--` is handed on as it is.
import { spawn } from 'node:child_process';
import { OptionsError } from '../../errors.ts';
import { tsxNodeArgs } from '../../project-paths.ts';
import { valueKey, type OptionSpec } from '../../systems/option-table.ts';
import { systemModule, systemModules } from '../../systems/registry.ts';
import type { AnySystemModule, ServeOption } from '../../systems/system-module.ts';
import { serveHelp } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine, type OptionValues } from '../parse-command-line.ts';
import { unknownSystemProblem } from '../../systems/unknown-system-problem.ts';

/** Every system's serve options, for the parser: which system a flag belongs to is judged after. */
function serveSpec(): OptionSpec {
  const spec: OptionSpec = { port: { type: 'string' }, help: { type: 'boolean', short: 'h' } };
  for (const module of systemModules()) {
    for (const option of module.reference?.serveOptions ?? []) {
      spec[option.flag] = { type: option.type, ...(option.multiple ? { multiple: true } : {}) };
    }
  }
  return spec;
}

const given = (values: OptionValues, option: ServeOption) => values[valueKey(option.flag)];

/** Flags of other systems' references given to this one: each a problem naming whose it is. */
function foreignFlags(module: AnySystemModule | undefined, values: OptionValues): string[] {
  const own = new Set((module?.reference?.serveOptions ?? []).map((o) => o.flag));
  const problems: string[] = [];
  for (const other of systemModules()) {
    for (const option of other.reference?.serveOptions ?? []) {
      if (!own.has(option.flag) && given(values, option) !== undefined && !problems.some((p) => p.startsWith(`--${option.flag} `))) {
        problems.push(`--${option.flag} is an option of serve ${other.name}${module ? `, not of serve ${module.name}` : ''}`);
      }
    }
  }
  return problems;
}

/** How the given options reach the reference's program. */
function handedOn(module: AnySystemModule, values: OptionValues): string[] {
  return (module.reference?.serveOptions ?? []).filter((o) => !o.before).flatMap((option) => {
    const value = given(values, option);
    if (value === undefined || value === false) return [];
    if (value === true) return [`--${option.flag}`];
    return (Array.isArray(value) ? value : [value]).map((v) => `--${option.flag}=${String(v)}`);
  });
}

export async function serveCommand(args: readonly string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const { positionals, values } = parseCommandLine(args, serveSpec(), 'wirecheck serve --help');
  if (values['help']) {
    io.out(serveHelp());
    return 0;
  }
  const problems: string[] = [];
  const system = positionals[0];
  const servable = systemModules().filter((m) => m.reference).map((m) => m.name);
  const module = system ? systemModule(system) : undefined;
  if (!module) problems.push(system ? unknownSystemProblem(system, servable) : `serve needs a <system>: one of ${servable.join(', ')}`);
  else if (!module.reference) problems.push(`${module.name} has no reference server to serve (${module.description}): serve one of ${servable.join(', ')}`);
  const port = values['port'] as string | undefined;
  if (port !== undefined && (!/^\d+$/.test(port) || Number(port) > 65535)) problems.push(`--port "${port}" must be a port number 0-65535`);
  problems.push(...foreignFlags(module, values));
  const entry = module?.reference;
  if (problems.length > 0 || !module || !entry) throw new OptionsError(problems, 'wirecheck serve --help');
  for (const option of entry.serveOptions ?? []) {
    if (option.before && given(values, option) === true) await option.before({ env, out: (text) => io.out(text) });
  }
  const childEnv = { ...env, ...(port !== undefined && entry.portEnv ? { [entry.portEnv]: port } : {}) };
  const childArgs = [
    ...tsxNodeArgs(entry.entry), ...(port !== undefined && entry.portOption ? [entry.portOption, port] : []),
    ...handedOn(module, values), ...positionals.slice(1),
  ];
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
