// Deliberate bugs of the reference device server, for the self-test: each one breaks
// exactly one behaviour a conformance check asserts. Inert unless
// CONFORMANCE_FAULTS_ENABLED=1 and named in WIRECHECK_FAULTS.
import { readFaults, type FaultSet } from '../shared/faults.ts';

export const DEVICE_SERVER_FAULTS = [
  'base-path-ignored', // --base-path is accepted but routes stay at `/` (so `{base}status` is 404)
  'legacy-desired-capabilities-accepted', // a body with only `desiredCapabilities` creates a session
  'legacy-sessions-route', // the removed JSONWP `GET /sessions` lists sessions
  'sessions-route-without-flag', // `GET vendor/sessions` answers without `*:session_discovery`
  'unscoped-feature-accepted', // `--allow-insecure=adb_shell` (no scope) starts and enables it for all drivers
  'empty-feature-accepted', // `--allow-insecure=simandroid:` (no feature name) starts the server
  'legacy-accept-alert', // `POST .../accept_alert` (and dismiss_alert, alert_text) still work
  'legacy-app-launch', // `POST .../vendor/app/launch|close|reset` still work
  'legacy-touch-perform', // `POST .../touch/perform` and `.../touch/multi/perform` answer 200
  'unknown-automation-name-fallback', // an unmatched automationName silently gets the first installed driver
  'delete-leaves-session', // DELETE session answers success but the session and its device lock remain
  'version-not-3', // `--version` and `/status` report 2.x
  'setup-reset-keeps-extensions', // `setup reset` says it removed everything but removes nothing
  'setup-reset-leaves-files', // `setup reset` empties the manifest but leaves every package's files in the home
  'setup-reset-needs-manifest', // `setup reset` fails in a home that has no manifest (nothing ever installed)
  'plugin-list-shows-drivers', // `plugin list` lists the installed drivers as plugins
  'unprefixed-capabilities-accepted', // non-standard capabilities without a prefix are accepted as vendor ones
  'relaxed-security-accepted', // `--relaxed-security` starts the server with every insecure feature on
  'bind-all-interfaces', // default listening address is 0.0.0.0 instead of 127.0.0.1
  'status-ready-string', // `GET status` answers `"ready": "true"` (a string) instead of the boolean
  'session-id-missing', // the new-session answer carries the capabilities but no sessionId
  'first-match-ignored', // firstMatch entries are dropped: only alwaysMatch is matched
  'capability-types-unchecked', // a capability of another type than the spec's (platformName an array, newCommandTimeout a word) is taken
  'new-command-timeout-refused', // `vendor:newCommandTimeout` is refused as unsupported, whatever its value
  'app-path-unchecked', // `vendor:app` is neither checked for being absolute nor read: a bad path is dropped silently
  'base-path-prefix-unchecked', // a path outside the base path that is as long as it (`/wd/hux/status` on `/wd/hub`) is taken as inside: a known route's wrong method (405) instead of 404
  'wd-hub-alias', // every route is also served under `/wd/hub`, whatever the base path
  'unknown-command-not-logged', // requests answered `unknown command` leave no line in the log
  'session-discovery-ignored', // `*:session_discovery` is accepted but `vendor/sessions` is never routed
  'app-not-launched', // sessions start without launching their app, so its launch alert never shows
  'alert-accept-ignored', // `POST .../alert/accept` answers success but the alert stays open
  'w3c-actions-unsupported', // `POST` / `DELETE .../actions` are not routed (unknown command)
  'runtime-range-unchecked', // the server starts under a runtime outside the accepted range (no engine error)
  'help-fails', // `--help` is refused as an unrecognized argument (exit 1)
  'config-overrides-cli', // config file values win over command-line flags
  'config-address-ignored', // the config file's server.address is read but never used: the server binds 127.0.0.1
  'config-unknown-keys-ignored', // unknown config file keys are ignored instead of refused
  'driver-install-not-recorded', // `driver install` copies the package but never records it in the manifest
  'doctor-trusts-every-check', // `driver doctor` reports every dependency found (✔), missing or not, and exits 0
  'doctor-finds-nothing', // `driver doctor` reports every dependency missing (✖), present or not, and exits 1
  'doctor-runs-no-checks', // `driver doctor` loads none of the driver's checks and exits 0
  'plugin-list-unsupported', // `plugin list` is refused as an unknown command (exit 1)
  'bundled-driver-fallback', // with no driver installed, the server loads a bundled copy of the simulated driver
  'unscoped-feature-from-file-accepted', // items read from a file (the config file's server.allow-insecure, an --allow-insecure list file) skip the scope check: an unscoped one is enabled for all drivers
  'sessions-route-empty-without-flag', // without `*:session_discovery`, `GET vendor/sessions` answers 200 with an empty list (the route is there, the sessions hidden)
  'driver-list-omits-local-installs', // `driver list` leaves out drivers installed from a local path (--source=local)
  'legacy-alert-text-post', // the JSONWP `POST .../alert_text` (send text to the alert) is still routed
  'legacy-touch-routes-session-checked', // the JSONWP touch routes (touch/click, down, up, move, scroll, doubleclick, longclick, flick) are still routed: `invalid session id` on an unknown session, `unknown command` on a live one
  'legacy-app-routes-unsupported', // `POST .../vendor/app/launch|close|reset` are still routed: they look the session up, then answer 500 `unsupported operation`
  'ended-session-unknown-error', // a command on an ended or unknown session answers 500 `unknown error` instead of 404 `invalid session id`
  'doctor-unknown-driver-passes', // `driver doctor` for a name no installed driver has prints a note and exits 0
  'status-never-ready', // `GET status` answers `"ready": false` although new sessions are created
  'request-log-without-method', // the request log lines (`-->`, `<--`, `No route found for`) name the path but not the method
  'delete-route-missing', // `DELETE session/{id}` is not routed (404 unknown command): the spec shows no deletion route, sessions end by idle expiry only
  'unscoped-feature-ignored', // an unscoped `--allow-insecure` item is dropped with a warning and the server starts without it (another allowed way to reject it)
  'adb-shell-without-flag', // every driver gets the insecure feature `adb_shell` (`mobile: shell` runs) whether or not `--allow-insecure` enables it
  'feature-scope-ignored', // an insecure feature is handed to every driver whatever its scope names (`otherdriver:adb_shell` enables it for simandroid)
  'feature-name-ignored', // a driver given any insecure feature (`simandroid:session_discovery`) gets every one, `adb_shell` among them
  'wildcard-scope-ignored', // the scope `*` reaches no driver: only a feature scoped to the driver's own name enables it (`*:adb_shell` enables nothing)
  'default-port-not-4723', // started without `--port` (and no config file port) the server listens on 4724, not the default 4723
  'session-route-needs-driver', // with no driver installed, `POST session` answers as an unknown route (404 unknown command) instead of failing the creation
] as const;

export type DeviceServerFault = (typeof DEVICE_SERVER_FAULTS)[number];
export type DeviceServerFaults = FaultSet<DeviceServerFault>;

export function readDeviceServerFaults(env: NodeJS.ProcessEnv): DeviceServerFaults {
  return readFaults(env, DEVICE_SERVER_FAULTS);
}
