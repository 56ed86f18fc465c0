// The return-path rule: stored referrers and return paths are same-origin paths only.

const maxReturnPath = 2048;

function fullyDecoded(text: string): string | undefined {
  let current = text;
  for (let i = 0; i < 5; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

/**
 * True when `path` is a path on this origin: it starts with exactly one '/', and neither it
 * nor any decoding of it starts a second authority (`//host`, `/\host`), carries a scheme
 * (`javascript:`, `data:`, `https://…`), a backslash, control characters or whitespace tricks.
 */
export function isSafeReturnPath(path: string): boolean {
  if (path.length === 0 || path.length > maxReturnPath) return false;
  const decoded = fullyDecoded(path);
  if (decoded === undefined) return false;
  for (const candidate of [path, decoded]) {
    // eslint-disable-next-line no-control-regex -- control characters are refused on purpose
    if (/[\u0000-\u0020\u007f\\]/.test(candidate)) return false;
    if (!candidate.startsWith('/') || candidate.startsWith('//')) return false;
    // A scheme before the first slash-free segment cannot happen after '/', but refuse
    // anything that looks like one anywhere before the query, to be safe against parsers.
    if (/^\/[a-z][a-z0-9+.-]*:/i.test(candidate)) return false;
  }
  return true;
}

/** The return path if it is safe, else the fallback ('/' by default). */
export function safeReturnPath(path: string | undefined, fallback: string = '/'): string {
  return path !== undefined && isSafeReturnPath(path) ? path : fallback;
}

/** Where a user may be sent inside the portal after a round trip: a safe path, never back into `/auth/` (no loop). */
export function exitPath(path: string | undefined, fallback: string = '/'): string {
  const safe = safeReturnPath(path, fallback);
  return safe === '/auth' || safe.startsWith('/auth/') || safe.startsWith('/auth?') ? fallback : safe;
}

/** The same-origin path (path, query, hash) of an absolute URL on `origin`, or undefined. */
export function returnPathFromUrl(href: string, origin: string): string | undefined {
  if (isSafeReturnPath(href)) return href;
  const lowerOrigin = origin.toLowerCase();
  if (!href.toLowerCase().startsWith(lowerOrigin)) return undefined;
  const rest = href.slice(origin.length);
  if (rest === '') return '/';
  if (rest.startsWith('?') || rest.startsWith('#')) return `/${rest}`;
  return isSafeReturnPath(rest) ? rest : undefined;
}
