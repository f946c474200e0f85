import type { CheckDefinition } from '../check-definition.ts';

// The device-server checks: declared here, implemented in suites/device-server/.
// Where the spec names a failure but not its status or body, any non-2xx answer that
// creates nothing passes, and an INFO check records what the target answered.
const CMD = ['server-command'] as const;
const DISCOVERY = ['session-discovery'] as const;
const NOT_SHOWN = 'any non-2xx status with any error: the spec does not show the status or body';
const REMOVED = 'any non-2xx status; a W3C error body, when there is one, names "unknown command" (the reference and Appium 3 both answer 404 unknown command)';
const ALERT = 'the app must raise an alert: at launch (the reference\'s simulated app) or when its element matching //*[@showAlert] is clicked (Appium\'s fake driver); with neither, the check is skipped as not applicable';

export const deviceServerChecks: readonly CheckDefinition[] = [
  // Status
  { id: 'DS-STATUS-01', level: 'MUST', title: 'GET {base}status answers JSON whose value.ready is the boolean true', clause: 'Endpoints: status' },
  // Sessions
  { id: 'DS-SESS-01', level: 'MUST', title: 'creates a session from W3C alwaysMatch capabilities and returns its id', clause: 'States: new session', allows: 'the id in value.sessionId (W3C) or in a top-level sessionId: the body shape is not shown' },
  { id: 'DS-SESS-02', level: 'INFO', title: 'records the body shape of the new-session response', clause: 'Endpoints: new-session response', allows: 'not shown by the spec; the reference and Appium 3 answer {"value":{"capabilities","sessionId"}} with the prefix stripped' },
  { id: 'DS-SESS-03', level: 'MUST', title: 'merges alwaysMatch into the first firstMatch entry and creates the session', clause: 'New-session request: capabilities', allows: 'which entry wins when several could match is not asserted: the first entry is complete and names the installed driver, the second an unknown one' },
  { id: 'DS-SESS-04', level: 'MUST', title: 'after DELETE, a command on the session fails as an invalid session id', clause: 'States: session deletion', allows: 'deletion by the W3C route DELETE {base}session/{id} (the spec does not show it); any non-2xx status, and a W3C error body, when there is one, names "invalid session id"' },
  { id: 'DS-SESS-05', level: 'MUST', title: 'leaves no orphan: after deletion the same device takes a new session and discovery no longer lists the old one', clause: 'States: session deletion', allows: 'a server that lets several sessions share a device passes the device half trivially; the listing half runs only with session discovery' },
  { id: 'DS-SESS-06', level: 'INFO', title: 'records the answers of the deletion route (DELETE {base}session/{id}, twice)', clause: 'Endpoints: session deletion', allows: 'not shown by the spec; the reference and Appium 3 answer {"value":null}, then 404 invalid session id' },
  { id: 'DS-SESS-07', level: 'MUST', title: 'creates and deletes a session through webdriverio remote(), as users do', clause: 'Session' },
  // Capabilities
  { id: 'DS-CAPS-01', level: 'MUST', title: 'refuses legacy desiredCapabilities or requiredCapabilities without capabilities, and creates no session', clause: 'New-session request: legacy members', allows: `${NOT_SHOWN} (the reference answers 400 invalid argument, Appium 3 500 session not created)` },
  { id: 'DS-CAPS-02', level: 'MUST', title: 'refuses a non-standard capability without the vendor prefix, and creates no session', clause: 'Capabilities: vendor prefix', allows: NOT_SHOWN },
  { id: 'DS-CAPS-03', level: 'MUST', title: 'refuses a relative vendor:app, and creates no session', clause: 'Capabilities: app', allows: `${NOT_SHOWN}: an error about the relative path (reference: 400 invalid argument) or about the file it does not name (Appium 3: 500 ENOENT) — the path sent names no file from any working directory` },
  { id: 'DS-CAPS-04', level: 'INFO', title: 'records whether a relative vendor:app naming a file under the server\'s working directory creates a session', clause: 'Capabilities: app', allows: 'the spec says the value must be absolute, not what a server does with a relative one that resolves: the reference refuses it, Appium 3 resolves it against its working directory', needs: CMD },
  { id: 'DS-CAPS-05', level: 'MUST', title: 'fails session creation for an automationName no installed driver has', clause: 'Errors: unknown automation name', allows: `${NOT_SHOWN} (the reference answers 500 session not created, Appium 3 500 unknown error)` },
  { id: 'DS-ERR-01', level: 'INFO', title: 'records the status and error of each refused request', clause: 'Errors: statuses', allows: 'not shown by the spec: legacy body, unprefixed capability, relative app, unknown driver, removed route and deleted session are recorded, none judged' },
  // Base path
  { id: 'DS-BASE-01', level: 'MUST', title: 'answers 404 where the client\'s base path differs from the target\'s (/wd/hub against /, / against another)', clause: 'Errors: base path mismatch' },
  { id: 'DS-BASE-02', level: 'MUST', title: 'an instance started with --base-path=/wd/hub serves there and 404s at /; one started without serves at / and 404s at /wd/hub', clause: 'Endpoints: base path', needs: CMD },
  // Removed legacy routes
  { id: 'DS-LEGACY-01', level: 'MUST', title: 'GET {base}sessions is an unknown command and lists no session', clause: 'Removed: GET /sessions', allows: REMOVED },
  { id: 'DS-LEGACY-02', level: 'MUST', title: 'legacy accept_alert, dismiss_alert and alert_text are unknown commands and leave the alert open', clause: 'Removed: legacy alert routes', allows: `${REMOVED}; ${ALERT}` },
  { id: 'DS-LEGACY-03', level: 'MUST', title: 'legacy {vendor}/app/launch, close and reset are unknown commands and launch nothing', clause: 'Removed: app routes', allows: REMOVED },
  { id: 'DS-LEGACY-04', level: 'MUST', title: 'legacy touch/perform and touch/multi/perform are unknown commands', clause: 'Removed: touch routes', allows: REMOVED },
  { id: 'DS-LEGACY-05', level: 'MUST', title: 'a removed route called is recorded in the server log with its method, path and failure', clause: 'Errors: removed route', allows: 'any log line naming the path with a 404, "unknown command" or "no route" (the reference logs "No route found for GET /sessions: unknown command", Appium 3 "<-- GET /sessions 404")', needs: CMD },
  // Session discovery
  { id: 'DS-DISC-01', level: 'MUST', title: 'GET {base}{vendor}/sessions lists an active session by its id', clause: 'Endpoints: session listing', allows: 'entries identified by id (the reference and Appium 3) or sessionId', needs: DISCOVERY },
  { id: 'DS-DISC-02', level: 'MUST', title: 'GET {base}{vendor}/sessions answers an empty array once the last session is deleted', clause: 'Endpoints: session listing', allows: 'run against a server no other client uses: a session of someone else makes the list non-empty', needs: DISCOVERY },
  { id: 'DS-DISC-03', level: 'MUST', title: 'without *:session_discovery, {vendor}/sessions is unavailable: not 2xx and no session list', clause: 'Errors: session listing without flag', allows: `${NOT_SHOWN} (the reference answers 404 unknown command, Appium 3 500 unknown error naming the feature)`, needs: CMD },
  { id: 'DS-DISC-04', level: 'INFO', title: 'records the answer to {vendor}/sessions on a server started without the flag', clause: 'Endpoints: session listing flag', allows: '"route unavailable" does not say how: 404 unknown command (reference) and 500 unknown error (Appium 3) are both recorded', needs: CMD },
  // Alerts, actions, execute methods
  { id: 'DS-ALERT-01', level: 'MUST', title: 'POST .../alert/accept accepts an open alert: 2xx, and no alert is open afterwards', clause: 'Endpoints: alert accept', allows: ALERT },
  { id: 'DS-ALERT-02', level: 'MUST', title: 'webdriverio acceptAlert() accepts an open alert', clause: 'Removed: legacy alert routes', allows: ALERT },
  { id: 'DS-EXEC-01', level: 'MUST', title: 'accepts W3C Actions (POST and DELETE .../actions) in place of the touch routes', clause: 'Removed: touch routes' },
  { id: 'DS-EXEC-02', level: 'INFO', title: 'records the answers to mobile: launchApp and mobile: activateApp through POST .../execute/sync', clause: 'Removed: execute method names', allows: 'execute-method names are the driver\'s and the route is not shown: Appium\'s fake driver has no mobile: methods (500 unsupported operation), the reference\'s simulated driver launches the app' },
  // Command line (the server command)
  { id: 'DS-CLI-01', level: 'MUST', title: '--version prints a version beginning with 3.', clause: 'Command line: --version', needs: CMD },
  { id: 'DS-CLI-02', level: 'MUST', title: '--help exits 0 and prints the usage', clause: 'Command line: --help', needs: CMD },
  { id: 'DS-CLI-03', level: 'MUST', title: '--config FILE loads the file\'s keys, and a command-line flag overrides the file', clause: 'Server config file: override', allows: 'the file given in Appium\'s nested JSON form ({"server":{...}})', needs: CMD },
  { id: 'DS-CLI-04', level: 'SHOULD', title: 'refuses a config file with an unknown key: non-zero exit, never serves', clause: 'Server config file: keys', allows: 'the spec lists the keys without saying what happens to others; refusing them (the reference and Appium 3) keeps a misspelt key from being silently ignored', needs: CMD },
  { id: 'DS-CLI-05', level: 'MUST', title: 'refuses an unscoped --allow-insecure feature (non-zero exit, never serves) and starts with the scoped form', clause: 'Errors: unscoped feature', needs: CMD },
  { id: 'DS-CLI-06', level: 'MUST', title: 'driver install --source=local into a throwaway home, then driver list --installed shows the driver', clause: 'States: driver install', allows: 'the driver found in --json output keyed by its name, or in the text listing', needs: CMD },
  { id: 'DS-CLI-07', level: 'MUST', title: 'driver doctor NAME runs the driver\'s checks and reports each; an unknown name fails', clause: 'Command line: driver doctor', allows: 'exit 0 (all dependencies present) or 1 (treatment required): the machine running the harness may lack them; each check reported on a line with ✔ or ✖', needs: CMD },
  { id: 'DS-CLI-08', level: 'INFO', title: 'records the doctor\'s exit status and the checks it reported', clause: 'Command line: driver doctor', allows: 'which dependencies are present depends on the machine, not the server', needs: CMD },
  { id: 'DS-CLI-09', level: 'MUST', title: 'plugin list --installed --updates exits 0, and --installed --json lists no plugin in a fresh home', clause: 'Command line: plugin list', needs: CMD },
  { id: 'DS-CLI-10', level: 'MUST', title: 'setup reset removes every installed extension: driver list --installed is empty afterwards', clause: 'States: setup reset', needs: CMD },
  // Extensions seen by a running server
  { id: 'DS-EXT-01', level: 'MUST', title: 'a server whose home holds the installed driver creates a session with it', clause: 'Versioning 2', needs: CMD },
  { id: 'DS-EXT-02', level: 'MUST', title: 'a server whose home holds no driver creates no session (drivers are not bundled)', clause: 'What the service does 2', allows: NOT_SHOWN, needs: CMD },
  // Security controls
  { id: 'DS-SEC-01', level: 'INFO', title: 'records the address a server binds when started without --address', clause: 'Authentication 2: trusted interface', allows: 'the spec states binding a trusted interface as an operator control, not a default: the reference binds 127.0.0.1, Appium 3 0.0.0.0 — pass --address', needs: CMD },
  { id: 'DS-SEC-02', level: 'INFO', title: 'records whether --relaxed-security starts a server', clause: 'Authentication 2: relaxed security', allows: 'the spec tells operators not to use it, not servers to refuse it: the reference refuses, Appium 3 starts with every feature on', needs: CMD },
];
