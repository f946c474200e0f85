// What the suites are told about each target: resolved, validated and frozen before
// any suite runs, handed over to the suites in the SuiteRun (harness/checks/suite-run.ts).
/** What a check needs of the target beyond plain HTTP; without it the check is skipped. */
export type CheckNeed =
  | 'probe' //          the probe API of CONTRACTS §4 (--probe)
  | 'server-command' // a command that runs the server's CLI (--server-cmd)
  | 'multi-instance' // several instances of the target on one database (reference + PostgreSQL, or several --base-url)
  | 'event-version' //  where the receiver reads an event's version (--version-field; the reference: data.version)
  | 'session-discovery'; // the target was started with *:session_discovery

export type TargetKind = 'reference' | 'external';

interface TargetBase {
  readonly kind: TargetKind;
  /** Service root (webhook, resource-api) or server URL including its base path (device-server). */
  readonly baseUrl: string;
  /** What this target offers beyond plain HTTP; checks needing anything else are skipped. */
  readonly capabilities: readonly CheckNeed[];
}

export interface WebhookTarget extends TargetBase {
  readonly system: 'webhook';
  readonly secret: string;
  /** Every instance sharing the target's database (the first is baseUrl). */
  readonly instanceUrls: readonly string[];
  /** Where the receiver reads an event's version (a dotted path, e.g. data.version): --version-field. */
  readonly versionField?: string;
  /** Self-test only: deliberate bugs the WH-SEND suites give the bundled sender (absent: none). */
  readonly senderFaults?: readonly string[];
}

export interface ResourceApiTarget extends TargetBase {
  readonly system: 'resource-api';
  readonly token: string;
  readonly userId: string;
  readonly otherUserId: string;
  /** A token of the other user, when known (reference): enables cross-user model checks. */
  readonly otherToken?: string;
}

export interface DeviceServerTarget extends TargetBase {
  readonly system: 'device-server';
  readonly vendor: string;
  readonly platformName: string;
  readonly automationName: string;
  /** vendor:deviceName and vendor:app of the sessions the checks create; absent: not sent. */
  readonly deviceName?: string;
  readonly app?: string;
  /** The app shows an alert at launch (the reference's simulated app): the alert checks fail, not skip, when none is open. */
  readonly alertAtLaunch?: boolean;
  readonly driverName: string;
  /**
   * The run names the driver (--driver-name, or the reference's own): `driver list --installed`
   * in sourceHome must list it (DS-CLI-20). Otherwise driverName is a guess from automationName.
   */
  readonly driverNamed?: boolean;
  /** argv of the server's CLI, when known (--server-cmd, or the reference's own). */
  readonly serverCommand?: readonly string[];
  readonly homeEnv: string;
  /** Environment of every server-command process (PATH and the like; the self-test's faults for the reference). */
  readonly commandEnv: Readonly<Record<string, string>>;
  /** A package directory of the driver, installed into the throwaway homes of CLI checks (reference: the sim driver). */
  readonly driverSource?: string;
  /** The extension home named by homeEnv in wirecheck's environment (external), or the reference's own: where the driver's package is looked up. */
  readonly sourceHome?: string;
}

export type SystemTarget = WebhookTarget | ResourceApiTarget | DeviceServerTarget;

/** What the preflight found about a target that its dependent checks must fail on, naming it. */
export interface SystemFindings {
  /** The probe answers but could not be shown to see what it must. */
  readonly probe?: string;
}

/** How long business work may show no progress before a wait gives up (--work-timeout's default). */
export const DEFAULT_WORK_TIMEOUT_MS = 10_000;
