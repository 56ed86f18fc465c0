// A route's data in parallel with its code (architecture): the user is known from the page
// itself (the portal server's boot data), so the route of the current address starts its data
// load (`RouteDef.preloadData`) at once, while its page chunk is still downloading.
import type { UserPortalApi } from '@portal/adapters';
import { routeForPath } from '../routes.ts';

/** Start the data of the route at `path` for the signed-in user (none signed out). */
export function preloadRouteData(
  userId: string | undefined,
  api: UserPortalApi,
  path: () => string,
  onStart?: () => void,
): void {
  if (userId === undefined) return;
  onStart?.();
  routeForPath(path()).preloadData?.(api, userId);
}

/**
 * Start the page chunk of the route at `path` (query and hash ignored) and, with a user, its
 * data: for a navigation the code knows before it happens (the sign-in callback's return path).
 */
export function preloadRoute(path: string, api: UserPortalApi, userId: string | undefined): void {
  const route = routeForPath(path.split(/[?#]/)[0] ?? '/');
  route.page.preload().catch(() => {
    /* the chunk guard handled it; rendering retries */
  });
  if (userId !== undefined) route.preloadData?.(api, userId);
}
