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

  acquire(sessionId: string): void {
    if (this.sessionId !== null) {
      throw new DriverError(
        'session not created',
        `The device '${this.name}' is busy with session ${this.sessionId}; end it first (DELETE the session) or use another vendor:deviceName`,
      );
    }
    this.sessionId = sessionId;
  }

  /** Leaves nothing behind: no running app, no alert, no session. Installed apps stay. */
  release(sessionId: string): void {
    if (this.sessionId !== sessionId) return;
    for (const appId of [...this.running]) this.terminate(appId);
    this.alert = null;
    this.sessionId = null;
  }

  install(app: SimApp): void {
    this.installed.set(app.appId, app);
  }

  remove(appId: string): boolean {
    this.terminate(appId);
    return this.installed.delete(appId);
  }

  private app(appId: string): SimApp {
    const app = this.installed.get(appId);
    if (!app) throw new DriverError('invalid argument', `The app '${appId}' is not installed on device '${this.name}'`);
    return app;
  }

  /** Launching or activating brings the app to the foreground; the app then shows its alert. */
  launch(appId: string, coldStart: boolean): void {
    const app = this.app(appId);
    if (coldStart) this.terminate(appId);
    this.running.add(appId);
    this.foreground = appId;
    this.alert = { appId, text: app.alertText };
  }

  terminate(appId: string): boolean {
    const wasRunning = this.running.delete(appId);
    if (this.foreground === appId) this.foreground = null;
    if (this.alert?.appId === appId) this.alert = null;
    return wasRunning;
  }

  state(appId: string): number {
    if (!this.installed.has(appId)) return APP_STATE.NOT_INSTALLED;
    if (!this.running.has(appId)) return APP_STATE.NOT_RUNNING;
    return this.foreground === appId ? APP_STATE.RUNNING_IN_FOREGROUND : APP_STATE.RUNNING_IN_BACKGROUND;
  }

  takeAlert(): SimAlert {
    const alert = this.alert;
    if (!alert) throw new DriverError('no such alert', 'An attempt was made to operate on a modal dialog when one was not open.');
    return alert;
  }
}

const devices = new Map<string, SimulatedDevice>();

export function deviceFor(name: string): SimulatedDevice {
  let device = devices.get(name);
  if (!device) {
    device = new SimulatedDevice(name, `emulator-${5554 + 2 * devices.size}`);
    devices.set(name, device);
  }
  return device;
}

/** Forgets every device; for tests. */
export function resetDevices(): void {
  devices.clear();
}
