// Small, strict URL helpers written over strings (core has no URL global in its types): reading
// a URL here; building and changing one in `url-build.ts` (apart, so the portal's first route,
// which only reads its address, does not carry them: ADR 0007).

export interface SplitUrl {
  /** `scheme://authority`, '' for a relative reference. */
  readonly origin: string;
  readonly path: string;
  /** Without the leading '?'. */
  readonly query: string;
  /** Without the leading '#'. */
  readonly hash: string;
}

const originPattern = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i;

/** Split an absolute or relative URL into origin, path, query and hash. */
export function splitUrl(href: string): SplitUrl {
  const originMatch = originPattern.exec(href);
  const origin = originMatch?.[1] ?? '';
  let rest = href.slice(origin.length);
  let hash = '';
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    hash = rest.slice(hashAt + 1);
    rest = rest.slice(0, hashAt);
  }
  let query = '';
  const queryAt = rest.indexOf('?');
  if (queryAt >= 0) {
    query = rest.slice(queryAt + 1);
    rest = rest.slice(0, queryAt);
  }
  return { origin, path: rest, query, hash };
}

/** A percent-encoded query component ('+' as a space), undefined when malformed. */
export function decodeComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Parse a query string into its parameters (repeated names keep every value, in order). */
export function parseQuery(query: string): ReadonlyMap<string, readonly string[]> {
  const params = new Map<string, string[]>();
  for (const part of query.replace(/^\?/, '').split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decodeComponent(eq >= 0 ? part.slice(0, eq) : part);
    const value = decodeComponent(eq >= 0 ? part.slice(eq + 1) : '');
    if (name === undefined || value === undefined) continue;
    const values = params.get(name);
    if (values) values.push(value);
    else params.set(name, [value]);
  }
  return params;
}
