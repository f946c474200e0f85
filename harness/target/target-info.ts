// What the CLI tells the suites about each target: resolved, validated and frozen
// before any suite runs, handed over through vitest's provide/inject (never env).
import type { CheckNeed, SystemName } from '../checks/check-definition.ts';

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

export interface RunContext {
  readonly seed: number;
  readonly strict: boolean;
  readonly reportDir: string;
  /** A folder of the run's own, shared by its suite processes (the webhook's work ledger); removed afterwards. */
  readonly scratchDir?: string;
  /** --work-timeout, in ms. */
  readonly workTimeoutMs?: number;
  /** --max-response-bytes: every client of a suite process reads within it (harness/http/response-budget.ts). */
  readonly maxResponseBytes?: number;
  /** The preflight's findings per system (absent: nothing found). */
  readonly findings?: Readonly<Partial<Record<SystemName, SystemFindings>>>;
  /** `wirecheck run ...` reproducing this run (secrets as env references), without --only. */
  readonly reproduce: string;
  readonly targets: Readonly<Partial<Record<SystemName, SystemTarget>>>;
  /** Every secret of the run, for redaction in transcripts. */
  readonly secrets: readonly string[];
  /** Keep every check's transcript, not only those of failed and warned checks (replay). */
  readonly keepTranscripts?: boolean;
  /** Self-test only: deliberate bugs the WH-SEND suites give the bundled sender (absent: none). */
  readonly senderFaults?: readonly string[];
}

export const RUN_CONTEXT_KEY = 'wirecheckRun';

declare module 'vitest' {
  export interface ProvidedContext {
    [RUN_CONTEXT_KEY]: RunContext;
  }
}
