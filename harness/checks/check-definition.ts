// What a check is (CONTRACTS.md §2): a stable id, a level, a one-line title and the
// clause of the spec it derives from. Declared in catalog/<system>.ts, implemented
// once in suites/, listed by `wirecheck list` without a target.

export const SYSTEMS = ['webhook', 'resource-api', 'device-server'] as const;
export type SystemName = (typeof SYSTEMS)[number];

export const LEVELS = ['MUST', 'SHOULD', 'INFO'] as const;
export type Level = (typeof LEVELS)[number];

/** What a check needs of the target beyond plain HTTP; without it the check is skipped. */
export type CheckNeed =
  | 'probe' //          the probe API of CONTRACTS §4 (--probe)
  | 'server-command' // a command that runs the server's CLI (--server-cmd)
  | 'multi-instance' // several instances of the target on one database (reference + PostgreSQL, or several --base-url)
  | 'event-version' //  where the receiver reads an event's version (--version-field; the reference: data.version)
  | 'session-discovery'; // the target was started with *:session_discovery

/**
 * The words that make a check MUST or SHOULD, copied verbatim from where they stand:
 * an auditor reads them beside the verdict, and a test proves each occurs in its source.
 */
export interface CheckBasis {
  /**
   * Verbatim (only runs of whitespace may differ); fragments of one passage, such as
   * the cells of a table row, are joined with " … ".
   */
  readonly quote: string;
  /**
   * Where the words stand: the system's spec (absent), or a document the spec relies on,
   * named as in docs/sources/ (e.g. "RFC 9110 §8.3.1", "CONTRACTS §4").
   */
  readonly source?: string;
}

export interface CheckDefinition {
  readonly id: string;
  readonly level: Level;
  readonly title: string;
  /** Section and rule of the system's spec, e.g. "Processing order 1". */
  readonly clause: string;
  /** Required of MUST and SHOULD checks: the spec's (or a cited RFC's) own words. */
  readonly basis?: CheckBasis;
  /** Where the spec allows several behaviours: which ones pass, stated for the reader. */
  readonly allows?: string;
  readonly needs?: readonly CheckNeed[];
}

export interface SystemCheck extends CheckDefinition {
  readonly system: SystemName;
  /** The part of the id between system prefix and number: "SIG" in WH-SIG-03. */
  readonly area: string;
}

export const SYSTEM_PREFIX: Readonly<Record<SystemName, string>> = {
  webhook: 'WH',
  'resource-api': 'RA',
  'device-server': 'DS',
};

export const CHECK_ID = /^(WH|RA|DS)-([A-Z]+)-(\d{2})$/;
