// The device server's command line (run as `node --import tsx cli.ts ...`): starts the
// server or runs an extension command. Errors print one clear message to stderr (or
// `{"error": ...}` to stdout with --json, as Appium does) and exit 1.
import { parseCliArgs, type CliCommand } from './cli-args.ts';
import { CliError } from './cli-errors.ts';
import { runDoctor } from './doctor.ts';
import { checkEngines } from './engine-check.ts';
import { readEnvironment, type Environment } from './config.ts';
import { installExtension } from './extension-install.ts';
import { addUpdates, buildListData, formatListText } from './extension-list.ts';
import { resetHome, uninstallExtension } from './extension-remove.ts';
import { usageText } from './help.ts';
import { readManifest } from './manifest.ts';
import { resolveServerOptions } from './server-options.ts';
import { startServer } from './server.ts';
import { serverVersion } from './version.ts';
import { closeOnSignals } from '../shared/listen.ts';

const PROGRAM = 'node --import tsx reference-impl/device-server/cli.ts';
const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const printJson = (value: unknown) => out(JSON.stringify(value, null, 4));

async function serve(env: Environment, command: Extract<CliCommand, { kind: 'server' }>): Promise<void> {
  const options = resolveServerOptions(command.flags, env.faults);
  const server = await startServer(env, options);
  // A failure inside a driver must never take the server down.
  process.on('unhandledRejection', (reason) => out(`[Vendor] ERROR unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}`));
  // Closed once on SIGTERM/SIGINT, as every reference is (shared/listen.ts), told in Appium's style.
  closeOnSignals(server.close, {
    shuttingDown: (signal) => out(`[Vendor] Received ${signal} - shutting down`),
    stopped: () => out('[Vendor] Stopped'),
    failed: (error) => out(`[Vendor] ERROR shutting down: ${(error as Error)?.message ?? String(error)}`),
  });
}

async function install(env: Environment, command: Extract<CliCommand, { kind: 'install' }>): Promise<void> {
  checkEngines(env);
  const { extName, record } = await installExtension(env, command.type, command.source, command.spec);
  if (command.json) {
    const manifest = readManifest(env.home);
    return printJson(command.type === 'driver' ? manifest.drivers : manifest.plugins);
  }
  const label = command.type === 'driver' ? 'Driver' : 'Plugin';
  out(`${label} ${extName}@${record.version} successfully installed into ${record.installPath}`);
  if ('automationName' in record) {
    out(`- automationName: ${record.automationName}`);
    out(`- platformNames: ${JSON.stringify(record.platformNames)}`);
  }
}

async function list(env: Environment, command: Extract<CliCommand, { kind: 'list' }>): Promise<void> {
  const data = buildListData(env, command.type, command.installed);
  if (command.updates) await addUpdates(env, data);
  if (command.json) return printJson(data);
  process.stderr.write(`Listing ${command.installed ? 'installed' : 'available'} ${command.type}s (home ${env.home})\n`);
  const lines = formatListText(data, command.updates);
  if (lines.length === 0) process.stderr.write(`No ${command.type}s are installed.\n`);
  lines.forEach(out);
}

async function run(command: CliCommand, env: Environment): Promise<void> {
  switch (command.kind) {
    case 'help':
      if (env.faults.has('help-fails')) throw new CliError('VENDOR_ERR_USAGE', 'unrecognized argument: --help. Run with --help for usage.');
      return void process.stdout.write(usageText(PROGRAM));
    case 'version':
      return out(serverVersion(env.faults));
    case 'server':
      return serve(env, command);
    case 'install':
      return install(env, command);
    case 'uninstall':
      await uninstallExtension(env, command.type, command.name);
      return command.json ? printJson(buildListData(env, command.type, true)) : out(`Successfully uninstalled ${command.type} '${command.name}'`);
    case 'list':
      if (command.type === 'plugin' && env.faults.has('plugin-list-unsupported')) {
        throw new CliError('VENDOR_ERR_USAGE', "unknown command 'plugin'. Run with --help for usage.");
      }
      return list(env, command);
    case 'doctor':
      checkEngines(env);
      return runDoctor(env, command.name, out);
    case 'setup-reset':
      return (await resetHome(env)).forEach(out);
  }
}

function fail(error: unknown, json: boolean): void {
  const message = error instanceof Error ? error.message : String(error);
  if (json) printJson({ error: message });
  else process.stderr.write(`Error: ${message}\n`);
  if (!(error instanceof CliError)) process.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
  process.exitCode = error instanceof CliError ? error.exitCode : 1;
}

async function main(argv: readonly string[]): Promise<void> {
  let json = argv.includes('--json');
  try {
    const command = parseCliArgs(argv);
    json = 'json' in command && command.json;
    await run(command, readEnvironment(process.env));
  } catch (error) {
    fail(error, json);
  }
}

await main(process.argv.slice(2));
