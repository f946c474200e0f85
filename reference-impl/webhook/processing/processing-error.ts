// Why a job did not complete: the business action could not run (retried, then
// failed), or another worker owns the job now (nothing to do).

export class BusinessActionError extends Error {
  // Stryker disable next-line StringLiteral: operational record: the spec lists what the receiver keeps, not its names or form (WH-OPS-01 is INFO)
  override readonly name = 'BusinessActionError';
}

export class LostClaimError extends Error {
  // Stryker disable next-line StringLiteral: operational record: the spec lists what the receiver keeps, not its names or form (WH-OPS-01 is INFO)
  override readonly name = 'LostClaimError';
}
