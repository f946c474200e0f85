// The contract between the server and a driver package. A driver package is separate
// (installed into the home); it may `import type` from here — types vanish at run time,
// so an installed copy needs nothing from this repository. Errors: a driver throws any
// Error with an `error` property holding a W3C code ('no such alert', ...) to choose
// the answer; anything else becomes `unknown error` (or `session not created` while
// creating a session).

export interface DriverContext {
  readonly sessionId: string;
  /** Insecure feature names enabled for this driver (scope `*`, its name or automationName). */
  readonly enabledFeatures: readonly string[];
  readonly driverName: string;
  readonly log: (message: string) => void;
  /**
   * The directory app packages (`app`, `mobile: installApp`) may be read from. A driver
   * refuses any other path, links resolved, with one text whatever the reason, so a client
   * learns nothing of files outside it.
   */
  readonly appsRoot: string;
}

export type Capabilities = Record<string, unknown>;

export interface ActionItem {
  type: string;
  [key: string]: unknown;
}

export interface ActionSequence {
  type: 'none' | 'key' | 'pointer' | 'wheel';
  id: string;
  parameters?: Record<string, unknown>;
  actions: ActionItem[];
}

export interface DeviceDriver {
  /**
   * Capabilities arrive with the `vendor:` prefix stripped (`app`, `deviceName`, ...),
   * as Appium hands them to its drivers. Returns the capabilities to report.
   */
  createSession(capabilities: Readonly<Capabilities>): Promise<Capabilities>;
  /** Must leave nothing behind on the device: no session lock, no running test app. */
  deleteSession(): Promise<void>;
  getAlertText(): Promise<string>;
  acceptAlert(): Promise<void>;
  dismissAlert(): Promise<void>;
  performActions(actions: readonly ActionSequence[]): Promise<void>;
  releaseActions(): Promise<void>;
  /** `script` as sent (`mobile: launchApp`), `args` the W3C args array. */
  execute(script: string, args: readonly unknown[]): Promise<unknown>;
}

export type DriverClass = new (context: DriverContext) => DeviceDriver;

export interface DoctorCheckResult {
  ok: boolean;
  optional: boolean;
  message: string;
}

/** The shape of Appium's IDoctorCheck: doctor modules export objects like this. */
export interface DoctorCheck {
  diagnose(): Promise<DoctorCheckResult>;
  fix(): Promise<string | null>;
  hasAutofix(): boolean;
  isOptional(): boolean;
}
