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

// Stryker disable next-line StringLiteral: not shown: help wording (Command line: --help only 'Shows help; proves the CLI starts'; DS-CLI-02 asks for exit 0 and any non-empty output); the program name shows only in the usage text
const PROGRAM = 'node --import tsx reference-impl/device-server/cli.ts';
const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const printJson = (value: unknown) => out(JSON.stringify(value, null, 4));

async function serve(env: Environment, command: Extract<CliCommand, { kind: 'server' }>): Promise<void> {
  const options = resolveServerOptions(command.flags, env.faults);
  const server = await startServer(env, options);
  // A failure inside a driver must never take the server down.
  // Stryker disable next-line StringLiteral,ArrowFunction,LogicalOperator,OptionalChaining: equivalent in a run: a safety net for a rejection nobody handles, and every promise of the reference is awaited or caught (idle expiry catches end()), so the handler registered here is never called and an emptied event name or handler changes nothing (its log line is an operational record)
  process.on('unhandledRejection', (reason) => out(`[Vendor] ERROR unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}`));
  let closing = false;
  const shutdown = (signal: string) => {
    // Stryker disable next-line ConditionalExpression: not shown: how the server stops on a signal (the Command line table states no stop; the harness ends a server with SIGTERM, then SIGKILL after 5 s); matters only for a second signal; shares its line with a detected one (ConditionalExpression→true, timeout)
    if (closing) return;
    // Stryker disable next-line BooleanLiteral: not shown: how the server stops on a signal (the Command line table states no stop; the harness ends a server with SIGTERM, then SIGKILL after 5 s); matters only for a second signal
    closing = true;
    // Stryker disable next-line StringLiteral: operational record, the wording of the shutdown log line
    out(`[Vendor] Received ${signal} - shutting down`);
    server.close().then(
      // Stryker disable next-line ArrowFunction: not shown: how the server stops on a signal (the Command line table states no stop; the harness ends a server with SIGTERM, then SIGKILL after 5 s)
      () => process.exit(0),
      // Stryker disable next-line ArrowFunction: not shown: how the server stops on a signal (the Command line table states no stop; the harness ends a server with SIGTERM, then SIGKILL after 5 s)
      () => process.exit(1),
    );
  };
  // Stryker disable next-line StringLiteral: not shown: how the server stops on a signal (the Command line table states no stop; the harness ends a server with SIGTERM, then SIGKILL after 5 s); shares its line with a detected one (ArrowFunction, timeout)
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  // Stryker disable next-line StringLiteral,ArrowFunction: not shown: how the server stops on a signal (the Command line table states no stop; the harness ends a server with SIGTERM, then SIGKILL after 5 s); the harness never sends SIGINT
  process.once('SIGINT', () => shutdown('SIGINT'));
}

async function install(env: Environment, command: Extract<CliCommand, { kind: 'install' }>): Promise<void> {
  checkEngines(env);
  const { extName, record } = await installExtension(env, command.type, command.source, command.spec);
  // Stryker disable all: not shown: what driver/plugin install prints (Command line: 'Installs a driver' states the effect only; DS-CLI-06 judges the install by the list; install --json is not in the spec)
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

// Stryker restore all
async function list(env: Environment, command: Extract<CliCommand, { kind: 'list' }>): Promise<void> {
  const data = buildListData(env, command.type, command.installed);
  if (command.updates) await addUpdates(env, data);
  // Stryker disable next-line ConditionalExpression: not shown: the form of a listing (Command line: 'Lists installed drivers' states no form; DS-CLI-06 and the other listing checks read JSON or text): → true prints JSON where text was asked and → false text where --json was, each still naming every driver (→ false was seen by DS-CLI-06 while it read --json only)
  if (command.json) return printJson(data);
  // Stryker disable next-line StringLiteral: operational record, the wording of the listing's header on stderr
  process.stderr.write(`Listing ${command.installed ? 'installed' : 'available'} ${command.type}s (home ${env.home})\n`);
  const lines = formatListText(data, command.updates);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: operational record, the wording of a note on stderr; the listing itself is unchanged
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
    // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: uninstall is not in the spec (the Command line table has no uninstall command)
    case 'uninstall':
      await uninstallExtension(env, command.type, command.name);
      // Stryker disable next-line BooleanLiteral,StringLiteral: not shown: uninstall is not in the spec (the Command line table has no uninstall command)
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
  // Stryker disable all: not shown: how a command's failure is printed (Errors: 'Status codes and error bodies ... not shown'; the Command line table states no message or stream; the checks judge failures by exit status)
  if (json) printJson({ error: message });
  else process.stderr.write(`Error: ${message}\n`);
  if (!(error instanceof CliError)) process.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
  // Stryker restore all
  process.exitCode = error instanceof CliError ? error.exitCode : 1;
}

async function main(argv: readonly string[]): Promise<void> {
  // Stryker disable next-line StringLiteral: not shown: how a command's failure is printed (Errors: 'Status codes and error bodies ... not shown'; the Command line table states no message or stream; the checks judge failures by exit status); json only chooses the failure's form
  let json = argv.includes('--json');
  try {
    const command = parseCliArgs(argv);
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: not shown: how a command's failure is printed (Errors: 'Status codes and error bodies ... not shown'; the Command line table states no message or stream; the checks judge failures by exit status); json only chooses the failure's form
    json = 'json' in command && command.json;
    await run(command, readEnvironment(process.env));
  } catch (error) {
    fail(error, json);
  }
}

await main(process.argv.slice(2));
