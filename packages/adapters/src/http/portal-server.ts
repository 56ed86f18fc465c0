// The portal server's sign-out, which the page calls (issue #15): the server deletes the
// session and clears its cookie, then says where to go (the provider's end session only when
// the provider answers; else the sign-out page). In the first route: nothing else belongs here.
import { authRoutes } from '@portal/core';

export async function signOutAtPortalServer(fetchImpl: typeof fetch = fetch): Promise<string> {
  const response = await fetchImpl('/auth/logout', {
    method: 'POST',
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
  const body = (await response.json()) as { redirect?: unknown };
  return typeof body.redirect === 'string' ? body.redirect : authRoutes.logoutSuccess;
}
