// The cookie jar of one HTTP request on the portal server: reads the request's `Cookie`
// header, and every write both updates what later reads see and becomes a `Set-Cookie`
// line of the answer, HttpOnly (no page script reads what the server keeps, issue #15).
// Core's stores (the auth state records) run on it unchanged. Parsing is the `cookie`
// package's (issue #18: a well-kept library for what the server trusts); values stay as sent
// (the stores encode and decode their own).
import { parseCookie, parseSetCookie } from 'cookie';
import type { CookieJar } from './jar.ts';

const asSent = { decode: (value: string) => value };

/** The cookies of a request's `Cookie` header, name → value as sent (the first of a name wins). */
export function parseRequestCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const [name, value] of Object.entries(parseCookie(header ?? '', asSent)))
    if (value !== undefined) cookies.set(name, value);
  return cookies;
}

export interface RequestCookieJar extends CookieJar {
  /** The `Set-Cookie` lines written so far, in order (one per cookie name and path). */
  setCookies(): readonly string[];
}

export function createRequestCookieJar(cookieHeader: string | undefined): RequestCookieJar {
  const visible = parseRequestCookies(cookieHeader);
  const written = new Map<string, string>();
  return {
    read: () => [...visible].map(([name, value]) => `${name}=${value}`).join('; '),
    write(line) {
      const cookie = parseSetCookie(line, asSent);
      if (cookie.name === '') return;
      if (cookie.maxAge !== undefined && cookie.maxAge <= 0) visible.delete(cookie.name);
      else visible.set(cookie.name, cookie.value ?? '');
      written.set(`${cookie.name};${cookie.path ?? '/'}`, cookie.httpOnly === true ? line : `${line}; HttpOnly`);
    },
    setCookies: () => [...written.values()],
  };
}
