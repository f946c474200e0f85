// What a check is (CONTRACTS.md §2): a stable id, a level, a one-line title and the
// clause of the spec it derives from. Declared in harness/systems/<system>/checks.ts, implemented
// once in suites/, listed by `wirecheck list` without a target.
import type { CheckNeed } from '../target/target-info.ts';

export type { CheckNeed };

/** A registered system's name (harness/systems/registry.ts): webhook, resource-api, device-server. */
export type SystemName = string;

export const LEVELS = ['MUST', 'SHOULD', 'INFO'] as const;
export type Level = (typeof LEVELS)[number];


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
  /**
   * Further rules of the spec this check tests, where the spec states one rule in more than
   * one place (the processing order and the states table): the clause-coverage table counts
   * them covered by it too. `clause` stays the one the check cites.
   */
  readonly alsoCovers?: readonly string[];
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


/** PREFIX-AREA-NN; the prefix is its system's (SystemModule.prefix). */
export const CHECK_ID = /^([A-Z]+)-([A-Z]+)-(\d{2})$/;
