// The CSRF check (issue #31.6): one middleware in front of every route. A write (any method but
// GET, HEAD and OPTIONS) from another site is refused, besides SameSite=Lax on the session
// cookie; a browser says where a request comes from in Sec-Fetch-Site, or at least in Origin.
import type { Context, MiddlewareHandler } from 'hono';

const safeMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request comes from another site than the portal's origin. */
export function isCrossSite(headers: Headers, portalOrigin: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  const origin = headers.get('origin');
  return origin !== null && origin !== portalOrigin;
}

/** Refuses a cross-site write with `refuse`'s answer before any route sees it; lets everything else through. */
export function refuseCrossSiteWrites(portalOrigin: string, refuse: (c: Context) => Response): MiddlewareHandler {
  return async (c, next) => {
    if (!safeMethods.has(c.req.method) && isCrossSite(c.req.raw.headers, portalOrigin)) return refuse(c);
    await next();
  };
}
