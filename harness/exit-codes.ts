// Exit codes of `wirecheck run` (CONTRACTS.md §1). When several apply: 2, then 1, then 4, then 3.
export const EXIT = {
  passed: 0, //       every gating check that ran passed
  failed: 1, //       at least one check failed that gates the run
  usage: 2, //        usage or configuration error, or the target could not be reached or started
  vacuous: 3, //      no check was executed
  inconclusive: 4, // no gating check failed, but a gating check ended in `error`: the harness could not judge it
} as const;
