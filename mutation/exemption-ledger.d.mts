// Types of exemption-ledger.mjs, for the TypeScript that reads the ledger.
export interface Anchor {
  /** The exact text of the line, trimmed. */
  readonly line: string;
  /** Which line of that text (1-based), where it repeats in the file. */
  readonly occurrence?: number;
}
export interface Exemption extends Anchor {
  readonly file: string;
  /** The function the line is in, for the reader. */
  readonly function?: string;
  /** A block: the first line it no longer covers, or null: to the end of the file. Absent: the line only. */
  readonly until?: Anchor | null;
  /** Stryker mutator names, or `all`. */
  readonly mutators: readonly string[];
  readonly reason: string;
}
export declare const LEDGER_DIR: string;
export declare function readExemptions(dir?: string): Array<Exemption & { readonly system: string }>;
export declare function findAnchor(lines: readonly string[], anchor: Anchor): { index: number; problem?: undefined } | { index?: undefined; problem: string };
