// The user's own sessions (issue #20.5): every browser signed in as this user, with its device
// and last use; one of them, or all the others, can be signed out from settings. The list
// names sessions by a public handle (a hash of the stored hash): nothing in it opens one.
import Bowser from 'bowser';
import type { MySession } from '@portal/core';
import type { SessionRecord, Sessions, SessionSummary } from './sessions.ts';

export const mySessionsPath = '/auth/sessions';

/** Browser, operating system and kind of device from a User-Agent header (product names, not prose). */
function deviceOf(userAgent: string): MySession['device'] {
  if (userAgent.trim() === '') return { browser: '', os: '', type: 'unknown' };
  const parsed = Bowser.parse(userAgent);
  const version = parsed.browser.version?.split('.')[0];
  const browser = [parsed.browser.name, version].filter((part) => part !== undefined && part !== '').join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version]
    .filter((part) => part !== undefined && part !== '')
    .join(' ');
  const type = parsed.platform.type;
  return { browser, os, type: type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'unknown' };
}

const toMySession = (summary: SessionSummary): MySession => ({
  id: summary.id,
  device: deviceOf(summary.userAgent),
  createdAt: new Date(summary.createdAt).toISOString(),
  lastSeenAt: new Date(summary.lastSeenAt).toISOString(),
  current: summary.current,
});

export function createMySessions(sessions: Sessions) {
  return {
    list: async (record: SessionRecord): Promise<readonly MySession[]> =>
      (await sessions.listOfUser(record)).map(toMySession),
    /** Ends one of the user's sessions (this one too, which is a sign-out); false when there is none with this id. */
    end: (record: SessionRecord, id: string): Promise<boolean> => sessions.removeOfUser(record, id),
    endOthers: (record: SessionRecord): Promise<number> => sessions.removeOthers(record),
  };
}
