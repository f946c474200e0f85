// W3C WebDriver §7.2 "Processing capabilities", with this server's rules on top
// (spec, Capabilities): platformName and vendor:automationName required, every
// non-standard capability prefixed, vendor:app an absolute path. Returns the validated
// merged sets in firstMatch order; the caller tries each against the installed drivers.
import path from 'node:path';
import { invalidArgument } from './errors.ts';

export const VENDOR_PREFIX = 'vendor:';

export const STANDARD_CAPS = new Set([
  'browserName', 'browserVersion',
  'platformName',
  'acceptInsecureCerts', 'pageLoadStrategy', 'proxy',
  'setWindowRect', 'timeouts', 'strictFileInteractability', 'unhandledPromptBehavior', 'userAgent', 'webSocketUrl',
]);

export type Caps = Record<string, unknown>;

export interface CapabilityOptions {
  /** Fault `unprefixed-capabilities-accepted`: unprefixed non-standard names count as vendor ones. */
  acceptUnprefixed?: boolean;
  /** Fault `legacy-desired-capabilities-accepted`: `desiredCapabilities` stands in for alwaysMatch. */
  acceptLegacy?: boolean;
  /** Fault `first-match-ignored`: firstMatch entries are dropped. */
  ignoreFirstMatch?: boolean;
  /** Fault `app-path-unchecked`: `vendor:app` may be any string. */
  anyAppPath?: boolean;
  /** Fault `capability-types-unchecked`: a capability of another type than its rule's is taken. */
  uncheckedTypes?: boolean;
  /** Fault `new-command-timeout-refused`: vendor:newCommandTimeout is refused, whatever its value. */
  refuseNewCommandTimeout?: boolean;
}

/** A plain own data property, even for a name like `__proto__` (never a prototype change). */
function setOwn(target: Caps, name: string, value: unknown): void {
  Object.defineProperty(target, name, {
    value,
    enumerable: true,
    writable: true, configurable: true,
  });
}

export const isPlainObject = (v: unknown): v is Caps =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v);

type TypeRule = (v: unknown) => boolean;
const isString: TypeRule = (v) => typeof v === 'string';
const isBoolean: TypeRule = (v) => typeof v === 'boolean';

const TYPE_RULES: Record<string, [TypeRule, string]> = {
  platformName: [isString, 'a string'],
  browserName: [isString, 'a string'],
  browserVersion: [isString, 'a string'],
  acceptInsecureCerts: [isBoolean, 'a boolean'],
  setWindowRect: [isBoolean, 'a boolean'],
  strictFileInteractability: [isBoolean, 'a boolean'],
  webSocketUrl: [isBoolean, 'a boolean'],
  unhandledPromptBehavior: [isString, 'a string'],
  pageLoadStrategy: [(v) => v === 'none' || v === 'eager' || v === 'normal', '"none", "eager" or "normal"'],
  proxy: [isPlainObject, 'an object'],
  timeouts: [isPlainObject, 'an object'],
  [`${VENDOR_PREFIX}automationName`]: [
    (v) => isString(v) &&
      v !== '',
    'a non-empty string',
  ],
  [`${VENDOR_PREFIX}deviceName`]: [
    isString,
    'a string',
  ],
  [`${VENDOR_PREFIX}app`]: [
    (v) => typeof v === 'string' && path.isAbsolute(v),
    'an absolute path to the application package',
  ],
  [`${VENDOR_PREFIX}newCommandTimeout`]: [
    (v) => typeof v === 'number' && Number.isFinite(v) &&
      v >= 0,
    'a non-negative number (seconds)',
  ],
  [`${VENDOR_PREFIX}autoLaunch`]: [isBoolean, 'a boolean'],
};

const REQUIRED = ['platformName', `${VENDOR_PREFIX}automationName`];

/** With the fault on, `automationName` is read as `vendor:automationName`. */
function canonicalName(name: string, options: CapabilityOptions): string {
  if (options.acceptUnprefixed && !name.includes(':') && !STANDARD_CAPS.has(name)) return `${VENDOR_PREFIX}${name}`;
  return name;
}

/** §7.2 "validate capabilities": null entries dropped, names and types checked. */
function validate(caps: unknown, where: string, options: CapabilityOptions): Caps {
  if (!isPlainObject(caps)) throw invalidArgument(`${where} must be a JSON object`);
  const result: Caps = {};
  const unprefixed: string[] = [];
  const problems: string[] = [];
  for (const [rawName, value] of Object.entries(caps)) {
    if (value === null) continue;
    const name = canonicalName(rawName, options);
    if (!name.includes(':') && !STANDARD_CAPS.has(name)) unprefixed.push(rawName);
    const unchecked = options.anyAppPath &&
      name === `${VENDOR_PREFIX}app`;
    const rule = Object.hasOwn(TYPE_RULES, name) && !unchecked ? TYPE_RULES[name] : undefined;
    if (rule && !rule[0](value)) problems.push(`'${rawName}' must be ${rule[1]}, got ${JSON.stringify(value)}`);
    if (options.refuseNewCommandTimeout && name === `${VENDOR_PREFIX}newCommandTimeout`) problems.push(`'${rawName}' is not supported`);
    setOwn(result, name, value);
  }
  if (unprefixed.length > 0) {
    throw invalidArgument(
      `All non-standard capabilities should have a vendor prefix (e.g. '${VENDOR_PREFIX}${unprefixed[0]}'). ` +
        `The following capabilities did not have one: ${unprefixed.join(', ')}`,
    );
  }
  if (options.uncheckedTypes) return result;
  if (problems.length > 0) throw invalidArgument(`invalid capabilities in ${where}: ${problems.join('; ')}`);
  return result;
}

/** §7.2 "merging capabilities": a name present in both is an error. */
export function mergeCapabilities(always: Caps, first: Caps): Caps {
  const merged: Caps = {};
  for (const [name, value] of Object.entries(always)) setOwn(merged, name, value);
  for (const [name, value] of Object.entries(first)) {
    if (Object.hasOwn(always, name)) {
      throw invalidArgument(`capability '${name}' must not appear in both alwaysMatch and a firstMatch entry`);
    }
    setOwn(merged, name, value);
  }
  return merged;
}

function capabilitiesMember(body: unknown, options: CapabilityOptions): unknown {
  if (!isPlainObject(body)) throw invalidArgument('the new-session request body must be a JSON object');
  if (body['capabilities'] !== undefined) return body['capabilities'];
  const legacy = ['desiredCapabilities', 'requiredCapabilities'].filter((k) => body[k] !== undefined);
  if (legacy.length > 0 && options.acceptLegacy && isPlainObject(body['desiredCapabilities'])) {
    return { alwaysMatch: body['desiredCapabilities'] };
  }
  if (legacy.length > 0) {
    throw invalidArgument(
      `${legacy.join(' and ')} ${legacy.length > 1 ? 'are' : 'is'} legacy and removed: send W3C capabilities as ` +
        `{"capabilities": {"alwaysMatch": {...}, "firstMatch": [{...}]}}`,
    );
  }
  throw invalidArgument(`the new-session request needs a "capabilities" object with "alwaysMatch" (and optionally "firstMatch")`);
}

/** Returns every merged set that holds the required capabilities, in firstMatch order. */
export function processCapabilities(body: unknown, options: CapabilityOptions = {}): Caps[] {
  // 1. Let capabilities request be the "capabilities" member of the parameters.
  const request = capabilitiesMember(body, options);
  if (!isPlainObject(request)) throw invalidArgument('"capabilities" must be a JSON object');
  // 2. Validate alwaysMatch (absent → {}).
  const always = validate(
    request['alwaysMatch'] ?? {},
    'alwaysMatch',
    options,
  );
  // 3. firstMatch must be an array (absent → [{}]; empty → [{}], forgiving like Appium).
  const firstRaw = options.ignoreFirstMatch ? [{}] : (request['firstMatch'] ?? [{}]);
  if (!Array.isArray(firstRaw)) throw invalidArgument('"capabilities.firstMatch" must be a JSON array');
  const firsts = (firstRaw.length === 0 ? [{}] : firstRaw).map((f, i) => validate(f, `firstMatch[${i}]`, options));
  // 4. Merge alwaysMatch into each firstMatch entry.
  const merged = firsts.map((first) => mergeCapabilities(always, first));
  // 5. Keep the sets that carry what this server requires; none → invalid argument.
  const complete = merged.filter((caps) => REQUIRED.every((name) => caps[name] !== undefined));
  if (complete.length === 0) {
    const missing = REQUIRED.filter((name) => merged.every((caps) => caps[name] === undefined));
    throw invalidArgument(`${(missing.length ? missing : REQUIRED).map((m) => `'${m}'`).join(' and ')} required to be present`);
  }
  return complete;
}

/** `vendor:app` → `app`, as Appium strips `appium:` before drivers see capabilities. */
export function stripVendorPrefix(caps: Caps): Caps {
  return Object.fromEntries(
    Object.entries(caps).map(([k, v]) => [k.startsWith(VENDOR_PREFIX) ? k.slice(VENDOR_PREFIX.length) : k, v]),
  );
}
