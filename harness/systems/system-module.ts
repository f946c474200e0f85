// What a system is to wirecheck: everything the generic core needs to list, configure,
// start, preflight, redact and fingerprint it, in one object. The core (harness/run,
// harness/cli, the reports) loops over the registered modules (registry.ts) and knows
// none of them by name; adding a system is one folder here plus one registration line.
import type { CheckDefinition } from '../checks/check-definition.ts';
import type { Clause } from '../checks/clause.ts';
import type { Transcript } from '../http/index.ts';
import type { ContainerSpec } from '../target/docker/stack-spec.ts';
import type { StartedTarget } from '../target/started-target.ts';
import type { CheckNeed, SystemFindings, SystemTarget } from '../target/target-info.ts';
import type { OptionRow, OptionValues } from './option-table.ts';

/** The run-wide settings a system's own parts read (the rest of RunConfig is the core's). */
export interface RunSettings {
  readonly runId: string;
  readonly reportDir: string;
  readonly probe: boolean;
  readonly workTimeoutMs: number;
  /** Every --base-url (external targets); the first is the target's. */
  readonly baseUrls: readonly string[];
  /** PostgreSQL for the reference's store, when configured. */
  readonly databaseUrl?: string;
  /** The environment every reference process gets (the probe on, the self-test's faults). */
  readonly referenceEnv: Readonly<Record<string, string>>;
}

/** What the selected checks need of the targets: a reference starts no more than that. */
export interface TargetDemand {
  readonly needs: ReadonlySet<CheckNeed>;
}

export interface StartInputs<Own> {
  readonly run: RunSettings;
  /** The system's own options, as its resolve() returned them. */
  readonly own: Own;
  readonly demand: TargetDemand;
}

export interface ResolveInputs {
  readonly values: OptionValues;
  /** The environment: read here and at the entry points, nowhere else (lint enforces it). */
  readonly env: NodeJS.ProcessEnv;
  /** The run tests a deployment that is already running (--target external). */
  readonly external: boolean;
  /** This system is among those the run certifies. */
  readonly selected: boolean;
  /** The directory wirecheck runs in: relative paths in options are taken from it. */
  readonly cwd: string;
  /** The names given to --reference-fault. */
  readonly faults: readonly string[];
  /** Problems found; every one is reported at once (exit 2). */
  readonly problems: string[];
}

export interface PreflightInputs {
  readonly scratchDir: string;
  readonly workTimeoutMs: number;
  readonly transcript: Transcript;
  /** What the selected checks need of the target: the preflight looks for what only it can find out (the webhook: where a version is read). */
  readonly needs: ReadonlySet<CheckNeed>;
  /** A line for the terminal about what the preflight found; it is in preflight.txt as well. */
  say(line: string): void;
}

/** The same harmless request the preflight sends, for the bundle's fingerprint of the target. */
export interface FingerprintRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** What a serve option's step gets: the user's environment, and where to say what it did. */
export interface ServeStepInputs {
  readonly env: NodeJS.ProcessEnv;
  out(text: string): void;
}

/**
 * An option of `wirecheck serve <system>` beyond --port: a flag of the reference's own,
 * handed to it as `--flag=value` (each value, when repeatable) or `--flag`; or, with
 * `before`, a step run before the reference starts, handed nothing.
 */
export interface ServeOption {
  /** Without the dashes: `allow-insecure`. */
  readonly flag: string;
  readonly type: 'string' | 'boolean';
  /** May be given several times; each is handed on. */
  readonly multiple?: boolean;
  /** How --help shows it: `--allow-insecure S:F[,S:F]`. */
  readonly usage: string;
  readonly help: readonly string[];
  /** A step run before the reference starts (boolean flags); it throws a WirecheckError on failure (exit 2). */
  before?(inputs: ServeStepInputs): Promise<void>;
}

/** The bundled reference's program, for `wirecheck serve`. */
export interface ReferenceProgram {
  readonly entry: string;
  /** The port goes in this environment variable... */
  readonly portEnv?: string;
  /** ...or after this option. */
  readonly portOption?: string;
  readonly defaultPort: number;
  /** What `wirecheck serve --help` says of it: what it needs, its port. */
  readonly about?: string;
  /** Its options of `wirecheck serve <system>` besides --port, in --help order. */
  readonly serveOptions?: readonly ServeOption[];
}

/**
 * A deliberate bug the self-test switches on with `--reference-fault NAME`: its name, what
 * it breaks (one line), and the program that has it (`reference`, or a part the system
 * keeps, such as the webhook's bundled `sender`).
 */
export interface ReferenceFault {
  readonly name: string;
  readonly of: string;
  readonly description: string;
}

/** What the stack of `--target docker` offers every system. */
export interface StackInputs {
  /** PostgreSQL as the containers reach it, on the stack's network. */
  readonly databaseUrl: string;
}

export interface ContainerPlan {
  /** The services of docker/compose.yaml (with the conformance override) it runs as. */
  readonly specs: readonly ContainerSpec[];
  /** The target the suites get from the URLs of the specs that serve, in order. */
  target(urls: readonly string[]): SystemTarget;
}

export interface SystemContainers<Own> {
  plan(own: Own, stack: StackInputs): ContainerPlan;
  /** It keeps its state in the stack's PostgreSQL. */
  readonly usesPostgres: boolean;
}

export interface SystemModule<Own = unknown> {
  /** The name on the command line and in every report: `webhook`. */
  readonly name: string;
  /** The first part of its check ids: `WH`. */
  readonly prefix: string;
  /** One line for `wirecheck --help`. */
  readonly description: string;
  /** Its spec, a file of ../shared/specs/, where the checks' quotes stand. */
  readonly specFile: string;
  readonly checks: readonly CheckDefinition[];
  readonly clauses: readonly Clause[];
  /** Its suite files (root-relative) and the checks each implements: a run forks only those it needs. */
  readonly suites: Readonly<Record<string, readonly string[]>>;
  /**
   * Suite files that may run at the same time against one external target (--workers): each
   * works only on state of its own (its own event ids, say), arms no switch of the target
   * and counts nothing the others change. Every other file runs alone. Absent: all alone.
   */
  readonly concurrentSuites?: readonly string[];
  /** Its options of `wirecheck run`, in --help order. */
  readonly options: readonly OptionRow[];
  /** A base URL whose path already names the system's own route: the path, what it is, what wirecheck adds. */
  readonly ownPath?: { readonly pattern: RegExp; readonly what: string; readonly added: string };
  /** Several --base-url name instances of one deployment (only then may it be given more than once). */
  readonly instances?: boolean;
  /**
   * false: its target is not reached at a URL (the webhook sender is a program wirecheck
   * runs or listens to), so --target external does not need --base-url for it.
   */
  readonly reachedByUrl?: false;
  /**
   * True when its own options name the vendor's target whatever --target says (the webhook
   * sender's --sender-cmd or --listen): the run records that target as external everywhere.
   */
  namesExternalTarget?(own: Own): boolean;
  /** Reads and validates its options (and their environment fallbacks); problems go to inputs.problems. */
  resolve(inputs: ResolveInputs): Own;
  /**
   * Every --reference-fault name it knows, described (`wirecheck list --faults`): a run
   * refuses any other before it starts anything. Without it, the reference has the last word.
   */
  readonly faults?: readonly ReferenceFault[];
  /** The bundled reference's server, for `wirecheck serve`; absent: it has none (the webhook sender is a CLI). */
  readonly reference?: ReferenceProgram;
  startReference(inputs: StartInputs<Own>): Promise<StartedTarget>;
  /**
   * An external deployment, once it answers at all (the preflight proves the rest). It
   * throws WIRECHECK_ERR_TARGET_UNREACHABLE when nothing answers, and is then tried again
   * while --wait-for lasts: it must leave nothing behind when it throws.
   */
  startExternal(inputs: StartInputs<Own>): Promise<StartedTarget>;
  readonly containers?: SystemContainers<Own>;
  /** Proves what the run relies on; a set-up mistake throws (exit 2), a target fault comes back as a finding. */
  preflight?(target: SystemTarget, inputs: PreflightInputs): Promise<SystemFindings>;
  /** Every secret of its options and of its started target, for redaction. */
  secrets(own: Own, target?: SystemTarget): readonly string[];
  /** The request of the bundle's fingerprint; undefined: the target has no URL to ask. */
  fingerprint(target: SystemTarget): FingerprintRequest | undefined;
}

/** A module as the registry holds it: its own options' type erased (the core only passes them back). */
export type AnySystemModule = SystemModule<unknown>;

/** Declares a module, keeping its own types inside it. */
export function defineSystem<Own>(module: SystemModule<Own>): AnySystemModule {
  return module as unknown as AnySystemModule;
}
