// The tokens of the signed-in user in cookies (never local storage). A session is JSON,
// URI-encoded, cut into chunks that each stay under the browser's 4,096-byte limit:
// `hk-id.session.0`, `hk-id.session.1`, … and `hk-id.session.n` (the number of chunks).
// After writing, the session is read back: a write that did not stick throws (never a
// silent sign-in loop).

import type { SessionStore, StoredSession } from '@portal/core';
import { decodeStoredSession } from '@portal/core';
import type { CookieAttributes, CookieJar } from './jar.ts';
import { deleteCookie, parseCookies, serializeCookie } from './jar.ts';
import { CookieWriteError } from './errors.ts';

export const sessionCookiePrefix = 'hk-id.session.';
/** Characters of value per chunk: name + value + attributes stay well under 4,096 bytes. */
export const sessionChunkSize = 3800;
/** More chunks than this is not a session (about 57 KB). */
const maxChunks = 15;

export interface SessionStoreOptions {
  /** Cookie lifetime; undefined gives browser-session cookies (default). */
  readonly maxAgeSeconds?: number;
}

export function createCookieSessionStore(jar: CookieJar, options: SessionStoreOptions = {}): SessionStore {
  const attributes: CookieAttributes = {
    path: '/',
    secure: true,
    sameSite: 'lax',
    ...(options.maxAgeSeconds === undefined ? {} : { maxAgeSeconds: options.maxAgeSeconds }),
  };
  const countName = `${sessionCookiePrefix}n`;
  const chunkName = (i: number) => `${sessionCookiePrefix}${i}`;

  /** The raw (encoded) value, or undefined when absent or incomplete. */
  const readRaw = (): string | undefined => {
    const cookies = parseCookies(jar.read());
    const count = Number(cookies.get(countName));
    if (!Number.isInteger(count) || count < 1 || count > maxChunks) return undefined;
    let raw = '';
    for (let i = 0; i < count; i += 1) {
      const chunk = cookies.get(chunkName(i));
      if (chunk === undefined) return undefined;
      raw += chunk;
    }
    return raw;
  };

  const clearAll = () => {
    const cookies = parseCookies(jar.read());
    for (const name of cookies.keys()) if (name.startsWith(sessionCookiePrefix)) deleteCookie(jar, name, attributes);
  };

  return {
    async read() {
      const raw = readRaw();
      if (raw === undefined) return undefined;
      try {
        return decodeStoredSession(JSON.parse(decodeURIComponent(raw)));
      } catch {
        return undefined;
      }
    },

    async write(session: StoredSession) {
      const value = encodeURIComponent(JSON.stringify(session));
      const chunks: string[] = [];
      let at = 0;
      while (at < value.length) {
        // Never cut a %XX escape in two: move the cut before a '%' that would be split.
        let end = Math.min(at + sessionChunkSize, value.length);
        const percent = value.lastIndexOf('%', end - 1);
        if (end < value.length && percent > end - 3) end = percent;
        chunks.push(value.slice(at, end));
        at = end;
      }
      if (chunks.length > maxChunks) throw new CookieWriteError(`${sessionCookiePrefix}*`);
      clearAll();
      chunks.forEach((chunk, i) => jar.write(serializeCookie(chunkName(i), chunk, attributes)));
      jar.write(serializeCookie(countName, String(chunks.length), attributes));
      if (readRaw() !== value) {
        clearAll();
        throw new CookieWriteError(sessionCookiePrefix);
      }
    },

    async clear() {
      clearAll();
    },
  };
}
