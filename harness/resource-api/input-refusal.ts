// A refusal of the request itself: a 4xx other than 401 and 403, which would speak
// about its credentials instead. Checks that allow "any 4xx" for malformed input (a
// body over a size limit, a path that is no valid id) judge answers with it.
export function refusesInput(statusCode: number): boolean {
  return statusCode >= 400 && statusCode < 500 && statusCode !== 401 && statusCode !== 403;
}
