// The options of `wirecheck run`, as parsed from the command line (strings and
// flags, unvalidated). run-config.ts turns them into a RunConfig or lists problems.

export interface RunOptions {
  readonly system?: string;
  readonly target?: string;
  /** Given more than once (webhook): every instance of one deployment, sharing one store. */
  readonly baseUrl?: string | readonly string[];
  readonly reportDir?: string;
  readonly probe?: boolean;
  /** Comma-separated globs; given more than once, all of them. */
  readonly only?: string | readonly string[];
  readonly seed?: string;
  readonly strict?: boolean;
  /** Seconds an accepted event's business work may show no progress before it counts as stuck. */
  readonly workTimeout?: string;
  /** Bytes one answer of a target may take before the check fails and the connection is dropped. */
  readonly maxResponseBytes?: string;
  // webhook
  readonly secret?: string;
  readonly versionField?: string;
  // resource-api
  readonly token?: string;
  readonly userId?: string;
  readonly otherUserId?: string;
  readonly otherToken?: string;
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
