import { describe, expect, it } from 'vitest';
import { currentNotices, type ApplicationState, type NoticeSource } from './notices.ts';

const notice = (id: string, kind: NoticeSource['kind'], application: string, endsAt?: string): NoticeSource => ({
  id,
  kind,
  application: { id: application },
  ...(endsAt === undefined ? {} : { endsAt }),
});
const granted = (id: string, more: Partial<ApplicationState> = {}): ApplicationState => ({
  id,
  accessStatus: 'granted',
  ...more,
});
const shownIds = (result: ReturnType<typeof currentNotices>) => result.shown.map((s) => s.notice.id);
const staleIds = (result: ReturnType<typeof currentNotices>) => result.stale.map((s) => s.id);

describe('the launcher’s notices (#30.6)', () => {
  it('show the newest per application: no denial beside a later acceptance', () => {
    const result = currentNotices(
      [
        notice('n3', 'REQUEST_ACCEPTED', 'planner'),
        notice('n2', 'REQUEST_DENIED', 'planner'),
        notice('n1', 'REQUEST_DENIED', 'shop'),
      ],
      [granted('planner')],
    );
    expect(shownIds(result)).toEqual(['n3', 'n1']);
    expect(staleIds(result)).toEqual(['n2']);
    expect(result.shown[0]?.action).toBeUndefined();
    expect(result.shown[1]?.action).toBe('requestAgain');
  });

  it('leave out what the state now contradicts', () => {
    const ends = '2026-12-10T23:00:00.000Z';
    const result = currentNotices(
      [
        // Access granted since: the denial and the end are old news.
        notice('d', 'REQUEST_DENIED', 'granted-since'),
        notice('e', 'ACCESS_EXPIRED', 'granted-again', ends),
        // A new request is open: the denial was answered by the user.
        notice('r', 'REQUEST_DENIED', 'asked-again'),
        // The end moved (extended): the reminder of the old end is wrong.
        notice('x', 'ACCESS_EXPIRING', 'extended', ends),
        // Access taken away since: "accepted" no longer holds.
        notice('a', 'REQUEST_ACCEPTED', 'removed'),
        // Still true.
        notice('k', 'ACCESS_EXPIRING', 'ending', ends),
        notice('z', 'ACCESS_EXPIRED', 'gone', ends),
      ],
      [
        granted('granted-since'),
        granted('granted-again'),
        { id: 'asked-again', accessStatus: 'requested', pendingRequestId: 'q1' },
        granted('extended', { accessEndsAt: '2027-01-10T23:00:00.000Z' }),
        granted('ending', { accessEndsAt: '2026-12-10T23:00:00Z' }),
      ],
    );
    expect(shownIds(result)).toEqual(['k', 'z']);
    expect(staleIds(result)).toEqual(['d', 'e', 'r', 'x', 'a']);
    expect(result.shown.map((s) => s.action)).toEqual(['extend', 'requestAgain']);
  });

  it('offer no extension while one is asked for', () => {
    const ends = '2026-12-10T23:00:00.000Z';
    const result = currentNotices(
      [notice('k', 'ACCESS_EXPIRING', 'ending', ends)],
      [granted('ending', { accessEndsAt: ends, pendingRequestId: 'q2' })],
    );
    expect(result.shown.map((s) => [s.notice.id, s.action])).toEqual([['k', undefined]]);
  });
});
