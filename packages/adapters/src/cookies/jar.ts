// The cookie jar: `document.cookie` behind a two-method interface, so the stores run in
// Node tests against an in-memory jar that behaves like a browser's (attributes, expiry,
// the 4,096-byte limit that browsers enforce by silently dropping the cookie).

/** What the stores need from `document.cookie`. */
export interface CookieJar {
  /** All visible cookies as `name=value; name2=value2` (the getter of `document.cookie`). */
  read(): string;
  /** Set one cookie from a `Set-Cookie`-style string (the setter of `document.cookie`). */
  write(cookie: string): void;
}

/** Attributes the stores write. */
export interface CookieAttributes {
  readonly path?: string;
  readonly maxAgeSeconds?: number;
  readonly secure?: boolean;
  readonly sameSite?: 'lax' | 'strict' | 'none';
}

/** Browsers drop a cookie whose name plus value exceed this many bytes. */
export const cookieByteLimit = 4096;

/** The jar of the page (`document.cookie`). */
export function createDocumentCookieJar(doc: { cookie: string } = document): CookieJar {
  return {
    read: () => doc.cookie,
    write: (cookie) => {
      doc.cookie = cookie;
    },
  };
}

/** `name=value; Path=/; Max-Age=…; Secure; SameSite=…` */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${value}`, `Path=${attributes.path ?? '/'}`];
  if (attributes.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.floor(attributes.maxAgeSeconds)}`);
  if (attributes.secure ?? true) parts.push('Secure');
  if (attributes.sameSite !== undefined)
    parts.push(
      `SameSite=${attributes.sameSite === 'none' ? 'None' : attributes.sameSite === 'lax' ? 'Lax' : 'Strict'}`,
    );
  return parts.join('; ');
}

/** Parse the getter's string into name → value (the first of duplicate names wins, as browsers order more specific paths first). */
export function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const eq = trimmed.indexOf('=');
    const name = eq < 0 ? '' : trimmed.slice(0, eq).trim();
    const value = eq < 0 ? trimmed : trimmed.slice(eq + 1).trim();
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/** Delete a cookie (same name and path, max-age 0). */
export function deleteCookie(jar: CookieJar, name: string, attributes: CookieAttributes = {}): void {
  jar.write(serializeCookie(name, '', { ...attributes, maxAgeSeconds: 0 }));
}

/** A stored cookie of the in-memory jar, with every attribute it was written with. */
export interface StoredCookie {
  readonly name: string;
  readonly value: string;
  readonly path: string;
  readonly secure: boolean;
  readonly sameSite?: string;
  /** Epoch ms; undefined for a session cookie. */
  readonly expiresAt?: number;
}

export interface MemoryCookieJar extends CookieJar {
  /** Every live cookie with its attributes, in the order written. */
  cookies(): readonly StoredCookie[];
  /** Writes that the jar refused (over the byte limit), by name. */
  readonly dropped: readonly string[];
}

/**
 * A browser-like jar for tests (Node): honours Max-Age (with the given clock), replaces by
 * name and path, and drops a cookie over 4,096 bytes silently, as browsers do.
 */
export function createMemoryCookieJar(
  options: { readonly now?: () => number; readonly refuseWrites?: boolean } = {},
): MemoryCookieJar {
  const now = options.now ?? (() => Date.now());
  const store: StoredCookie[] = [];
  const dropped: string[] = [];
  const live = () => {
    const at = now();
    for (let i = store.length - 1; i >= 0; i -= 1) {
      const cookie = store[i];
      if (cookie?.expiresAt !== undefined && cookie.expiresAt <= at) store.splice(i, 1);
    }
    return store;
  };
  return {
    read: () =>
      live()
        .map((c) => `${c.name}=${c.value}`)
        .join('; '),
    write(line) {
      if (options.refuseWrites === true) return;
      const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) return;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let secure = false;
      let sameSite: string | undefined;
      let expiresAt: number | undefined;
      for (const attribute of attributes) {
        const [key = '', raw = ''] = attribute.split('=');
        const lower = key.trim().toLowerCase();
        if (lower === 'path') path = raw;
        else if (lower === 'secure') secure = true;
        else if (lower === 'samesite') sameSite = raw.toLowerCase();
        else if (lower === 'max-age') expiresAt = now() + Number(raw) * 1000;
      }
      const index = store.findIndex((c) => c.name === name && c.path === path);
      if (new TextEncoder().encode(name + value).length > cookieByteLimit) {
        dropped.push(name);
        return;
      }
      if (index >= 0) store.splice(index, 1);
      if (expiresAt !== undefined && expiresAt <= now()) return;
      store.push({
        name,
        value,
        path,
        secure,
        ...(sameSite === undefined ? {} : { sameSite }),
        ...(expiresAt === undefined ? {} : { expiresAt }),
      });
    },
    cookies: () => [...live()],
    dropped,
  };
}
