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
  const browser = new Browser();
  const form = await browser.go(`${portal}/auth/login?returnPath=%2F`, [portal]);
  if (!isPage(form)) throw new Error(`no sign-in form: ${JSON.stringify(form)}`);
  const back = await browser.submit(form, { email, password, action: 'submit' }, [portal]);
  if (isPage(back)) throw new Error(`the provider did not return: ${back.status} ${back.url}`);
  const callback = await browser.request(back.stoppedAt);
  const session = callback.headers.getSetCookie().find((c) => c.startsWith('__Host-hk-portal.session='));
  if (session === undefined) throw new Error(`no session after the callback (${callback.status})`);
  return session.split(';')[0] ?? '';
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
