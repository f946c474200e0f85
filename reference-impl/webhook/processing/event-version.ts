// The per-payment version of an event (CONTRACTS.md §5): data.version, a
// non-negative integer; an event without it uses the epoch milliseconds of createdAt.

export function eventVersion(event: { createdAt?: unknown; data?: unknown }): number | undefined {
  const data = event.data;
  const version = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['version'] : undefined;
  if (typeof version === 'number' && Number.isSafeInteger(version) && version >= 0) return version;
  if (version !== undefined) return undefined;
  const millis = typeof event.createdAt === 'string' ? Date.parse(event.createdAt) : Number.NaN;
  return Number.isFinite(millis) && millis >= 0 ? millis : undefined;
}
