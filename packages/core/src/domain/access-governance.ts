// Access governance (#19): calendar dates of time-bound access and the days left of a grant.
// Dates are ISO calendar days (`YYYY-MM-DD`), compared as whole days; "today" is given by the
// caller (the user's local day, from the Clock port or the page), never read here.

/** A justification or a denial's reason may be this long (characters). */
export const justificationMaxLength = 1000;

/** The longest time-bound access an application may set, in days (the contract's `maxAccessDays` maximum). */
export const maxAccessDaysLimit = 3650;

/** Reminder: a grant ending within this many days shows "expires in N days". */
const expiryReminderDays = 14;

const dayMs = 86_400_000;
const isoDayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number (days since 1970-01-01) of an ISO calendar day, undefined when it is not a real day. */
export function dayNumber(value: string): number | undefined {
  const match = isoDayPattern.exec(value);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return Math.round(ms / dayMs);
}

/** The ISO calendar day of a day number. */
export function isoDayOf(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

/** The ISO calendar day of a year, month (1–12) and day, as a local clock shows them. */
export function isoDay(year: number, month: number, day: number): string {
  return isoDayOf(Math.round(Date.UTC(year, month - 1, day) / dayMs));
}

/** `days` after an ISO calendar day. */
export function addDays(value: string, days: number): string | undefined {
  const day = dayNumber(value);
  return day === undefined ? undefined : isoDayOf(day + days);
}

/** The last day of the month of an ISO calendar day. */
export function endOfMonth(value: string): string | undefined {
  const match = isoDayPattern.exec(value);
  if (match === null || dayNumber(value) === undefined) return undefined;
  return isoDayOf(Math.round(Date.UTC(Number(match[1]), Number(match[2]), 0) / dayMs));
}

/**
 * The latest last day of access a request or a decision may name (none: no limit). The access
 * ends when that day is over (the midnight after it), which must be at most the application's
 * maximum of days from now: so the last day is today plus the maximum, less one.
 */
export function latestEndDate(today: string, maxDays: number | undefined): string | undefined {
  return maxDays === undefined ? undefined : addDays(today, Math.max(0, maxDays - 1));
}

/**
 * Whole days until an access ends, from the instant it ends (ISO date-time) and now: 0 when it
 * ends within a day, negative when it has ended. (Small: the launcher's tiles use it.)
 */
export function daysLeft(endsAt: string, nowMs: number): number | undefined {
  const ms = Date.parse(endsAt);
  return Number.isNaN(ms) ? undefined : Math.floor((ms - nowMs) / dayMs);
}

/** A grant's badge on the launcher: ending soon (within the reminder days), or nothing. */
export function expiryBadge(endsAt: string | undefined, nowMs: number): { readonly days: number } | undefined {
  if (endsAt === undefined) return undefined;
  const days = daysLeft(endsAt, nowMs);
  return days === undefined || days < 0 || days > expiryReminderDays ? undefined : { days };
}
