// The cookie jar of one HTTP request on the portal server: reads the request's `Cookie`
// header, and every write both updates what later reads see and becomes a `Set-Cookie`
// line of the answer, HttpOnly (no page script reads what the server keeps, issue #15).
// Core's stores (the auth state records) run on it unchanged.
import type { CookieJar } from './jar.ts';
import { parseCookies } from './jar.ts';

export interface RequestCookieJar extends CookieJar {
  /** The `Set-Cookie` lines written so far, in order (one per cookie name and path). */
  setCookies(): readonly string[];
}

export function createRequestCookieJar(cookieHeader: string | undefined): RequestCookieJar {
  const visible = parseCookies(cookieHeader ?? '');
  const written = new Map<string, string>();
  return {
    read: () => [...visible].map(([name, value]) => `${name}=${value}`).join('; '),
    write(line) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) return;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const maxAge = attributes.find((a) => a.toLowerCase().startsWith('max-age='));
      const path = attributes.find((a) => a.toLowerCase().startsWith('path=')) ?? 'Path=/';
      if (maxAge !== undefined && Number(maxAge.slice('max-age='.length)) <= 0) visible.delete(name);
      else visible.set(name, value);
      const httpOnly = attributes.some((a) => a.toLowerCase() === 'httponly');
      written.set(`${name};${path}`, httpOnly ? line : `${line}; HttpOnly`);
    },
    setCookies: () => [...written.values()],
  };
}
