import { describe, expect, it } from 'vitest';
import {
  accessEndProblem,
  addDays,
  dayNumber,
  endOfMonth,
  expiryBadge,
  expiryReminderDays,
  isoDay,
  isoDayOf,
  latestAccessEnd,
  latestEndDate,
} from './access-governance.ts';

const at = (iso: string) => Date.parse(iso);

describe('access governance dates (#19)', () => {
  it('limits the end of an access: after now, at most the maximum of days from now (the API and the portal)', () => {
    const now = at('2026-11-26T10:00:00Z');
    expect(latestAccessEnd(now, 30)).toBe(at('2026-12-26T10:00:00Z'));
    expect(latestAccessEnd(now, undefined)).toBeUndefined();
    expect(accessEndProblem(now, now, 30)).toBe('notFuture');
    expect(accessEndProblem(now + 1, now, 30)).toBeUndefined();
    expect(accessEndProblem(at('2026-12-26T10:00:00Z'), now, 30)).toBeUndefined();
    expect(accessEndProblem(at('2026-12-26T10:00:01Z'), now, 30)).toBe('tooLate');
    expect(accessEndProblem(at('2030-01-01T00:00:00Z'), now, undefined)).toBeUndefined();
    expect(accessEndProblem(Number.NaN, now, undefined)).toBe('notFuture');
    // A span: valid at each of its instants (after its end, within the maximum from its start).
    const today = { from: at('2026-11-26T00:00:00Z'), to: at('2026-11-27T00:00:00Z') };
    expect(accessEndProblem(at('2026-11-27T00:00:00Z'), today, 30)).toBe('notFuture');
    expect(accessEndProblem(at('2026-11-28T00:00:00Z'), today, 30)).toBeUndefined();
    expect(accessEndProblem(at('2026-12-26T00:00:00Z'), today, 30)).toBeUndefined();
    expect(accessEndProblem(at('2026-12-27T00:00:00Z'), today, 30)).toBe('tooLate');
  });

  it('reads real ISO days only', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2026-02-29')).toBeUndefined();
    expect(dayNumber('2028-02-29')).toBeDefined();
    expect(dayNumber('2026-13-01')).toBeUndefined();
    expect(dayNumber('26-11-2026')).toBeUndefined();
    expect(dayNumber('')).toBeUndefined();
    expect(isoDayOf(dayNumber('2026-11-26') ?? 0)).toBe('2026-11-26');
  });

  it('adds days across months and years; the end of a month; the latest end date', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('nope', 3)).toBeUndefined();
    expect(endOfMonth('2026-11-26')).toBe('2026-11-30');
    expect(endOfMonth('2028-02-03')).toBe('2028-02-29');
    expect(endOfMonth('2026-02-30')).toBeUndefined();
    expect(latestEndDate('2026-11-26', 30)).toBe('2026-12-25');
    expect(latestEndDate('2026-11-26', 1)).toBe('2026-11-26');
    expect(latestEndDate('2026-11-26', undefined)).toBeUndefined();
    expect(isoDay(2026, 12, 1)).toBe('2026-12-01');
  });

  it('shows "expires in N days" (whole days left) only within the reminder days, the API\'s reminder window', () => {
    const now = at('2026-11-26T10:00:00Z');
    expect(expiryReminderDays).toBe(7);
    expect(expiryBadge('2026-12-01T00:00:00Z', now)).toEqual({ days: 4 });
    expect(expiryBadge('2026-11-26T12:00:00Z', now)).toEqual({ days: 0 });
    expect(expiryBadge('2026-12-03T10:00:00Z', now)).toEqual({ days: 7 });
    expect(expiryBadge('2026-12-03T10:00:01Z', now)).toBeUndefined();
    expect(expiryBadge('2026-11-26T10:00:00Z', now)).toBeUndefined();
    expect(expiryBadge('2027-01-01T00:00:00Z', now)).toBeUndefined();
    expect(expiryBadge('2026-11-20T00:00:00Z', now)).toBeUndefined();
    expect(expiryBadge(undefined, now)).toBeUndefined();
    expect(expiryBadge('garbage', now)).toBeUndefined();
  });
});
