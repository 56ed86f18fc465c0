// The auth state records of the sign-in (spec §4, §9; architecture §5): one cookie per
// state, `hk-id.auth.<state>`, path /, Secure, SameSite Lax, Max-Age 600; at most 4 kept
// (the oldest by count dropped); taking a record deletes it; a record that does not decode
// (bad JSON, wrong lengths, a foreign cookie with the prefix) counts as missing and is deleted.

import type { AuthStateData, AuthStateStore } from '@portal/core';
import {
  authCookiePrefix,
  authStateMaxAgeSeconds,
  decodeAuthStateRecord,
  isWellFormedState,
  maxAuthStateRecords,
} from '@portal/core';
import type { CookieAttributes, CookieJar } from './jar.ts';
import { deleteCookie, parseCookies, serializeCookie } from './jar.ts';
import { CookieWriteError } from './errors.ts';

export const authStateCookieAttributes: CookieAttributes = {
  path: '/',
  secure: true,
  sameSite: 'lax',
  maxAgeSeconds: authStateMaxAgeSeconds,
};

interface KeptRecord {
  readonly state: string;
  readonly count: number;
}

function decodeValue(raw: string): unknown {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export function createCookieAuthStateStore(jar: CookieJar): AuthStateStore {
  const remove = (name: string) => deleteCookie(jar, name, authStateCookieAttributes);

  /** The well-formed records, oldest first; tampered and foreign ones are deleted on the way. */
  const keptRecords = (): KeptRecord[] => {
    const records: KeptRecord[] = [];
    for (const [name, value] of parseCookies(jar.read())) {
      if (!name.startsWith(authCookiePrefix)) continue;
      const state = name.slice(authCookiePrefix.length);
      const record = isWellFormedState(state) ? decodeAuthStateRecord(decodeValue(value)) : undefined;
      if (record === undefined) remove(name);
      else records.push({ state, count: record.count });
    }
    return records.sort((a, b) => a.count - b.count);
  };

  return {
    async save(state, data) {
      if (!isWellFormedState(state)) throw new TypeError('auth state: malformed state');
      const others = keptRecords().filter((r) => r.state !== state);
      const count = others.reduce((max, r) => Math.max(max, r.count), 0) + 1;
      const name = authCookiePrefix + state;
      const value = encodeURIComponent(JSON.stringify({ count, data }));
      jar.write(serializeCookie(name, value, authStateCookieAttributes));
      if (parseCookies(jar.read()).get(name) !== value) throw new CookieWriteError(name);
      const excess = others.length + 1 - maxAuthStateRecords;
      for (const dropped of others.slice(0, Math.max(0, excess))) remove(authCookiePrefix + dropped.state);
    },

    async take(state) {
      if (!isWellFormedState(state)) return undefined;
      const name = authCookiePrefix + state;
      const raw = parseCookies(jar.read()).get(name);
      if (raw === undefined) return undefined;
      remove(name);
      const record = decodeAuthStateRecord(decodeValue(raw));
      return record?.data satisfies AuthStateData | undefined;
    },
  };
}
