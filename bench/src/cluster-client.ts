// A signed-in client of the portal server without a browser, for the scale-out test and its
// figures: sign-in through the provider's form (the adapters' scripted user agent), then API
// calls through the portal server's /api with the session cookie, as the page makes them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, isPage } from '@portal/tooling/browser';

const { password } = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'packages/contract/demo/identities.json'), 'utf8'),
) as { password: string };

/** Signs in at `portal` as `email` (the demo password); answers the session cookie (`name=value`). */
export async function signInThrough(portal: string, email: string): Promise<string> {
  const [cookie] = await signInMany(portal, email, 1);
  if (cookie === undefined) throw new Error('no session');
  return cookie;
}

const sessionCookie = '__Host-hk-portal.session=';

/**
 * `count` sessions of one user, as `count` browsers of theirs would hold them, made by
 * `concurrency` scripted browsers at once: each signs in at the provider's form first, then
 * passes silently on its single sign-on session (one browser's provider session serves one
 * sign-in at a time, as a person's would). Each sign-in is its own code exchange, refresh-token
 * chain and portal session: the portal leg goes without cookies but the sign-in's own state.
 * Answers the session cookies (`name=value`).
 */
export async function signInMany(portal: string, email: string, count: number, concurrency = 16): Promise<string[]> {
  const one = async (provider: Browser): Promise<string> => {
    const start = await fetch(`${portal}/auth/login?returnPath=%2F`, { redirect: 'manual' });
    const location = start.headers.get('location');
    if (start.status !== 302 || location === null) throw new Error(`no sign-in start: ${start.status}`);
    const state = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .join('; ');
    let step = await provider.go(new URL(location, portal).href, [portal]);
    if (isPage(step)) step = await provider.submit(step, { email, password, action: 'submit' }, [portal]);
    if (isPage(step)) throw new Error(`the provider did not return: ${step.status} ${step.url}`);
    const callback = await fetch(step.stoppedAt, { redirect: 'manual', headers: { cookie: state } });
    const session = callback.headers.getSetCookie().find((c) => c.startsWith(sessionCookie));
    if (session === undefined) throw new Error(`no session after the callback (${callback.status})`);
    return session.split(';')[0] ?? '';
  };
  const cookies: string[] = [];
  let taken = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      const provider = new Browser();
      while (taken < count) {
        taken += 1;
        cookies.push(await one(provider));
      }
    }),
  );
  return cookies;
}

export interface Outcome {
  readonly status: number | 'network';
  readonly json?: unknown;
}

/** One call of `/api{path}` with the session cookie; writes say they are same-origin, as a browser's do. */
export async function callApi(
  portal: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Outcome> {
  try {
    const response = await fetch(`${portal}/api${path}`, {
      method,
      headers: {
        cookie,
        lang: 'de',
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const json: unknown =
      response.headers.get('content-type')?.includes('json') === true
        ? await response.json().catch(() => undefined)
        : await response.text();
    return { status: response.status, json };
  } catch {
    return { status: 'network' };
  }
}
