// The options of `wirecheck run`, as parsed from the command line (strings and
// flags, unvalidated). run-config.ts turns them into a RunConfig or lists problems.

export interface RunOptions {
  readonly system?: string;
  readonly target?: string;
  readonly baseUrl?: string;
  readonly reportDir?: string;
  readonly probe?: boolean;
  readonly only?: string;
  readonly seed?: string;
  readonly strict?: boolean;
  // webhook
  readonly secret?: string;
  // resource-api
  readonly token?: string;
  readonly userId?: string;
  readonly otherUserId?: string;
  // device-server
  readonly vendor?: string;
  readonly platformName?: string;
  readonly automationName?: string;
  readonly deviceName?: string;
  readonly app?: string;
  readonly driverName?: string;
  readonly sessionDiscovery?: boolean;
  readonly serverCmd?: string;
  readonly homeEnv?: string;
  // reference only
  readonly referenceFault?: string;
  readonly databaseUrl?: string;
  // docker only
  readonly image?: string;
  // evidence: harness/evidence/evidence-options.ts
  readonly repeat?: string;
  readonly baseline?: string;
  readonly bundle?: boolean;
  readonly signKey?: string;
}
