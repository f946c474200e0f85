// Creating and ending sessions (spec, States and transitions): a session is created only
// by a driver installed in the home that matches the capabilities; ending it leaves the
// device holding no orphaned session.
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { processCapabilities, stripVendorPrefix, VENDOR_PREFIX, type Caps } from './capabilities.ts';
import type { DeviceDriver } from './driver-api.ts';
import { findDriver, type DriverRegistry, type LoadedDriver } from './driver-registry.ts';
import { sessionNotCreated, toWebDriverError, unknownCommand, WebDriverError } from './errors.ts';
import type { DeviceServerFaults } from './faults.ts';
import { ALL_DRIVERS, featuresForDriver, KNOWN_FEATURES, type ScopedFeature } from './insecure-features.ts';
import { DEFAULT_NEW_COMMAND_TIMEOUT_S, SessionRegistry, type ActiveSession } from './session-registry.ts';
import type { TextLogger } from './text-logger.ts';

export interface SessionServiceOptions {
  readonly registry: DriverRegistry;
  readonly allowInsecure: readonly ScopedFeature[];
  readonly faults: DeviceServerFaults;
  readonly log: TextLogger;
  /** Handed to every driver: the only directory it reads app packages from. */
  readonly appsRoot: string;
}

/**
 * The insecure features a driver gets: those whose scope names it or is `*` (spec,
 * Insecure feature flags 1). Faults: adb-shell-without-flag, feature-scope-ignored,
 * feature-name-ignored, wildcard-scope-ignored.
 */
function enabledFeatures(allowInsecure: readonly ScopedFeature[], driver: LoadedDriver, faults: DeviceServerFaults): string[] {
  const reaching = faults.has('wildcard-scope-ignored') ? allowInsecure.filter((f) => f.scope !== ALL_DRIVERS) : allowInsecure;
  const scoped = faults.has('feature-scope-ignored') ? reaching.map((f) => f.feature) : featuresForDriver(reaching, driver.name, driver.record.automationName);
  const named = faults.has('feature-name-ignored') ? (scoped.length > 0 ? [...KNOWN_FEATURES] : scoped) : scoped;
  return faults.has('adb-shell-without-flag') ? [...new Set([...named, 'adb_shell'])] : named;
}

/** For fault `app-path-unchecked`: an app path the driver could read (else it is dropped). */
function isReadableFile(app: unknown): boolean {
  try {
    return typeof app === 'string' && path.isAbsolute(app) && statSync(app).isFile();
  } catch {
    return false;
  }
}

export class SessionService {
  readonly sessions: SessionRegistry;

  constructor(private readonly options: SessionServiceOptions) {
    this.sessions = new SessionRegistry((session) => {
      options.log.warn('Vendor', `Shutting down session ${session.id}: no command within ${session.timeoutMs / 1000} s (newCommandTimeout)`);
      this.end(session.id).catch(() => undefined); // end() has logged the failure
    });
  }

  /** Tries each validated merged set in order; the first one a driver matches wins. */
  private match(candidates: Caps[]): { driver: LoadedDriver; caps: Caps } {
    const problems: string[] = [];
    for (const caps of candidates) {
      const found = findDriver(this.options.registry, String(caps[`${VENDOR_PREFIX}automationName`]), String(caps['platformName']));
      if ('driver' in found) return { driver: found.driver, caps };
      problems.push(found.problem);
    }
    const fallback = this.options.registry.drivers[0];
    if (this.options.faults.has('unknown-automation-name-fallback') && fallback && candidates[0]) {
      return { driver: fallback, caps: candidates[0] };
    }
    throw sessionNotCreated([...new Set(problems)].join(' | '));
  }

  async create(body: unknown): Promise<{ sessionId: string; capabilities: Caps }> {
    const { faults, log, allowInsecure, appsRoot } = this.options;
    // Fault session-route-needs-driver: without drivers, the request is answered as a route the server does not have.
    if (faults.has('session-route-needs-driver')) {
      if (this.options.registry.drivers.length === 0) throw unknownCommand('POST', '/session');
    }
    const candidates = processCapabilities(body, {
      acceptUnprefixed: faults.has('unprefixed-capabilities-accepted'),
      acceptLegacy: faults.has('legacy-desired-capabilities-accepted'),
      ignoreFirstMatch: faults.has('first-match-ignored'),
      anyAppPath: faults.has('app-path-unchecked'),
      uncheckedTypes: faults.has('capability-types-unchecked'),
      refuseNewCommandTimeout: faults.has('new-command-timeout-refused'),
    });
    const { driver, caps } = this.match(candidates);
    const sessionId = randomUUID();
    const stripped = stripVendorPrefix(caps);
    if (faults.has('app-not-launched')) stripped['autoLaunch'] = false;
    if (faults.has('app-path-unchecked') && !isReadableFile(stripped['app'])) delete stripped['app'];
    const instance: DeviceDriver = new driver.DriverClass({
      sessionId,
      appsRoot,
      driverName: driver.name,
      enabledFeatures: enabledFeatures(allowInsecure, driver, faults),
      log: (message) => log.info(`${driver.record.automationName}@${sessionId.slice(0, 8)}`, message),
    });
    let capabilities: Caps;
    try {
      capabilities = await instance.createSession(stripped);
    }
    catch (error) {
      const converted = toWebDriverError(error, 'session not created');
      throw converted.error === 'invalid argument' ? converted : sessionNotCreated(converted.message);
    }
    const timeout = typeof stripped['newCommandTimeout'] === 'number' ? stripped['newCommandTimeout'] : DEFAULT_NEW_COMMAND_TIMEOUT_S;
    this.sessions.add({ id: sessionId, driver: instance, driverName: driver.name, capabilities, created: Date.now(), timeoutMs: timeout * 1000 });
    log.info('Vendor', `New ${driver.name} session created successfully, session ${sessionId} added to the session list`);
    return { sessionId, capabilities };
  }

  /** DELETE session. Fault `delete-leaves-session` answers success and ends nothing. */
  async delete(id: string): Promise<void> {
    this.sessions.get(id);
    if (this.options.faults.has('delete-leaves-session')) return;
    await this.end(id);
  }

  private async end(id: string): Promise<void> {
    const session = this.sessions.remove(id);
    if (!session) return;
    try {
      await session.driver.deleteSession();
      this.options.log.info('Vendor', `Removing session ${id} from the session list`);
    }
    catch (error) {
      this.options.log.error('Vendor', `Ending session ${id} failed: ${(error as Error).message}`);
      throw toWebDriverError(error);
    }
  }

  async endAll(): Promise<void> {
    await Promise.allSettled(this.sessions.list().map((s) => this.end(s.id)));
  }

  /** Runs a driver command of a session; driver errors keep their W3C code. */
  async run<T>(id: string, command: (session: ActiveSession) => Promise<T>): Promise<T> {
    const session = this.sessions.get(id);
    try {
      return await command(session);
    } catch (error) {
      if (error instanceof WebDriverError) throw error;
      throw toWebDriverError(error);
    }
  }
}
