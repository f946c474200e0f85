// The simulated Android device: installed and running apps, the foreground app, the
// alert it shows, and the one session that may hold it. Devices live as long as the
// server process and are keyed by device name, so an orphaned session shows: a device
// still held refuses the next session.
import { DriverError } from './driver-error.ts';
import type { SimApp } from './sim-app.ts';

/** Values of `mobile: queryAppState`, as in Appium's Android drivers. */
export const APP_STATE = { NOT_INSTALLED: 0, NOT_RUNNING: 1, RUNNING_IN_BACKGROUND: 3, RUNNING_IN_FOREGROUND: 4 } as const;

export interface SimAlert {
  readonly appId: string;
  readonly text: string;
}

export class SimulatedDevice {
  readonly installed = new Map<string, SimApp>();
  readonly running = new Set<string>();
  foreground: string | null = null;
  alert: SimAlert | null = null;
  sessionId: string | null = null;

  constructor(
    readonly name: string,
    readonly udid: string,
  ) {}

  // Stryker disable next-line BlockStatement: not shown: whether sessions may share a device (Limits: session counts not shown; DS-SESS-05 lets a server that shares devices pass its device half)
  acquire(sessionId: string): void {
    // Stryker disable next-line ConditionalExpression,BlockStatement: not shown: whether sessions may share a device (Limits: session counts not shown; DS-SESS-05 lets a server that shares devices pass its device half); shares its line with a detected one (ConditionalExpression→true, DS-EXT-01)
    if (this.sessionId !== null) {
      throw new DriverError(
        // Stryker disable next-line StringLiteral: equivalent, the server answers an uncoded failure at session start as session not created too (session-service create)
        'session not created',
        // Stryker disable next-line StringLiteral: not shown: error statuses and bodies (Errors: not shown beyond the base-path 404); no suite holds a device with two sessions
        `The device '${this.name}' is busy with session ${this.sessionId}; end it first (DELETE the session) or use another vendor:deviceName`,
      );
    }
    this.sessionId = sessionId;
  }

  /** Leaves nothing behind: no running app, no alert, no session. Installed apps stay. */
  release(sessionId: string): void {
    // Stryker disable next-line ConditionalExpression: equivalent, only the session holding the device releases it (createSession after its own acquire, deleteSession of a created session); shares its line with detected ones (ConditionalExpression→true, DS-ALERT-02)
    if (this.sessionId !== sessionId) return;
    // Stryker disable next-line ArrayDeclaration: not shown: which apps still run after a session ends is the driver's (States: only no orphaned session is stated); only execute methods show it, and the next session's cold launch resets the app
    for (const appId of [...this.running]) this.terminate(appId);
    this.alert = null;
    this.sessionId = null;
  }

  install(app: SimApp): void {
    this.installed.set(app.appId, app);
  }

  // Stryker disable next-line BlockStatement: not shown: execute methods and their names are the driver's, and the execute route is not shown (Endpoints; DS-EXEC-02 is INFO) — mobile: removeApp
  remove(appId: string): boolean {
    this.terminate(appId);
    return this.installed.delete(appId);
  }

  private app(appId: string): SimApp {
    const app = this.installed.get(appId);
    // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: execute methods and their names are the driver's, and the execute route is not shown (Endpoints; DS-EXEC-02 is INFO) — launching an app not installed; at session start the app was just installed; shares its line with detected ones (ConditionalExpression→true, DS-SESS-07)
    if (!app) throw new DriverError('invalid argument', `The app '${appId}' is not installed on device '${this.name}'`);
    return app;
  }

  /** Launching or activating brings the app to the foreground; the app then shows its alert. */
  launch(appId: string, coldStart: boolean): void {
    const app = this.app(appId);
    // Stryker disable next-line ConditionalExpression: equivalent, the lines below set again all that terminate clears for the app
    if (coldStart) this.terminate(appId);
    this.running.add(appId);
    this.foreground = appId;
    // Stryker disable next-line ObjectLiteral: not shown: the alert's text and GET .../alert/text are not in the spec (the checks use it only to see whether an alert is open); release still clears the alert
    this.alert = { appId, text: app.alertText };
  }

  // Stryker disable next-line BlockStatement: not shown: which apps still run after a session ends is the driver's (States: only no orphaned session is stated) and shows only through execute methods (route not shown, DS-EXEC-02 is INFO); release still clears the alert
  terminate(appId: string): boolean {
    const wasRunning = this.running.delete(appId);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: not shown: execute methods and their names are the driver's, and the execute route is not shown (Endpoints; DS-EXEC-02 is INFO) — the foreground app shows only through them
    if (this.foreground === appId) this.foreground = null;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: not shown: execute methods and their names are the driver's, and the execute route is not shown (Endpoints; DS-EXEC-02 is INFO) — mobile: terminateApp/removeApp; launch replaces the alert and release clears it
    if (this.alert?.appId === appId) this.alert = null;
    return wasRunning;
  }

  // Stryker disable all: not shown: execute methods and their names are the driver's, and the execute route is not shown (Endpoints; DS-EXEC-02 is INFO) — mobile: queryAppState
  state(appId: string): number {
    if (!this.installed.has(appId)) return APP_STATE.NOT_INSTALLED;
    if (!this.running.has(appId)) return APP_STATE.NOT_RUNNING;
    return this.foreground === appId ? APP_STATE.RUNNING_IN_FOREGROUND : APP_STATE.RUNNING_IN_BACKGROUND;
  }

  // Stryker restore all
  takeAlert(): SimAlert {
    const alert = this.alert;
    // Stryker disable next-line StringLiteral,ConditionalExpression: not shown: accepting when no alert is open (Endpoints: alert accept states only that the current alert is accepted) and error statuses and bodies (Errors: not shown beyond the base-path 404); without the test or the code the failure is 500 unknown error (a TypeError), still not 2xx; shares its line with a detected one (ConditionalExpression → true, killed by DS-ALERT-02)
    if (!alert) throw new DriverError('no such alert', 'An attempt was made to operate on a modal dialog when one was not open.');
    return alert;
  }
}

const devices = new Map<string, SimulatedDevice>();

export function deviceFor(name: string): SimulatedDevice {
  let device = devices.get(name);
  // Stryker disable next-line ConditionalExpression: not shown: whether sessions may share a device (Limits: session counts not shown; DS-SESS-05 lets a server that shares devices pass its device half) — a fresh device per session; shares its line with detected ones (ConditionalExpression→false, DS-EXT-01)
  if (!device) {
    // Stryker disable next-line StringLiteral,ArithmeticOperator: not shown: a device's udid is the driver's, seen only in the new-session answer (body shape not shown, DS-SESS-02 is INFO) and execute methods
    device = new SimulatedDevice(name, `emulator-${5554 + 2 * devices.size}`);
    devices.set(name, device);
  }
  return device;
}

/** Forgets every device; for tests. */
// Stryker disable next-line BlockStatement: unreachable through the contract, only the driver's unit tests call it (no route or CLI command does)
export function resetDevices(): void {
  devices.clear();
}
