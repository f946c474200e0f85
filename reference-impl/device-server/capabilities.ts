// W3C WebDriver §7.2 "Processing capabilities", with this server's rules on top
// (spec, Capabilities): platformName and vendor:automationName required, every
// non-standard capability prefixed, vendor:app an absolute path. Returns the validated
// merged sets in firstMatch order; the caller tries each against the installed drivers.
import path from 'node:path';
import { invalidArgument } from './errors.ts';

export const VENDOR_PREFIX = 'vendor:';

export const STANDARD_CAPS = new Set([
  // Stryker disable next-line StringLiteral: not shown: the spec names no standard capability but platformName, nor which W3C names a server takes unprefixed (Capabilities)
  'browserName', 'browserVersion',
  'platformName',
  // Stryker disable next-line StringLiteral: not shown: the spec names no standard capability but platformName, nor which W3C names a server takes unprefixed (Capabilities)
  'acceptInsecureCerts', 'pageLoadStrategy', 'proxy',
  // Stryker disable next-line StringLiteral: not shown: the spec names no standard capability but platformName, nor which W3C names a server takes unprefixed (Capabilities)
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
    // Stryker disable next-line BooleanLiteral: equivalent, each name is set once per object and no caps object is written afterwards (stripVendorPrefix copies it)
    writable: true, configurable: true,
  });
}

export const isPlainObject = (v: unknown): v is Caps =>
  typeof v === 'object' &&
  // Stryker disable next-line ConditionalExpression: not shown: a null is still refused, by a TypeError (500) in place of invalid argument (Errors: status codes and error bodies not shown)
  v !== null &&
  !Array.isArray(v);

type TypeRule = (v: unknown) => boolean;
const isString: TypeRule = (v) => typeof v === 'string';
// Stryker disable next-line all: not shown: the spec names no boolean capability (Capabilities lists platformName, vendor:automationName, deviceName, app, newCommandTimeout)
const isBoolean: TypeRule = (v) => typeof v === 'boolean';

const TYPE_RULES: Record<string, [TypeRule, string]> = {
  // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
  platformName: [isString, 'a string'],
  // Stryker disable next-line all: not shown: the spec lists no W3C capability but platformName, nor its type or what a server does with it (Capabilities)
  browserName: [isString, 'a string'],
  // Stryker disable next-line all: not shown: the spec lists no W3C capability but platformName, nor its type or what a server does with it (Capabilities)
  browserVersion: [isString, 'a string'],
  // Stryker disable next-line all: not shown: the spec lists no W3C capability but platformName, nor its type or what a server does with it (Capabilities)
  acceptInsecureCerts: [isBoolean, 'a boolean'],
  // Stryker disable next-line all: not shown: the spec lists no W3C capability but platformName, nor its type or what a server does with it (Capabilities)
  setWindowRect: [isBoolean, 'a boolean'],
  // Stryker disable next-line all: not shown: the spec lists no W3C capability but platformName, nor its type or what a server does with it (Capabilities)
  strictFileInteractability: [isBoolean, 'a boolean'],
  // Stryker disable next-line all: not shown: the spec lists no W3C capability but platformName, nor its type or what a server does with it (Capabilities)
  webSocketUrl: [isBoolean, 'a boolean'],
  // Stryker disable next-line all: not shown: the spec lists no W3C capability but platformName, nor its type or what a server does with it (Capabilities)
  unhandledPromptBehavior: [isString, 'a string'],
  // Stryker disable next-line all: not shown: the spec lists no W3C capability but platformName, nor its type or what a server does with it (Capabilities)
  pageLoadStrategy: [(v) => v === 'none' || v === 'eager' || v === 'normal', '"none", "eager" or "normal"'],
  // Stryker disable next-line all: not shown: the spec lists no W3C capability but platformName, nor its type or what a server does with it (Capabilities)
  proxy: [isPlainObject, 'an object'],
  // Stryker disable next-line all: not shown: the spec lists no W3C capability but platformName, nor its type or what a server does with it (Capabilities)
  timeouts: [isPlainObject, 'an object'],
  [`${VENDOR_PREFIX}automationName`]: [
    (v) => isString(v) &&
      // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent in what is seen, an empty automationName names no installed driver, so creation fails either way (Errors: unknown automation name; statuses not shown)
      v !== '',
    // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
    'a non-empty string',
  ],
  [`${VENDOR_PREFIX}deviceName`]: [
    isString,
    // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
    'a string',
  ],
  [`${VENDOR_PREFIX}app`]: [
    // Stryker disable next-line LogicalOperator,ConditionalExpression: equivalent in what is seen, a relative string is then refused by the driver (sim-app.ts readSimApp: invalid argument, must be absolute) and a non-string throws in path.isAbsolute, refused either way (statuses not shown); → true of the whole test, which lets a number through as vendor:app, was seen by DS-CAPS-06 while it was a SHOULD and is not shown now that it is INFO (the spec gives the type, not what a server does with another; the driver refuses that app alike); shares its line with a detected one (→ false of the whole test, killed by DS-CAPS-07)
    (v) => typeof v === 'string' && path.isAbsolute(v),
    // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
    'an absolute path to the application package',
  ],
  [`${VENDOR_PREFIX}newCommandTimeout`]: [
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, Number.isFinite is false for every value that is no number (it does not coerce), so the typeof test decides nothing; → true of the whole test, which lets a word through as vendor:newCommandTimeout, was seen by DS-CAPS-06 while it was a SHOULD and is not shown now that it is INFO (the spec gives the type, not what a server does with another); shares its line with a detected one (→ false of the whole test, killed by DS-CAPS-07)
    (v) => typeof v === 'number' && Number.isFinite(v) &&
      // Stryker disable next-line ConditionalExpression,EqualityOperator: not shown: the spec gives the type (number), not its range (Capabilities: newCommandTimeout, unit not shown)
      v >= 0,
    // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
    'a non-negative number (seconds)',
  ],
  // Stryker disable next-line all: not shown: vendor:autoLaunch is this reference's own capability, the spec does not list it (Capabilities)
  [`${VENDOR_PREFIX}autoLaunch`]: [isBoolean, 'a boolean'],
};

// Stryker disable next-line ArrayDeclaration: equivalent in what is seen, a set without platformName or vendor:automationName matches no installed driver (findDriver needs both), so creation fails either way; only the error differs (Errors: statuses not shown)
const REQUIRED = ['platformName', `${VENDOR_PREFIX}automationName`];

/** With the fault on, `automationName` is read as `vendor:automationName`. */
function canonicalName(name: string, options: CapabilityOptions): string {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral,StringLiteral: fault switch only, unprefixed-capabilities-accepted; shares its line with detected ones (the condition → true, killed by DS-EXT-01)
  if (options.acceptUnprefixed && !name.includes(':') && !STANDARD_CAPS.has(name)) return `${VENDOR_PREFIX}${name}`;
  return name;
}

/** §7.2 "validate capabilities": null entries dropped, names and types checked. */
function validate(caps: unknown, where: string, options: CapabilityOptions): Caps {
  // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
  if (!isPlainObject(caps)) throw invalidArgument(`${where} must be a JSON object`);
  const result: Caps = {};
  const unprefixed: string[] = [];
  const problems: string[] = [];
  for (const [rawName, value] of Object.entries(caps)) {
    // Stryker disable next-line ConditionalExpression: not shown: the spec says nothing of null capability values (New-session request, Capabilities); shares its line with a detected one (→ true, killed by DS-EXT-01)
    if (value === null) continue;
    const name = canonicalName(rawName, options);
    if (!name.includes(':') && !STANDARD_CAPS.has(name)) unprefixed.push(rawName);
    // Stryker disable next-line ConditionalExpression: fault switch only, app-path-unchecked (→ false changes nothing while it is off); → true, which checks the type of no capability, was seen by DS-CAPS-06 while it was a SHOULD and is not shown now that it is INFO (a relative vendor:app is still refused, by the driver: DS-CAPS-03)
    const unchecked = options.anyAppPath &&
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: fault switch only, app-path-unchecked (read only when it is on)
      name === `${VENDOR_PREFIX}app`;
    // Stryker disable next-line LogicalOperator,ConditionalExpression: equivalent in what is seen, without the fault it looks up every name; the only extra hits are inherited names (constructor, __proto__), which throw and are unprefixed, refused either way; → false, which checks the type of no capability, was seen by DS-CAPS-06 while it was a SHOULD and is not shown now that it is INFO (a relative vendor:app is still refused, by the driver: DS-CAPS-03)
    const rule = Object.hasOwn(TYPE_RULES, name) && !unchecked ? TYPE_RULES[name] : undefined;
    // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
    if (rule && !rule[0](value)) problems.push(`'${rawName}' must be ${rule[1]}, got ${JSON.stringify(value)}`);
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: fault switch only, new-command-timeout-refused; shares its line with a detected one (the condition → true refuses every capability, killed by every session check)
    if (options.refuseNewCommandTimeout && name === `${VENDOR_PREFIX}newCommandTimeout`) problems.push(`'${rawName}' is not supported`);
    setOwn(result, name, value);
  }
  if (unprefixed.length > 0) {
    throw invalidArgument(
      // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
      `All non-standard capabilities should have a vendor prefix (e.g. '${VENDOR_PREFIX}${unprefixed[0]}'). ` +
        // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
        `The following capabilities did not have one: ${unprefixed.join(', ')}`,
    );
  }
  // Stryker disable next-line ConditionalExpression: fault switch only, capability-types-unchecked (→ false changes nothing while it is off); → true, which takes every type, was seen by DS-CAPS-06 while it was a SHOULD and is not shown now that it is INFO (the spec gives each capability's type, not what a server does with another)
  if (options.uncheckedTypes) return result;
  // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
  if (problems.length > 0) throw invalidArgument(`invalid capabilities in ${where}: ${problems.join('; ')}`);
  return result;
}

/** §7.2 "merging capabilities": a name present in both is an error. */
export function mergeCapabilities(always: Caps, first: Caps): Caps {
  const merged: Caps = {};
  for (const [name, value] of Object.entries(always)) setOwn(merged, name, value);
  for (const [name, value] of Object.entries(first)) {
    // Stryker disable next-line ConditionalExpression,BlockStatement: not shown: the spec gives the request's members, not what a name in both alwaysMatch and firstMatch does (New-session request); shares its line with a detected one (→ true, killed by DS-SESS-03)
    if (Object.hasOwn(always, name)) {
      // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
      throw invalidArgument(`capability '${name}' must not appear in both alwaysMatch and a firstMatch entry`);
    }
    setOwn(merged, name, value);
  }
  return merged;
}

function capabilitiesMember(body: unknown, options: CapabilityOptions): unknown {
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent in what is seen, a body that is not an object has no capabilities member and is refused below (null by a TypeError), only the error differs (Errors: statuses not shown); shares its line with a detected one (→ true, killed by DS-EXT-01)
  if (!isPlainObject(body)) throw invalidArgument('the new-session request body must be a JSON object');
  // Stryker disable next-line ConditionalExpression: equivalent in what is seen, a body without capabilities (legacy or not) is then refused by processCapabilities ("capabilities" must be a JSON object), only the error differs; shares its line with a detected one (→ false, killed by DS-EXT-01)
  if (body['capabilities'] !== undefined) return body['capabilities'];
  // Stryker disable next-line all: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO) — the list only picks the message of a refusal that happens either way (and feeds the legacy fault's test)
  const legacy = ['desiredCapabilities', 'requiredCapabilities'].filter((k) => body[k] !== undefined);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BlockStatement: fault switch only, legacy-desired-capabilities-accepted; shares its line with detected ones (the condition → true, killed by DS-CAPS-01)
  if (legacy.length > 0 && options.acceptLegacy && isPlainObject(body['desiredCapabilities'])) {
    // Stryker disable next-line ObjectLiteral,StringLiteral: fault switch only, legacy-desired-capabilities-accepted
    return { alwaysMatch: body['desiredCapabilities'] };
  }
  // Stryker disable next-line all: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO) — both branches refuse as invalid argument, only the message differs
  if (legacy.length > 0) {
    throw invalidArgument(
      // Stryker disable next-line all: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
      `${legacy.join(' and ')} ${legacy.length > 1 ? 'are' : 'is'} legacy and removed: send W3C capabilities as ` +
        // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
        `{"capabilities": {"alwaysMatch": {...}, "firstMatch": [{...}]}}`,
    );
  }
  // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
  throw invalidArgument(`the new-session request needs a "capabilities" object with "alwaysMatch" (and optionally "firstMatch")`);
}

/** Returns every merged set that holds the required capabilities, in firstMatch order. */
export function processCapabilities(body: unknown, options: CapabilityOptions = {}): Caps[] {
  // 1. Let capabilities request be the "capabilities" member of the parameters.
  const request = capabilitiesMember(body, options);
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent in what is seen, a capabilities member that is not an object has no alwaysMatch or firstMatch, so the required names are missing (null throws) and it is refused anyway; shares its line with a detected one (→ true, killed by DS-EXT-01)
  if (!isPlainObject(request)) throw invalidArgument('"capabilities" must be a JSON object');
  // 2. Validate alwaysMatch (absent → {}).
  const always = validate(
    request['alwaysMatch'] ?? {},
    // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
    'alwaysMatch',
    options,
  );
  // 3. firstMatch must be an array (absent → [{}]; empty → [{}], forgiving like Appium).
  // Stryker disable next-line ArrayDeclaration: equivalent, an absent firstMatch read as [] becomes [{}] in the firsts line below; the other [{}] is the first-match-ignored fault's (fault switch only)
  const firstRaw = options.ignoreFirstMatch ? [{}] : (request['firstMatch'] ?? [{}]);
  // Stryker disable next-line StringLiteral: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
  if (!Array.isArray(firstRaw)) throw invalidArgument('"capabilities.firstMatch" must be a JSON array');
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration,StringLiteral: not shown: the spec does not say whether an empty firstMatch is refused or read as [{}] (New-session request: "optionally firstMatch"), and the where-label is error-body text; shares its line with a detected one (→ true, killed by DS-SESS-03)
  const firsts = (firstRaw.length === 0 ? [{}] : firstRaw).map((f, i) => validate(f, `firstMatch[${i}]`, options));
  // 4. Merge alwaysMatch into each firstMatch entry.
  const merged = firsts.map((first) => mergeCapabilities(always, first));
  // 5. Keep the sets that carry what this server requires; none → invalid argument.
  // Stryker disable next-line MethodExpression,ConditionalExpression: equivalent in what is seen, a set without platformName or vendor:automationName matches no installed driver (findDriver needs both), so creation fails either way; shares its line with a detected one (→ false, killed by DS-EXT-01)
  const complete = merged.filter((caps) => REQUIRED.every((name) => caps[name] !== undefined));
  // Stryker disable next-line ConditionalExpression,BlockStatement: equivalent in what is seen, no candidate set makes match() fail with session not created, refused either way (Errors: statuses not shown); shares its line with a detected one (→ true, killed by DS-EXT-01)
  if (complete.length === 0) {
    // Stryker disable next-line all: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
    const missing = REQUIRED.filter((name) => merged.every((caps) => caps[name] === undefined));
    // Stryker disable next-line all: not shown: error bodies (Errors: status codes and error bodies not shown; DS-ERR-01 is INFO)
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
