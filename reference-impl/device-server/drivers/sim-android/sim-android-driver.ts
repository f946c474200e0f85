// The simulated Android driver: one instance per session. On session start it takes
// the device (one session per device), installs `app` and, unless `autoLaunch` is
// false, launches it — and a launched or activated app shows an alert. Ending the
// session terminates what runs and frees the device.
import type { ActionSequence, Capabilities, DeviceDriver, DriverContext } from '../../driver-api.ts';
import { DriverError } from './driver-error.ts';
import { runMobileCommand } from './mobile-commands.ts';
import { readSimApp } from './sim-app.ts';
import { deviceFor, type SimulatedDevice } from './simulated-device.ts';

export const DEFAULT_DEVICE_NAME = 'sim-android-1';

export class SimAndroidDriver implements DeviceDriver {
  #device: SimulatedDevice | null = null;
  #appId: string | null = null;
  #pressed = new Set<string>();

  constructor(private readonly context: DriverContext) {}

  private get device(): SimulatedDevice {
    if (!this.#device) throw new DriverError('unknown error', 'the session has no device');
    return this.#device;
  }

  async createSession(caps: Readonly<Capabilities>): Promise<Capabilities> {
    const deviceName = typeof caps['deviceName'] === 'string' && caps['deviceName'] !== '' ? caps['deviceName'] : DEFAULT_DEVICE_NAME;
    const device = deviceFor(deviceName);
    device.acquire(this.context.sessionId);
    try {
      if (typeof caps['app'] === 'string') {
        const app = await readSimApp(caps['app'], this.context.appsRoot, this.context.log);
        device.install(app);
        this.#appId = app.appId;
        if (caps['autoLaunch'] !== false) device.launch(app.appId, true);
      }
    }
    catch (error) {
      device.release(this.context.sessionId);
      throw error;
    }
    this.#device = device;
    this.context.log(`Session started on ${device.name} (${device.udid})${this.#appId ? ` with app ${this.#appId}` : ''}`);
    return {
      ...caps,
      deviceName,
      deviceUDID: device.udid,
      ...(this.#appId ? { appPackage: this.#appId } : {}),
    };
  }

  async deleteSession(): Promise<void> {
    this.#device?.release(this.context.sessionId);
    this.context.log(`Session ended; device ${this.#device?.name ?? '?'} released`);
    this.#device = null;
  }

  async getAlertText(): Promise<string> {
    return this.device.takeAlert().text;
  }

  async acceptAlert(): Promise<void> {
    this.device.takeAlert();
    this.device.alert = null;
  }

  async dismissAlert(): Promise<void> {
    await this.acceptAlert();
  }

  async performActions(actions: readonly ActionSequence[]): Promise<void> {
    for (const sequence of actions) {
      for (const item of sequence.actions) {
        if (item.type === 'keyDown') this.#pressed.add(String(item['value']));
        if (item.type === 'keyUp') this.#pressed.delete(String(item['value']));
      }
    }
    this.context.log(`Performed ${actions.length} action sequence(s)`);
  }

  async releaseActions(): Promise<void> {
    this.#pressed.clear();
  }

  async execute(script: string, args: readonly unknown[]): Promise<unknown> {
    return runMobileCommand(
      {
        device: this.device,
        sessionAppId: this.#appId,
        driverName: this.context.driverName,
        appsRoot: this.context.appsRoot,
        log: this.context.log,
        adbShellEnabled: this.context.enabledFeatures.includes('adb_shell'),
      },
      script,
      args,
    );
  }
}
