// Which suite file implements which of the resource-api checks: a run forks only the files of its
// selected checks. harness/systems/suite-index.test.ts proves this list is what the files hold.

export const resourceApiSuites: Readonly<Record<string, readonly string[]>> = {
  'suites/resource-api/concurrency/races.test.ts': ['RA-CONC-01', 'RA-CONC-02', 'RA-CONC-03', 'RA-CONC-04', 'RA-CONC-05'],
  'suites/resource-api/contract/access.test.ts': [
    'RA-AUTH-01', 'RA-AUTH-02', 'RA-AUTH-08', 'RA-AUTH-03', 'RA-AUTH-04', 'RA-AUTH-05', 'RA-AUTH-06', 'RA-AUTH-07', 'RA-CACHE-01', 'RA-CACHE-02',
    'RA-CORS-01', 'RA-CORS-02', 'RA-CORS-03', 'RA-CORS-04',
  ],
  'suites/resource-api/contract/requests.test.ts': [
    'RA-INPUT-01', 'RA-INPUT-02', 'RA-INPUT-03', 'RA-INPUT-04', 'RA-INPUT-06', 'RA-INPUT-09', 'RA-INPUT-10', 'RA-INPUT-11', 'RA-INPUT-07',
    'RA-INPUT-08', 'RA-COND-01', 'RA-COND-02', 'RA-COND-03', 'RA-COND-04', 'RA-COND-05', 'RA-COND-06', 'RA-COND-08', 'RA-COND-07', 'RA-PREFER-01',
    'RA-PREFER-02',
  ],
  'suites/resource-api/contract/resources.test.ts': [
    'RA-PREF-01', 'RA-PREF-02', 'RA-PREF-03', 'RA-LABEL-01', 'RA-LABEL-02', 'RA-LABEL-04', 'RA-LABEL-03', 'RA-DEL-01', 'RA-DEL-02', 'RA-DEL-03',
    'RA-DEL-04', 'RA-DEL-05', 'RA-ERR-01', 'RA-ERR-02', 'RA-DUR-01', 'RA-DUR-02', 'RA-DUR-04', 'RA-DUR-03',
  ],
  'suites/resource-api/framing/wire-framing.test.ts': [
    'RA-FRAME-01', 'RA-FRAME-02', 'RA-FRAME-03', 'RA-FRAME-04', 'RA-NOBODY-01', 'RA-NOBODY-02', 'RA-NOBODY-03', 'RA-NOBODY-04', 'RA-META-01',
  ],
  'suites/resource-api/pact/consumer-contract.test.ts': ['RA-PACT-01'],
  'suites/resource-api/property/model.test.ts': ['RA-MODEL-01', 'RA-INPUT-05'],
};
