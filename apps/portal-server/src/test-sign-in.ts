// A sign-in through a portal server at a fake provider, for the server's tests: the login's
// redirect, the provider's callback with the login's state cookies, the session cookie back.
import { sessionCookieName } from './auth.ts';

interface Requests {
  readonly request: (input: string, init?: RequestInit) => Response | Promise<Response>;
}

/** Signs in through `app` (its portal at `portal`) at `provider`: the session cookie (`name=value`). */
export async function signInAt(
  app: Requests,
  provider: { callbackUrlFor(state: string): string },
  portal: string,
  returnPath?: string,
): Promise<string> {
  const query = returnPath === undefined ? '' : `?returnPath=${encodeURIComponent(returnPath)}`;
  const start = await app.request(`${portal}/auth/login${query}`);
  const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
  const cookie = start.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const back = await app.request(provider.callbackUrlFor(state), { headers: { cookie } });
  const session = back.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookieName}=`));
  if (session === undefined) throw new Error(`no session cookie (${back.status})`);
  return session.split(';')[0] ?? '';
}
