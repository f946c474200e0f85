// `--help`: the forms the CLI accepts (CONTRACTS §1 server command, plus extension commands).
import { CONFIG_KEYS } from './config-file.ts';
import { DEFAULT_ADDRESS, DEFAULT_PORT } from './server-options.ts';
import { LOG_LEVELS } from './text-logger.ts';

export function usageText(program: string): string {
  const configKeys = CONFIG_KEYS.join(', ');
  const logLevels = LOG_LEVELS.join(' | ');
  return `usage: ${program} [server] [options]          start the server
       ${program} --version | --help
       ${program} driver install [--source=local|npm] <path|package|name> [--json]
       ${program} driver uninstall <name> [--json]
       ${program} driver list [--installed] [--updates] [--json]
       ${program} driver doctor <name>
       ${program} plugin install --source=local|npm <path|package> [--json]
       ${program} plugin uninstall <name> [--json]
       ${program} plugin list [--installed] [--updates] [--json]
       ${program} setup reset                   remove every installed extension from the home

A W3C WebDriver device automation server (the wirecheck reference). Drivers are
extensions installed into the extension home: $VENDOR_HOME (default ~/.vendor).
Session apps (vendor:app) are read only from $VENDOR_APPS_ROOT (default the
working directory), at most 16 MiB each.

server options:
  -a, --address A            listening address (default ${DEFAULT_ADDRESS})
  -p, --port N               listening port, 0 = any free port (default ${DEFAULT_PORT})
  --base-path=P              base path of every route (default /), e.g. /wd/hub
  --allow-insecure=S:F[,S:F] enable insecure features, each scoped: <driver name>:<feature>
                             or *:<feature>; features: adb_shell, session_discovery
  --config FILE              JSON config file; keys: ${configKeys}
                             (command-line flags override the file)
  --log-level L              ${logLevels} (default info)
  -v, --version              print the server version
  -h, --help                 show this help

--relaxed-security is not offered: scope each insecure feature instead.
`;
}
