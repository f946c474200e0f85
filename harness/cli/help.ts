// Help texts: what a user reads before the README.

export const MAIN_HELP = `wirecheck — conformance harness for signed webhook receivers, 204-style REST APIs
and Appium-3-style device automation servers.

Usage:
  wirecheck run <system> [options]     certify a system: webhook | resource-api | device-server | all
  wirecheck list [<system>]            print every check: id, level, title, clause
  wirecheck serve <system> [--port N]  run the bundled reference implementation in the foreground
  wirecheck help [<command>]           this text, or a command's options

Exit codes of run: 0 passed · 1 a gating check failed · 2 usage/configuration error or
target unreachable · 3 nothing was executed.

Run \`wirecheck run --help\` for every option of run.`;

export const RUN_HELP = `wirecheck run <system> [options]

  <system>                  webhook | resource-api | device-server | all

Target:
  --target reference        (default) start the bundled reference on a free loopback port
  --target external         test a deployment that is already running; needs --base-url
  --base-url URL            service root (webhook, resource-api) or server URL with its base
                            path (device-server, e.g. http://127.0.0.1:4723/wd/hub/)
  --probe                   the external target exposes the probe API (CONTRACTS §4);
                            without it, side-effect checks are skipped: "needs probe"

Selection and reports:
  --only GLOB[,GLOB]        run only checks whose id matches, e.g. "WH-SIG-*"
  --seed N                  seed of every property-based check (printed and recorded always)
  --strict                  SHOULD failures fail the run too
  --report-dir DIR          where reports go (default reports/<run-id>/)
  --no-allure               skip generating the Allure HTML report (results are still written)

webhook:
  --secret S                the receiver's shared secret (or env WEBHOOK_SECRET)

resource-api:
  --token T                 bearer token of a user who may act for --user-id
  --user-id U               the user --token belongs to
  --other-user-id U2        a user --token may NOT act for (403 checks)

device-server:
  --vendor NAME             capability prefix and NAME/sessions route (default vendor; appium)
  --platform-name P --automation-name A --device-name D --app PATH
                            capabilities of a session the target can create
  --driver-name N           the installed driver's name, for scoped features (N:feature)
  --session-discovery       the target was started with *:session_discovery
  --server-cmd "CMD"        command running the server's CLI (e.g. "npx appium"): enables
                            the CLI and flag checks, which start their own instances
  --home-env VAR            variable naming the extension home (VENDOR_HOME, APPIUM_HOME)

Reference only:
  --database-url URL        run the reference on PostgreSQL (default: env DATABASE_URL;
                            without either, embedded PGlite). With PostgreSQL the webhook
                            reference runs as several instances for the multi-instance checks.
  --reference-fault NAME    self-test: start the reference with a deliberate bug

Exit codes: 0 passed · 1 a gating check failed · 2 usage/configuration error or target
unreachable · 3 nothing was executed.`;

export const LIST_HELP = `wirecheck list [<system>] [--json]

Prints every check (id, level, title, clause) without a target; --json for machines.`;

export const SERVE_HELP = `wirecheck serve <system> [--port N]

Runs the bundled reference implementation in the foreground (Ctrl-C stops it).
  webhook        needs WEBHOOK_SECRET in the environment; PORT default 3000
  resource-api   tokens from API_TOKENS="token:user,..."; PORT default 3001
  device-server  the reference server CLI with VENDOR_HOME; port default 4723
The reference reads DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite), and
CONFORMANCE_PROBE=1 enables the probe API (never in production).`;
