// The device-server reference's faults (reference-impl/device-server/faults.ts) and the
// checks each must make fail (or, for INFO checks, whose observation it must change).
// Every device-server check appears here at least once.
//
// Faults share runs (fault-runs.ts says how a group keeps each fault's expectation
// exact). Faults with broad effects (a session left on the device, a session without
// an id) run alone.
import type { FaultExpectation } from './fault-expectation.ts';
import { runExpectations, type FaultEffects, type FaultRuns } from './fault-runs.ts';

export const DEVICE_SERVER_FAULT_EFFECTS: FaultEffects = {
  // sessions
  'delete-leaves-session': { fails: ['DS-SESS-04', 'DS-SESS-05', 'DS-SESS-07', 'DS-SESS-08', 'DS-DISC-02'], changes: ['DS-SESS-06'] },
  'ended-session-unknown-error': { fails: ['DS-SESS-08'], changes: ['DS-SESS-06'] },
  'session-id-missing': { fails: ['DS-SESS-01', 'DS-SESS-07'], changes: ['DS-SESS-02'] },
  // no W3C deletion route: the checks that need it are skipped (test/cli/device-server-external.test.ts); the route's answers are recorded
  'delete-route-missing': { fails: [], changes: ['DS-SESS-06'] },
  // the CLI's commands
  'version-not-3': { fails: ['DS-CLI-01'] },
  'help-fails': { fails: ['DS-CLI-02'] },
  'runtime-range-unchecked': { fails: ['DS-CLI-12'] },
  'doctor-unknown-driver-passes': { fails: ['DS-CLI-07'] },
  // the doctor's verdict is judged by its exit status only (DS-CLI-16); what it reports is recorded (DS-CLI-17)
  'doctor-runs-no-checks': { fails: ['DS-CLI-16'], changes: ['DS-CLI-08', 'DS-CLI-17'] },
  'doctor-trusts-every-check': { fails: ['DS-CLI-16'], changes: ['DS-CLI-17'] },
  'doctor-finds-nothing': { fails: ['DS-CLI-16'], changes: ['DS-CLI-17'] },
  'setup-reset-keeps-extensions': { fails: ['DS-CLI-10'] },
  'setup-reset-leaves-files': { fails: ['DS-CLI-15'] },
  'setup-reset-needs-manifest': { fails: ['DS-CLI-14'] },
  // start-up: config file and flags
  'config-overrides-cli': { fails: ['DS-CLI-03'] },
  'config-unknown-keys-ignored': { fails: [], changes: ['DS-CLI-04'] },
  'config-address-ignored': { fails: ['DS-CLI-18'] },
  'unscoped-feature-accepted': { fails: ['DS-CLI-05', 'DS-CLI-19'] },
  'unscoped-feature-from-file-accepted': { fails: ['DS-CLI-19'] },
  // rejecting the unscoped item by starting without it is allowed (DS-CLI-05, DS-CLI-19 pass): recorded
  'unscoped-feature-ignored': { fails: [], changes: ['DS-CLI-21'] },
  'empty-feature-accepted': { fails: [], changes: ['DS-CLI-11'] },
  'default-port-not-4723': { fails: ['DS-CLI-22'] },
  // the Android driver's shell (adb_shell): off until a flag scoped to the driver or `*` enables it
  'adb-shell-without-flag': { fails: ['DS-SEC-03'] },
  'feature-scope-ignored': { fails: ['DS-SEC-03'] },
  'feature-name-ignored': { fails: ['DS-SEC-03'] },
  'wildcard-scope-ignored': { fails: ['DS-SEC-04'] },
  'relaxed-security-accepted': { fails: [], changes: ['DS-SEC-02'] },
  'bind-all-interfaces': { fails: [], changes: ['DS-SEC-01'] },
  // extensions
  'driver-install-not-recorded': { fails: ['DS-CLI-06', 'DS-EXT-01'] },
  'driver-list-omits-local-installs': { fails: ['DS-CLI-20', 'DS-CLI-06'] },
  'plugin-list-unsupported': { fails: ['DS-CLI-09'] },
  'plugin-list-shows-drivers': { fails: ['DS-CLI-13'] },
  // instances the harness starts
  'bundled-driver-fallback': { fails: ['DS-EXT-02'] },
  // the refusal answered as a made-up route's: the session route was never reached
  'session-route-needs-driver': { fails: ['DS-EXT-02'] },
  'unknown-command-not-logged': { fails: ['DS-LEGACY-05'] },
  // the record still names the path (DS-LEGACY-05 passes); what it names is recorded
  'request-log-without-method': { fails: [], changes: ['DS-LEGACY-06'] },
  'sessions-route-without-flag': { fails: ['DS-DISC-03', 'DS-DISC-05'], changes: ['DS-DISC-04'] },
  'sessions-route-empty-without-flag': { fails: ['DS-DISC-05', 'DS-DISC-03'], changes: ['DS-DISC-04'] },
  // removed routes and the base path
  'legacy-sessions-route': { fails: ['DS-LEGACY-01'] },
  'legacy-accept-alert': { fails: ['DS-LEGACY-02'] },
  'legacy-app-launch': { fails: ['DS-LEGACY-03'] },
  'legacy-touch-perform': { fails: ['DS-LEGACY-04'] },
  // still routed, yet answering otherwise than a made-up route: on a live session, or only on an unknown id
  'legacy-alert-text-post': { fails: ['DS-LEGACY-02'] },
  'legacy-app-routes-unsupported': { fails: ['DS-LEGACY-03'] },
  'legacy-touch-routes-session-checked': { fails: ['DS-LEGACY-04'] },
  'base-path-ignored': { fails: ['DS-BASE-02', 'DS-EXT-02'] },
  'base-path-prefix-unchecked': { fails: ['DS-BASE-02'] },
  // capabilities
  'legacy-desired-capabilities-accepted': { fails: ['DS-CAPS-01'], changes: ['DS-ERR-01'] },
  'unprefixed-capabilities-accepted': { fails: ['DS-CAPS-02'] },
  'app-path-unchecked': { fails: ['DS-CAPS-03'], changes: ['DS-CAPS-04'] },
  'unknown-automation-name-fallback': { fails: ['DS-CAPS-05'] },
  'capability-types-unchecked': { fails: [], changes: ['DS-CAPS-06'] },
  'new-command-timeout-refused': { fails: ['DS-CAPS-07'] },
  // the app under test (the reference declares an alert at launch)
  'app-not-launched': { fails: ['DS-ALERT-01', 'DS-ALERT-02', 'DS-LEGACY-02'] },
  'first-match-ignored': { fails: ['DS-SESS-03'] },
  // routes that must be there
  'status-ready-string': { fails: ['DS-STATUS-01'] },
  'status-never-ready': { fails: ['DS-STATUS-01'] },
  'wd-hub-alias': { fails: ['DS-BASE-01', 'DS-BASE-02'] },
  'w3c-actions-unsupported': { fails: ['DS-EXEC-01'] },
  'alert-accept-ignored': { fails: ['DS-ALERT-01', 'DS-ALERT-02'], changes: ['DS-EXEC-02'] },
  'session-discovery-ignored': { fails: ['DS-DISC-01', 'DS-DISC-02'] },
};

/**
 * The self-test runs: the faults of each share one reference. Longest first: they start
 * in this order, vitest.config.ts maxConcurrency at a time, after the clean run.
 */
export const DEVICE_SERVER_FAULT_RUNS: FaultRuns = [
  ['driver-install-not-recorded', 'plugin-list-unsupported', 'config-address-ignored', 'unscoped-feature-from-file-accepted'],
  ['config-overrides-cli', 'config-unknown-keys-ignored', 'unscoped-feature-accepted', 'empty-feature-accepted', 'relaxed-security-accepted', 'bind-all-interfaces', 'delete-route-missing'],
  ['plugin-list-shows-drivers', 'setup-reset-leaves-files', 'setup-reset-needs-manifest', 'doctor-trusts-every-check', 'base-path-prefix-unchecked', 'sessions-route-empty-without-flag', 'legacy-desired-capabilities-accepted', 'adb-shell-without-flag'],
  ['version-not-3', 'help-fails', 'runtime-range-unchecked', 'doctor-runs-no-checks', 'setup-reset-keeps-extensions', 'ended-session-unknown-error', 'unscoped-feature-ignored', 'feature-scope-ignored'],
  ['bundled-driver-fallback', 'unknown-command-not-logged', 'sessions-route-without-flag', 'doctor-finds-nothing', 'legacy-app-routes-unsupported', 'status-never-ready', 'feature-name-ignored'],
  ['legacy-sessions-route', 'legacy-accept-alert', 'legacy-app-launch', 'legacy-touch-perform', 'base-path-ignored', 'driver-list-omits-local-installs', 'request-log-without-method', 'capability-types-unchecked', 'wildcard-scope-ignored'],
  ['delete-leaves-session'],
  ['session-id-missing'],
  ['status-ready-string', 'wd-hub-alias', 'w3c-actions-unsupported', 'alert-accept-ignored', 'session-discovery-ignored', 'new-command-timeout-refused', 'legacy-alert-text-post', 'doctor-unknown-driver-passes'],
  ['unprefixed-capabilities-accepted', 'app-path-unchecked', 'unknown-automation-name-fallback', 'first-match-ignored', 'app-not-launched', 'legacy-touch-routes-session-checked', 'session-route-needs-driver', 'default-port-not-4723'],
];

export const deviceServerFaultExpectations: readonly FaultExpectation[] = runExpectations(DEVICE_SERVER_FAULT_EFFECTS, DEVICE_SERVER_FAULT_RUNS);
