// Why a job did not complete: the business action could not run (retried, then
// failed), or another worker owns the job now (nothing to do).

export class BusinessActionError extends Error {
  override readonly name = 'BusinessActionError';
}

export class LostClaimError extends Error {
  override readonly name = 'LostClaimError';
}
