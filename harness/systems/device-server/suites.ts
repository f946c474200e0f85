// Which suite file implements which of the device-server checks: a run forks only the files of its
// selected checks. harness/systems/suite-index.test.ts proves this list is what the files hold.

export const deviceServerSuites: Readonly<Record<string, readonly string[]>> = {
  'suites/device-server/cli/commands.test.ts': ['DS-CLI-01', 'DS-CLI-02', 'DS-CLI-03', 'DS-CLI-04', 'DS-CLI-22', 'DS-SEC-01', 'DS-SEC-02'],
  'suites/device-server/cli/config-address.test.ts': ['DS-CLI-18'],
  'suites/device-server/cli/doctor-findings.test.ts': ['DS-CLI-16', 'DS-CLI-17'],
  'suites/device-server/cli/extension-homes.test.ts': ['DS-CLI-13', 'DS-CLI-14', 'DS-CLI-15'],
  'suites/device-server/cli/extensions.test.ts': ['DS-CLI-06', 'DS-CLI-07', 'DS-CLI-08', 'DS-CLI-09', 'DS-CLI-10', 'DS-CLI-20'],
  'suites/device-server/cli/insecure-feature-forms.test.ts': ['DS-CLI-05', 'DS-CLI-21', 'DS-CLI-19'],
  'suites/device-server/cli/scoped-features.test.ts': ['DS-SEC-03', 'DS-SEC-04'],
  'suites/device-server/cli/server-instances.test.ts': [
    'DS-BASE-02', 'DS-DISC-03', 'DS-DISC-05', 'DS-DISC-04', 'DS-CAPS-04', 'DS-LEGACY-05', 'DS-LEGACY-06', 'DS-CLI-11', 'DS-CLI-12', 'DS-EXT-01',
    'DS-EXT-02',
  ],
  'suites/device-server/client/webdriverio.test.ts': ['DS-SESS-07', 'DS-ALERT-02'],
  'suites/device-server/contract/capabilities.test.ts': [
    'DS-CAPS-01', 'DS-CAPS-02', 'DS-CAPS-03', 'DS-CAPS-05', 'DS-CAPS-06', 'DS-CAPS-07', 'DS-ERR-01', 'DS-BASE-01',
  ],
  'suites/device-server/contract/removed-routes.test.ts': [
    'DS-LEGACY-01', 'DS-LEGACY-02', 'DS-LEGACY-03', 'DS-LEGACY-04', 'DS-ALERT-01', 'DS-EXEC-01', 'DS-EXEC-02',
  ],
  'suites/device-server/contract/sessions.test.ts': [
    'DS-STATUS-01', 'DS-SESS-01', 'DS-SESS-02', 'DS-SESS-03', 'DS-SESS-04', 'DS-SESS-08', 'DS-SESS-05', 'DS-SESS-06', 'DS-DISC-01', 'DS-DISC-02',
  ],
};
