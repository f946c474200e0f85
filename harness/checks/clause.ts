// A rule of a system's spec, one entry per rule, so a report can show which rules
// have checks and which have none (an auditor sees the gaps, not just passes).

export interface Clause {
  /** "Section rule", cited by checks, e.g. "Processing order 1". */
  readonly clause: string;
  /** The rule, shortened from the spec. */
  readonly text: string;
  /** Why no black-box check can cover it, when none does. */
  readonly uncheckable?: string;
}
