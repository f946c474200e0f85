// What the suites are told about each target: resolved, validated and frozen before
// any suite runs, handed over to the suites in the SuiteRun (harness/checks/suite-run.ts).
/** What a check needs of the target beyond plain HTTP; without it the check is skipped. */
export type CheckNeed =
  | 'probe' //          the probe API of CONTRACTS §4 (--probe)
  | 'server-command' // a command that runs the server's CLI (--server-cmd)
  | 'multi-instance' // several instances of the target on one database (reference + PostgreSQL, or several --base-url)
  | 'event-version' //  where the receiver reads an event's version (--version-field, or found by the preflight through the probe; the reference: data.version)
  | 'session-discovery'; // the target was started with *:session_discovery

export type TargetKind = 'reference' | 'external';

/** What every target is, whatever its system; each system's own target extends it (harness/<system>/). */
export interface TargetBase {
  /** Its system's name (a registered SystemModule's). */
  readonly system: string;
  readonly kind: TargetKind;
  /** Service root (webhook, resource-api) or server URL including its base path (device-server). */
  readonly baseUrl: string;
  /** What this target offers beyond plain HTTP; checks needing anything else are skipped. */
  readonly capabilities: readonly CheckNeed[];
  /** Every instance of one deployment sharing one store, when there are several (the first is baseUrl). */
  readonly instanceUrls?: readonly string[];
}




/** A target of any system; a system's helpers narrow it to their own (e.g. webhookTarget(ctx)). */
export type SystemTarget = TargetBase;

/** What the preflight found about a target that its options did not say, given to the checks with it. */
export interface Discovered {
  /** Needs the target is now known to meet. */
  readonly capabilities: readonly CheckNeed[];
  /** Fields of the system's target, as its options would have set them (the webhook: versionField). */
  readonly fields: Readonly<Record<string, unknown>>;
}

/** What the preflight found about a target: what its dependent checks must fail on, naming it, and what it found out. */
export interface SystemFindings {
  /** The probe answers but could not be shown to see what it must. */
  readonly probe?: string;
  /** Merged into the target before any check (preflight-targets.ts, withDiscoveries). */
  readonly discovered?: Discovered;
  /** Why a need is still unmet though the preflight looked for it: said in the reason of every check skipped for it. */
  readonly unmet?: Readonly<Partial<Record<CheckNeed, string>>>;
}

/** How long business work may show no progress before a wait gives up (--work-timeout's default). */
export const DEFAULT_WORK_TIMEOUT_MS = 10_000;
