// The tokens of the signed-in user in cookies (never local storage). A session is JSON,
// URI-encoded, cut into chunks that each stay under the browser's 4,096-byte limit.
// Chunks carry a generation: `hk-id.session.<gen>.<i>`; the pointer `hk-id.session.n`
// (`<gen>.<count>`) is written last and switches to the new generation at once, so another
// tab reading `document.cookie` (one snapshot) never sees half of an old and half of a new
// session. After writing, the session is read back: a write that did not stick throws
// (never a silent sign-in loop).

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
const generations = 1000;

export interface SessionStoreOptions {
  /** Cookie lifetime; undefined gives browser-session cookies (default). */
  readonly maxAgeSeconds?: number;
}

interface Pointer {
  readonly generation: number;
  readonly count: number;
}

/** Cut an encoded value into chunks, never inside a %XX escape. */
export function chunkValue(value: string, size: number = sessionChunkSize): string[] {
  const chunks: string[] = [];
  let at = 0;
  while (at < value.length) {
    let end = Math.min(at + size, value.length);
    const percent = value.lastIndexOf('%', end - 1);
    if (end < value.length && percent > end - 3 && percent > at) end = percent;
    chunks.push(value.slice(at, end));
    at = end;
  }
  return chunks;
}

export function createCookieSessionStore(jar: CookieJar, options: SessionStoreOptions = {}): SessionStore {
  const attributes: CookieAttributes = {
    path: '/',
    secure: true,
    sameSite: 'lax',
    ...(options.maxAgeSeconds === undefined ? {} : { maxAgeSeconds: options.maxAgeSeconds }),
  };
  const pointerName = `${sessionCookiePrefix}n`;
  const chunkName = (generation: number, i: number) => `${sessionCookiePrefix}${generation}.${i}`;

  const readPointer = (cookies: Map<string, string>): Pointer | undefined => {
    const match = /^(\d{1,4})\.(\d{1,2})$/.exec(cookies.get(pointerName) ?? '');
    if (match === null) return undefined;
    const generation = Number(match[1]);
    const count = Number(match[2]);
    return count >= 1 && count <= maxChunks ? { generation, count } : undefined;
  };

  /** The raw (encoded) value from one snapshot of the cookies, or undefined when absent or incomplete. */
  const readRaw = (): string | undefined => {
    const cookies = parseCookies(jar.read());
    const pointer = readPointer(cookies);
    if (pointer === undefined) return undefined;
    let raw = '';
    for (let i = 0; i < pointer.count; i += 1) {
      const chunk = cookies.get(chunkName(pointer.generation, i));
      if (chunk === undefined) return undefined;
      raw += chunk;
    }
    return raw;
  };

  /** Delete every session cookie except the chunks of `keep`. */
  const clearExcept = (keep?: Pointer) => {
    const kept = new Set<string>();
    if (keep !== undefined) {
      kept.add(pointerName);
      for (let i = 0; i < keep.count; i += 1) kept.add(chunkName(keep.generation, i));
    }
    for (const name of parseCookies(jar.read()).keys()) {
      if (name.startsWith(sessionCookiePrefix) && !kept.has(name)) deleteCookie(jar, name, attributes);
    }
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
      const chunks = chunkValue(value);
      if (chunks.length > maxChunks) throw new CookieWriteError(`${sessionCookiePrefix}*`);
      const previous = readPointer(parseCookies(jar.read()));
      const pointer: Pointer = { generation: ((previous?.generation ?? 0) + 1) % generations, count: chunks.length };
      chunks.forEach((chunk, i) => jar.write(serializeCookie(chunkName(pointer.generation, i), chunk, attributes)));
      jar.write(serializeCookie(pointerName, `${pointer.generation}.${pointer.count}`, attributes));
      if (readRaw() !== value) {
        clearExcept(undefined);
        throw new CookieWriteError(sessionCookiePrefix);
      }
      clearExcept(pointer);
    },

    async clear() {
      clearExcept(undefined);
    },
  };
}
