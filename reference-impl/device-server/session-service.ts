// Creating and ending sessions (spec, States and transitions): a session is created only
// by a driver installed in the home that matches the capabilities; ending it leaves the
// device holding no orphaned session.
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { processCapabilities, stripVendorPrefix, VENDOR_PREFIX, type Caps } from './capabilities.ts';
import type { DeviceDriver } from './driver-api.ts';
import { findDriver, type DriverRegistry, type LoadedDriver } from './driver-registry.ts';
import { sessionNotCreated, toWebDriverError, WebDriverError } from './errors.ts';
import type { DeviceServerFaults } from './faults.ts';
import { featuresForDriver, type ScopedFeature } from './insecure-features.ts';
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

/** For fault `app-path-unchecked`: an app path the driver could read (else it is dropped). */
// Stryker disable all: fault switch only, called only with app-path-unchecked on
function isReadableFile(app: unknown): boolean {
  try {
    return typeof app === 'string' && path.isAbsolute(app) && statSync(app).isFile();
  } catch {
    return false;
  }
}

// Stryker restore all
export class SessionService {
  readonly sessions: SessionRegistry;

  constructor(private readonly options: SessionServiceOptions) {
    // Stryker disable next-line BlockStatement: not shown: expiry of an idle session through the timeout capability (States and transitions: "Expiry ... not shown")
    this.sessions = new SessionRegistry((session) => {
      // Stryker disable next-line StringLiteral,ArithmeticOperator: operational record, the wording of the expiry log line
      options.log.warn('Vendor', `Shutting down session ${session.id}: no command within ${session.timeoutMs / 1000} s (newCommandTimeout)`);
      this.end(session.id).catch(() => undefined); // end() has logged the failure
    });
  }

  /** Tries each validated merged set in order; the first one a driver matches wins. */
  private match(candidates: Caps[]): { driver: LoadedDriver; caps: Caps } {
    // Stryker disable next-line ArrayDeclaration: not shown: the message of a refused session (Errors: bodies not shown; DS-ERR-01 is INFO)
    const problems: string[] = [];
    for (const caps of candidates) {
      const found = findDriver(this.options.registry, String(caps[`${VENDOR_PREFIX}automationName`]), String(caps['platformName']));
      // Stryker disable next-line ConditionalExpression: not shown: with `true` an unknown automationName still fails session creation, as 500 unknown error instead of session not created (Errors: statuses not shown; DS-CAPS-05 allows any failure), and a first firstMatch entry naming no installed driver is no longer passed over (which entry wins: not shown, DS-SESS-03; Appium 3 takes the first valid one too); shares its line with detected ones
      if ('driver' in found) return { driver: found.driver, caps };
      problems.push(found.problem);
    }
    const fallback = this.options.registry.drivers[0];
    if (this.options.faults.has('unknown-automation-name-fallback') && fallback && candidates[0]) {
      return { driver: fallback, caps: candidates[0] };
    }
    // Stryker disable next-line ArrayDeclaration,StringLiteral: not shown: the message of a refused session (Errors: bodies not shown; DS-ERR-01 is INFO)
    throw sessionNotCreated([...new Set(problems)].join(' | '));
  }

  async create(body: unknown): Promise<{ sessionId: string; capabilities: Caps }> {
    const { faults, log, allowInsecure, appsRoot } = this.options;
    // Stryker disable next-line ObjectLiteral: fault switch only, every option is a fault switch and an absent one reads as off
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
    // Stryker disable next-line LogicalOperator,StringLiteral: not shown: LogicalOperator makes an absolute app path naming no readable file create a session without the app instead of failing (Capabilities: vendor:app states only "must be absolute"; DS-CAPS-03 covers relative paths); the StringLiteral is read only with the fault switch app-path-unchecked on; the ConditionalExpression mutants of this line are left enabled (`true`, dropping every app, is reported as a blind spot)
    if (faults.has('app-path-unchecked') && !isReadableFile(stripped['app'])) delete stripped['app'];
    const instance: DeviceDriver = new driver.DriverClass({
      sessionId,
      appsRoot,
      driverName: driver.name,
      enabledFeatures: featuresForDriver(allowInsecure, driver.name, driver.record.automationName),
      // Stryker disable next-line ArrowFunction,StringLiteral,MethodExpression: operational record, the driver's log lines and their label
      log: (message) => log.info(`${driver.record.automationName}@${sessionId.slice(0, 8)}`, message),
    });
    let capabilities: Caps;
    try {
      capabilities = await instance.createSession(stripped);
    }
    // Stryker disable next-line BlockStatement: not shown: a driver's own refusal at start (a busy device, an absolute app path that is no readable package) is no failure the spec states (Errors name only the unknown automation name), nor are its status and body
    catch (error) {
      // Stryker disable next-line StringLiteral: not shown: status and body of a driver's refusal (Errors: statuses not shown)
      const converted = toWebDriverError(error, 'session not created');
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not shown: status and body of a driver's refusal (Errors: statuses not shown)
      throw converted.error === 'invalid argument' ? converted : sessionNotCreated(converted.message);
    }
    // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: the unit of newCommandTimeout and idle expiry (Capabilities: "Unit: not shown"; States: "Expiry ... not shown"); shares its line with detected ones
    const timeout = typeof stripped['newCommandTimeout'] === 'number' ? stripped['newCommandTimeout'] : DEFAULT_NEW_COMMAND_TIMEOUT_S;
    this.sessions.add({ id: sessionId, driver: instance, driverName: driver.name, capabilities, created: Date.now(), timeoutMs: timeout * 1000 });
    // Stryker disable next-line StringLiteral: operational record, the wording of the session log line
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
    // Stryker disable next-line ConditionalExpression: equivalent in a run: end() always finds the session (delete() looks it up with nothing awaited before the removal, endAll() ends the listed ones, and removal clears the idle timer), so the guard never holds and → false changes nothing; shares its line with a detected one (→ true)
    if (!session) return;
    try {
      await session.driver.deleteSession();
      // Stryker disable next-line StringLiteral: operational record, the wording of the session log line
      this.options.log.info('Vendor', `Removing session ${id} from the session list`);
    }
    // Stryker disable next-line BlockStatement: unreachable through the contract, the only driver a suite can install (simandroid) never fails deleteSession
    catch (error) {
      // Stryker disable next-line StringLiteral: operational record, the wording of a log line that is also unreachable (simandroid never fails deleteSession)
      this.options.log.error('Vendor', `Ending session ${id} failed: ${(error as Error).message}`);
      throw toWebDriverError(error);
    }
  }

  // Stryker disable next-line BlockStatement: not shown: what a shutdown does to open sessions (the spec states only deletion); the simulated devices live in the server process and go with it, only shutdown log lines differ
  async endAll(): Promise<void> {
    // Stryker disable next-line ArrowFunction: not shown: what a shutdown does to open sessions (the spec states only deletion); the simulated devices live in the server process and go with it, only shutdown log lines differ
    await Promise.allSettled(this.sessions.list().map((s) => this.end(s.id)));
  }

  /** Runs a driver command of a session; driver errors keep their W3C code. */
  async run<T>(id: string, command: (session: ActiveSession) => Promise<T>): Promise<T> {
    const session = this.sessions.get(id);
    try {
      return await command(session);
    } catch (error) {
      // Stryker disable next-line ConditionalExpression: not shown: `true` only turns a driver's coded error (e.g. no such alert) into 500 unknown error (Errors: statuses and bodies not shown); `false` is equivalent, toWebDriverError returns a WebDriverError as it is
      if (error instanceof WebDriverError) throw error;
      throw toWebDriverError(error);
    }
  }
}
