// Access governance (#19): calendar dates of time-bound access and the days left of a grant.
// Dates are ISO calendar days (`YYYY-MM-DD`), compared as whole days; "today" is given by the
// caller (the user's local day, from the Clock port or the page), never read here.

/**
 * Reminder: a grant ending within this many days shows "expires in N days" on the launcher, and the
 * API reminds its user (a notification and the mail of #29) once that many days before the end.
 */
export const expiryReminderDays = 7;

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

/** The latest end of an access set at `now` (ms): the application's maximum of days later; none: no maximum. */
export function latestAccessEnd(now: number, maxDays: number | undefined): number | undefined {
  return maxDays === undefined ? undefined : now + maxDays * dayMs;
}

/** Why an access may not end when asked: not after now, or after the latest end. */
export type AccessEndProblem = 'notFuture' | 'tooLate';

/**
 * The limits of the end of a time-bound access (spec §5, #19), one rule for the API and the portal
 * (#31.2): an access ends after now (`notFuture`) and at most the application's maximum of days
 * from now (`tooLate`, after `latestAccessEnd`). `end` and `now` are instants (ms); `now` may be a
 * span (`from`–`to`) when the end must be valid at each of its instants: the portal decides for the
 * user's whole today, the API at its clock's instant.
 */
export function accessEndProblem(
  end: number,
  now: number | { readonly from: number; readonly to: number },
  maxDays: number | undefined,
): AccessEndProblem | undefined {
  const { from, to } = typeof now === 'number' ? { from: now, to: now } : now;
  if (!(end > to)) return 'notFuture';
  const latest = latestAccessEnd(from, maxDays);
  return latest !== undefined && end > latest ? 'tooLate' : undefined;
}

/**
 * The end of an access whose last day is `day` (a day number): the midnight after it. Days are
 * counted as core counts them (UTC calendar days); the adapters send the user's local midnight.
 */
export const endOfLastDay = (day: number): number => (day + 1) * dayMs;

/** The instants of a day (a day number), from its first midnight to the next: what "today" spans. */
export const daySpan = (day: number): { readonly from: number; readonly to: number } => ({
  from: day * dayMs,
  to: endOfLastDay(day),
});

/**
 * The latest last day of access a request or a decision may name (none: no limit): the last day
 * whose end (the midnight after it) is within `latestAccessEnd` from the start of today, so
 * today plus the maximum, less one (today at least).
 */
export function latestEndDate(today: string, maxDays: number | undefined): string | undefined {
  const day = dayNumber(today);
  const latest = day === undefined ? undefined : latestAccessEnd(daySpan(day).from, maxDays);
  return day === undefined || latest === undefined
    ? undefined
    : isoDayOf(Math.max(day, Math.floor(latest / dayMs) - 1));
}

/**
 * A grant's badge on the launcher: ending soon — after now and within the reminder days, the window in
 * which the API reminds the user — with its whole days left, or nothing.
 */
export function expiryBadge(endsAt: string | undefined, nowMs: number): { readonly days: number } | undefined {
  const left = endsAt === undefined ? Number.NaN : Date.parse(endsAt) - nowMs;
  return left > 0 && left <= expiryReminderDays * dayMs ? { days: Math.floor(left / dayMs) } : undefined;
}
