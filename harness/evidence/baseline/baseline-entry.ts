// A baseline: failures a team has accepted for a while. Each entry names a check, why
// it is accepted and until when; an entry is honoured through its expiry day (UTC).

export const BASELINE_SCHEMA = 'wirecheck.baseline/v1';

export interface BaselineEntry {
  readonly id: string;
  readonly reason: string;
  /** YYYY-MM-DD */
  readonly expires: string;
}

export interface Baseline {
  /** The file it was read from (absolute), as reports name it. */
  readonly file: string;
  readonly entries: readonly BaselineEntry[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2027-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today as YYYY-MM-DD in UTC: the day expiry is judged against. */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** An entry expiring on `expires` still holds on that day and lapses the day after. */
export function isExpired(entry: BaselineEntry, today: string): boolean {
  return entry.expires < today;
}
