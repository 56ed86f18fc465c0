import { describe, expect, it } from 'vitest';
import { decodeEndedCount, decodeMySessions } from './my-sessions.ts';

const session = {
  id: 'abc',
  device: { browser: 'Chrome 156', os: 'Linux', type: 'desktop' },
  createdAt: '2026-11-25T08:00:00.000Z',
  lastSeenAt: '2026-11-25T09:00:00.000Z',
  current: true,
};

describe("the user's sessions, decoded fail-closed", () => {
  it('reads the list', () => {
    expect(
      decodeMySessions({
        sessions: [
          session,
          { ...session, id: 'def', current: false, device: { browser: '', os: '', type: 'unknown' } },
        ],
      }),
    ).toHaveLength(2);
    expect(decodeMySessions({ sessions: [] })).toEqual([]);
  });

  it.each([
    ['no list', {}],
    ['not an object', 'x'],
    ['an entry without id', { sessions: [{ ...session, id: '' }] }],
    ['an unknown device type', { sessions: [{ ...session, device: { ...session.device, type: 'fridge' } }] }],
    ['a date that is not one', { sessions: [{ ...session, lastSeenAt: 'yesterday' }] }],
    ['current not a boolean', { sessions: [{ ...session, current: 'yes' }] }],
  ])('refuses %s', (_label, value) => {
    expect(decodeMySessions(value)).toBeUndefined();
  });

  it('reads the count of ended sessions', () => {
    expect(decodeEndedCount({ ended: 2 })).toBe(2);
    for (const bad of [null, {}, { ended: -1 }, { ended: 1.5 }, { ended: '2' }])
      expect(decodeEndedCount(bad)).toBeUndefined();
  });
});
