// The portal server end to end in one process: core's sign-in over its server ports, the
// session store on PGlite, the /api proxy against a fake API, the build's files. The provider
// is core's in-memory one (the real one is exercised by the end-to-end specs).
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeGateForm, decodeMySessions, gateFormCookie, jsonBodyMaxDepth } from '@portal/core';
import { createFakeIdentityProvider, type FakeIdentityProvider } from '@portal/core/testing';
import { runtimeConfigFromEnv } from '@portal/portal/runtime-config';
import { directoryUserId, providerConfigFromEnv, refusedBodyDrainBytes } from '@portal/server';
import type { ServerConfig } from './config.ts';
import { sql } from 'kysely';
import { openPortalDatabase, type PortalDatabase } from './db/database.ts';
import { createServer } from './server.ts';
import { sessionCookieName } from './auth.ts';

const portal = 'http://localhost:5173';
const jwt = /eyJ[\w-]+\.[\w-]+\.[\w-]*/;
const systemClock = {
  now: () => Date.now(),
  setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout),
};

function distDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="de"><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
  return dir;
}

interface ApiCall {
  method: string;
  path: string;
  authorization: string | null;
  cookie: string | null;
  lang: string | null;
  idempotencyKey: string | null;
  size: number;
}

let server: Awaited<ReturnType<typeof createServer>>;
let database: PortalDatabase;
let idp: FakeIdentityProvider;
const apiCalls: ApiCall[] = [];
let providerUp = true;

const fakeFetch: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  if (url.pathname.endsWith('/.well-known/openid-configuration'))
    return new Response('{}', { status: providerUp ? 200 : 503 });
  const headers = new Headers(init?.headers);
  const body = init?.body as ArrayBuffer | null | undefined;
  apiCalls.push({
    method: init?.method ?? 'GET',
    path: url.pathname,
    authorization: headers.get('authorization'),
    cookie: headers.get('cookie'),
    lang: headers.get('lang'),
    idempotencyKey: headers.get('idempotency-key'),
    size: body?.byteLength ?? 0,
  });
  // A job's submit (#28.6): 202 with the job's address.
  if (url.pathname === '/Admin/Applications/shop/Users/Import')
    return Response.json(
      { id: 'j1', status: 'QUEUED' },
      { status: 202, headers: { Location: `${portal}/api/Admin/Applications/shop/Jobs/j1` } },
    );
  // A CSV download, streamed: its rows keep coming for longer than the upstream timeout (2 s here).
  if (url.pathname === '/Users/Export') {
    let sent = 0;
    const encoder = new TextEncoder();
    const rows = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 6) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 500));
        controller.enqueue(encoder.encode(`row ${++sent}\r\n`));
      },
    });
    return new Response(rows, { headers: { 'content-type': 'text/csv' } });
  }
  if (headers.get('authorization') === null && url.pathname.startsWith('/My/'))
    return Response.json({ error: { code: 'unauthorized', message: 'no', errors: [] } }, { status: 401 });
  // The directory's claims of a user (a provider without the data claim, #27).
  if (url.pathname === '/My/Claims')
    return Response.json({
      sub: 'u-who',
      hkData: { attributes: { firstName: 'Doctor', lastName: 'Who' }, permissions: ['roles.read'], internal: false },
    });
  // The gate's form (#28.10): `form` misses a dealer number; 4711 opens it, 999 is refused.
  if (url.pathname === '/AuthCheck' && (url.searchParams.get('clientId') === 'form' || init?.method === 'POST')) {
    const application = { id: 'form', label: 'Form', logoUrl: null, url: 'http://form.test/', internal: false };
    const sent =
      init?.method === 'POST'
        ? (JSON.parse(new TextDecoder().decode(body ?? new ArrayBuffer(0))) as {
            attributes: { key: string; value: string }[];
          })
        : undefined;
    const number = sent?.attributes.find((a) => a.key === 'dealerNumber')?.value;
    if (number === '999')
      return Response.json(
        { error: { code: 'validation', message: 'no', errors: [{ field: 'dealerNumber', message: 'no' }] } },
        { status: 400 },
      );
    if (number === '4711') return Response.json({ status: 'ok', application });
    return Response.json({
      status: 'missingAttributes',
      application,
      missingAttributes: [
        { id: 'a0000000-0000-4000-8000-000000000001', key: 'dealerNumber', label: 'Händlernummer', dataType: 'NUMBER' },
      ],
    });
  }
  // The gate's check: the user may open `shop` (registered at http://shop.test/) and `starter`
  // (at http://app.test/, starting its own sign-in at http://login.app.test/initiate), nothing else.
  if (url.pathname === '/AuthCheck') {
    const clientId = url.searchParams.get('clientId');
    if (clientId === 'shop')
      return Response.json({
        status: 'ok',
        application: {
          id: 'shop',
          label: 'Shop',
          logoUrl: null,
          url: 'http://shop.test/start',
          initiateLoginUri: null,
          internal: false,
        },
      });
    if (clientId === 'starter')
      return Response.json({
        status: 'ok',
        application: {
          id: 'starter',
          label: 'Starter',
          logoUrl: null,
          url: 'http://app.test/',
          initiateLoginUri: 'http://login.app.test/initiate?tenant=hk',
          internal: false,
        },
      });
    if (clientId === 'locked')
      return Response.json({
        status: 'noAccess',
        requestable: true,
        application: {
          id: 'locked',
          label: 'Locked',
          logoUrl: null,
          url: 'http://locked.test/',
          initiateLoginUri: 'http://locked.test/initiate',
          internal: false,
        },
      });
    return Response.json({ error: { code: 'notFound', message: 'no', errors: [] } }, { status: 404 });
  }
  return Response.json({ items: [], total: 0 }, { headers: { 'Set-Cookie': 'api=1' } });
};

const cookiesOf = (response: Response) => response.headers.getSetCookie();
const cookieHeader = (lines: readonly string[]) =>
  lines
    .map((l) => l.split(';')[0])
    .filter((p) => !p?.endsWith('='))
    .join('; ');

async function signIn(
  returnPath = '/settings',
  userAgent = '',
): Promise<{ cookie: string; callback: string; startCookies: string[] }> {
  const start = await server.app.request(`${portal}/auth/login?returnPath=${encodeURIComponent(returnPath)}`);
  expect(start.status).toBe(302);
  const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
  const startCookies = cookiesOf(start);
  const callback = idp.callbackUrlFor(state);
  const back = await server.app.request(callback, {
    headers: { cookie: cookieHeader(startCookies), 'user-agent': userAgent },
  });
  expect(back.status).toBe(302);
  expect(back.headers.get('location')).toBe(returnPath);
  const session = cookiesOf(back).find((c) => c.startsWith(`${sessionCookieName}=`)) ?? '';
  return { cookie: session.split(';')[0] ?? '', callback, startCookies };
}

beforeAll(async () => {
  idp = createFakeIdentityProvider({
    clock: systemClock,
    issuer: 'http://localhost:4001/b2c_1a_signin/v2.0',
    expiresIn: 3600,
    user: {
      sub: 'u-dana',
      email: 'dana@hk-demo.test',
      language: 'en',
      hkData: { attributes: { firstName: 'Dana', lastName: 'Dealer' }, permissions: ['applications.read'] },
    },
  });
  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    runtime: runtimeConfigFromEnv({ PORTAL_URL: portal }),
    provider: providerConfigFromEnv({}),
    apiUrl: 'http://api.test',
    distDir: distDir(),
    firstViewEntry: '',
    databaseUrl: undefined,
    dataDir: '',
    session: { idleMs: 3_600_000, absoluteMs: 86_400_000 },
    upstreamTimeoutMs: 2_000,
    shutdownGraceMs: 100,
  };
  database = await openPortalDatabase({});
  server = await createServer(config, {
    database,
    identityProvider: idp,
    fetch: fakeFetch,
    log: () => undefined,
  });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

describe('sign-in on the server', () => {
  it('keeps the auth state in an HttpOnly cookie and the tokens on the server', async () => {
    const start = await server.app.request(`${portal}/auth/login?returnPath=%2Fsettings`);
    const state = cookiesOf(start).find((c) => c.startsWith('hk-id.auth.')) ?? '';
    expect(state).toMatch(/; Path=\/; Max-Age=600; Secure; SameSite=Lax; HttpOnly$/);
    expect(state.split(';')[0]?.slice('hk-id.auth.'.length, 'hk-id.auth.'.length + 16)).toMatch(/^[A-Za-z0-9]{16}$/);
    const { cookie } = await signIn();
    expect(cookie).toMatch(new RegExp(`^${sessionCookieName.replace('.', '\\.')}=[A-Za-z0-9_-]{43}$`));
    const rows = await server.database.db.selectFrom('portal_session').select('id_hash').execute();
    expect(rows.map((r) => r.id_hash)).not.toContain(cookie.split('=')[1]);
  });

  it('the session cookie is HttpOnly, Secure, SameSite=Lax, host-only', async () => {
    const start = await server.app.request(`${portal}/auth/login`);
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const back = await server.app.request(idp.callbackUrlFor(state), {
      headers: { cookie: cookieHeader(cookiesOf(start)) },
    });
    const line = cookiesOf(back).find((c) => c.startsWith(sessionCookieName)) ?? '';
    expect(line).toMatch(/; Path=\/; Secure; SameSite=Lax; HttpOnly$/);
    expect(line).not.toMatch(/Domain=/i);
  });

  it('a reload of the callback makes no second token request', async () => {
    const before = idp.calls.exchange.length;
    const { callback, startCookies } = await signIn('/');
    expect(idp.calls.exchange.length).toBe(before + 1);
    // The browser reloads before the first answer's cookies arrived: same address, same cookies.
    const again = await server.app.request(callback, { headers: { cookie: cookieHeader(startCookies) } });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/auth/login?returnPath=%2F');
    expect(idp.calls.exchange.length).toBe(before + 1);
  });

  it('a return path into /auth/ or off-site becomes /', async () => {
    for (const bad of ['/auth/login?x', '//evil.test', 'https://evil.test/']) {
      const start = await server.app.request(`${portal}/auth/login?returnPath=${encodeURIComponent(bad)}`);
      const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
      const back = await server.app.request(idp.callbackUrlFor(state), {
        headers: { cookie: cookieHeader(cookiesOf(start)) },
      });
      expect(back.headers.get('location')).toBe('/');
    }
  });

  it('a callback without its cookie renders the error page with the code, not a token', async () => {
    const start = await server.app.request(`${portal}/auth/login`);
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const back = await server.app.request(idp.callbackUrlFor(state));
    expect(back.status).toBe(500);
    const html = await back.text();
    expect(html).toContain('"code":"auth.missingTemporaryCookie"');
    expect(html).not.toMatch(jwt);
  });
});

describe('sign-in edges', () => {
  it("the profile's language becomes the language cookie unless one was chosen on this device", async () => {
    for (const [chosen, expected] of [
      [undefined, true],
      ['fr', false],
    ] as const) {
      const start = await server.app.request(`${portal}/auth/login`);
      const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
      const cookies = [
        cookieHeader(cookiesOf(start)),
        ...(chosen === undefined ? [] : [`i18n_redirected=${chosen}`]),
      ].join('; ');
      const back = await server.app.request(idp.callbackUrlFor(state), { headers: { cookie: cookies } });
      const language = cookiesOf(back).find((c) => c.startsWith('i18n_redirected='));
      if (expected) expect(language).toMatch(/^i18n_redirected=en; Path=\/; Max-Age=31536000; Secure; SameSite=None$/);
      else expect(language).toBeUndefined();
    }
  });

  const gate = '/flows/auth?client_id=shop';
  const claimsRefresh = (cookie: string, redirectUri: string, returnPath = gate, sleep = '0') =>
    server.app.request(`${portal}/auth/claims-refresh?${new URLSearchParams({ redirectUri, sleep, returnPath })}`, {
      headers: { cookie },
    });

  it('a cancelled claims refresh ends on the launcher: back at the gate it would start again, forever (#28.3)', async () => {
    const { cookie } = await signIn('/');
    const start = await claimsRefresh(cookie, 'http://shop.test/');
    expect(start.status).toBe(302);
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const cancelled = `${portal}/flows/auth-refresh?state=${state}&error=access_denied&error_description=${encodeURIComponent('AADB2C90091: The user has cancelled entering self-asserted information.')}`;
    const back = await server.app.request(cancelled, {
      headers: { cookie: `${cookie}; ${cookieHeader(cookiesOf(start))}` },
    });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/');
  });

  it('an expired provider page (AADB2C90208) starts the sign-in again, once; the same answer to that one is the error page (#30.10)', async () => {
    const expired = (state: string) =>
      `${portal}/auth/login?state=${state}&error=access_denied&error_description=${encodeURIComponent('AADB2C90208: The provided session has expired. Please start the flow again.')}`;
    const start = await server.app.request(`${portal}/auth/login?returnPath=${encodeURIComponent('/settings')}`);
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const back = await server.app.request(expired(state), { headers: { cookie: cookieHeader(cookiesOf(start)) } });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/auth/login?returnPath=%2Fsettings&restarted=1');

    const again = await server.app.request(`${portal}${back.headers.get('location') ?? ''}`);
    expect(again.status).toBe(302);
    const secondState = new URL(again.headers.get('location') ?? '').searchParams.get('state') ?? '';
    expect(secondState).not.toBe(state);
    const twice = await server.app.request(expired(secondState), {
      headers: { cookie: cookieHeader(cookiesOf(again)) },
    });
    expect(twice.status).toBe(500);
    expect(twice.headers.get('location')).toBeNull();

    // Signed in, the restart is the way back at once (no provider, no loop).
    const { cookie } = await signIn('/');
    const signedIn = await server.app.request(`${portal}/auth/login?returnPath=%2Fsettings&restarted=1`, {
      headers: { cookie },
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('location')).toBe('/settings');
  });

  it('the gate’s form without JavaScript: refused values go back with the page, valid ones on to the claims refresh (#28.10)', async () => {
    const { cookie } = await signIn('/');
    const post = (form: string, headers: Record<string, string> = {}) =>
      server.app.request(`${portal}/flows/auth?client_id=form`, {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          ...headers,
        },
        body: form,
      });
    const form = (response: Response) =>
      decodeGateForm(
        cookiesOf(response)
          .find((c) => c.startsWith(`${gateFormCookie}=`))
          ?.split(';')[0]
          ?.slice(gateFormCookie.length + 1),
      );

    // Not a number: back to the gate with what was typed (core's rule), the API not asked to store it.
    const posts = () => apiCalls.filter((c) => c.method === 'POST' && c.path === '/AuthCheck').length;
    const before = posts();
    const invalid = await post('dealerNumber=abc&other=x');
    expect(invalid.status).toBe(303);
    expect(invalid.headers.get('location')).toBe('/flows/auth?client_id=form');
    expect(form(invalid)).toEqual({ clientId: 'form', values: { dealerNumber: 'abc' } });
    expect(cookiesOf(invalid).find((c) => c.startsWith(`${gateFormCookie}=`))).toMatch(
      /; Path=\/flows\/auth; Max-Age=60; Secure; SameSite=Lax; HttpOnly$/,
    );
    expect(posts()).toBe(before);

    // Refused by the API: back, with its status.
    const refused = await post('dealerNumber=999');
    expect(refused.headers.get('location')).toBe('/flows/auth?client_id=form');
    expect(form(refused)).toEqual({ clientId: 'form', values: { dealerNumber: '999' }, status: 400 });

    // Accepted: on to the claims refresh, where the page's machine would go.
    const accepted = await post('dealerNumber=4711');
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe(
      `/auth/claims-refresh?${new URLSearchParams({ redirectUri: 'http://form.test/', sleep: '1000', returnPath: '/flows/auth?client_id=form' })}`,
    );
    expect(form(accepted)).toBeUndefined();

    // The gate's page shows the handed-back form once: it clears the cookie.
    const shown = await server.app.request(`${portal}/flows/auth?client_id=form`, {
      headers: { cookie: `${cookie}; ${gateFormCookie}=x` },
    });
    expect(cookiesOf(shown)).toContain(
      `${gateFormCookie}=; Path=/flows/auth; Max-Age=0; Secure; SameSite=Lax; HttpOnly`,
    );

    // From another site: refused; signed out: the sign-in first, back to the gate.
    expect((await post('dealerNumber=4711', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const signedOut = await server.app.request(`${portal}/flows/auth?client_id=form`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: 'dealerNumber=4711',
    });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe(
      `/login?returnPath=${encodeURIComponent('/flows/auth?client_id=form')}`,
    );
    expect((await post(`dealerNumber=${'1'.repeat(20_000)}`)).status).toBe(413);
  });

  it('a finished claims refresh keeps the session, with the new claims, and goes on to the application', async () => {
    const { cookie } = await signIn('/');
    const start = await claimsRefresh(cookie, 'http://shop.test/');
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const back = await server.app.request(idp.callbackUrlFor(state), {
      headers: { cookie: `${cookie}; ${cookieHeader(cookiesOf(start))}` },
    });
    expect(back.headers.get('location')).toBe('http://shop.test/');
    expect(await server.sessions.find(cookie.split('=')[1])).toMatchObject({
      user: { id: directoryUserId(idp.issuer, 'u-dana') },
    });
  });

  it('the wait before the application is the browser’s: a page that refreshes itself, bounded (#28.13)', async () => {
    const { cookie } = await signIn('/');
    const start = await claimsRefresh(cookie, 'http://shop.test/', gate, '60000');
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const back = await server.app.request(idp.callbackUrlFor(state), {
      headers: { cookie: `${cookie}; ${cookieHeader(cookiesOf(start))}; i18n_redirected=en` },
    });
    expect(back.status).toBe(200);
    const html = await back.text();
    expect(html).toContain('<meta http-equiv="refresh" content="5;url=http://shop.test/">');
    expect(html).toContain('<a href="http://shop.test/">Continue now</a>');
  });

  it("an application with a login-initiation URL starts its own sign-in there: iss of the sign-in, target_link_uri the application's address (#30.5)", async () => {
    const { cookie } = await signIn('/');
    const finish = async (redirectUri: string, sleep = '0') => {
      const start = await claimsRefresh(cookie, redirectUri, '/flows/auth?client_id=starter', sleep);
      expect(start.status).toBe(302);
      const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
      return server.app.request(idp.callbackUrlFor(state), {
        headers: { cookie: `${cookie}; ${cookieHeader(cookiesOf(start))}; i18n_redirected=en` },
      });
    };
    const back = await finish('http://app.test/orders?id=7');
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://login.app.test/initiate');
    expect([...location.searchParams]).toEqual([
      ['tenant', 'hk'],
      ['iss', idp.issuer],
      ['target_link_uri', 'http://app.test/orders?id=7'],
    ]);
    // The wait page leads there too.
    const waiting = await finish('http://app.test/', '60000');
    expect(waiting.status).toBe(200);
    const html = await waiting.text();
    const initiate = `http://login.app.test/initiate?tenant=hk&amp;iss=${encodeURIComponent(idp.issuer)}&amp;target_link_uri=${encodeURIComponent('http://app.test/')}`;
    expect(html).toContain(`<meta http-equiv="refresh" content="5;url=${initiate}">`);
    // Another origin than the application's is refused as before: the login-initiation URL is no way out.
    const refused = await claimsRefresh(cookie, 'http://login.app.test/initiate', '/flows/auth?client_id=starter');
    expect(refused.status).toBe(500);
  });

  it('the claims refresh leads only to an application the user may open, or into the portal: the rest is refused before the provider (#28.1)', async () => {
    const { cookie } = await signIn('/');
    const authorizeBefore = idp.calls.authorize.length;
    for (const [redirectUri, returnPath] of [
      ['https://evil.example/x', gate],
      ['https://evil.example/x', '/'],
      ['http://shop.test.evil.example/', gate],
      ['https://shop.test/', gate],
      ['http://locked.test/', '/flows/auth?client_id=locked'],
      ['http://shop.test/', '/flows/auth?client_id=unknown'],
      ['//evil.example/x', gate],
      ['javascript:alert(1)', gate],
    ] as const) {
      const refused = await claimsRefresh(cookie, redirectUri, returnPath);
      expect(refused.status, redirectUri).toBe(500);
      expect(await refused.text()).toContain('auth.redirectRefused');
    }
    expect(idp.calls.authorize.length).toBe(authorizeBefore);
    // A path of the portal itself, and the application's own origin, are fine.
    expect((await claimsRefresh(cookie, '/settings/applications')).status).toBe(302);
    expect((await claimsRefresh(cookie, 'http://shop.test/deep/page?x=1')).status).toBe(302);
  });
});

describe('the directory at sign-in (#27, #29)', () => {
  it('applies the groups once per sign-in, and takes the claims from the directory when the provider sends none', async () => {
    apiCalls.length = 0;
    const { cookie } = await signIn('/');
    // A provider with the data claim: groups applied, no claims asked for.
    expect(apiCalls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /My/Groups/Sync']);
    expect(apiCalls[0]?.authorization).toMatch(/^Bearer /);
    expect(cookie).not.toBe('');

    idp.setUser({ sub: 'u-who', email: 'who@hk-demo.test' });
    try {
      apiCalls.length = 0;
      const { cookie: who } = await signIn('/');
      expect(apiCalls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /My/Groups/Sync', 'GET /My/Claims']);
      const page = await (await server.app.request(`${portal}/`, { headers: { cookie: who } })).text();
      expect(page).toContain('"permissions":["roles.read"]');
    } finally {
      idp.setUser({
        sub: 'u-dana',
        email: 'dana@hk-demo.test',
        language: 'en',
        hkData: { attributes: { firstName: 'Dana', lastName: 'Dealer' }, permissions: ['applications.read'] },
      });
    }
  });
});

describe("a user whose subject is no UUID (a standard provider's user name, ADR 0029)", () => {
  it("is the API's user: the page's user id is the directory's id of the token's subject at its issuer", async () => {
    idp.setUser({ sub: 'dwho', email: 'dwho@badwolf.org' });
    try {
      const { cookie } = await signIn('/');
      const html = await (await server.app.request(`${portal}/`, { headers: { cookie } })).text();
      const boot = JSON.parse(
        /<script type="application\/json" id="hk-boot">(.*?)<\/script>/.exec(html)?.[1] ?? '{}',
      ) as {
        user?: { id: string; issuer: string };
      };
      // The API's authenticator names the caller of this token by the same function (apps/api/src/auth.ts).
      const expected = directoryUserId(idp.issuer, 'dwho');
      expect(expected).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(boot.user).toMatchObject({ id: expected, issuer: idp.issuer });
      const rows = await server.database.db
        .selectFrom('portal_session')
        .select('user_id')
        .where('user_id', '=', expected)
        .execute();
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      idp.setUser({
        sub: 'u-dana',
        email: 'dana@hk-demo.test',
        language: 'en',
        hkData: { attributes: { firstName: 'Dana', lastName: 'Dealer' }, permissions: ['applications.read'] },
      });
    }
  });
});

describe('the page and the API through the server', () => {
  it('the page names the user and carries no token', async () => {
    const { cookie } = await signIn('/');
    const page = await server.app.request(`${portal}/`, { headers: { cookie } });
    const html = await page.text();
    expect(page.headers.get('cache-control')).toBe('no-cache, private');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<script type="application/json" id="hk-boot">{"user":{"id":');
    expect(html).not.toMatch(jwt);
  });

  it('forwards /api with the bearer token and no cookies either way', async () => {
    const { cookie } = await signIn('/');
    apiCalls.length = 0;
    const response = await server.app.request(`${portal}/api/My/Applications?page=1`, {
      headers: { cookie, lang: 'en' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(apiCalls[0]).toMatchObject({ path: '/My/Applications', cookie: null });
    expect(apiCalls[0]?.authorization).toMatch(/^Bearer \S+$/);
    expect(JSON.stringify(await response.json())).not.toMatch(jwt);
  });

  it("a call without `lang` (a download by link) carries the device's language to the API", async () => {
    const { cookie } = await signIn('/');
    apiCalls.length = 0;
    await server.app.request(`${portal}/api/My/Applications`, { headers: { cookie: `${cookie}; i18n_redirected=fr` } });
    await server.app.request(`${portal}/api/My/Applications`, {
      headers: { cookie: `${cookie}; i18n_redirected=fr`, lang: 'pl' },
    });
    expect(apiCalls.map((call) => call.lang)).toEqual(['fr', 'pl']);
  });

  it("a job's submit carries its Idempotency-Key to the API, and its 202 and Location come back (#28.6)", async () => {
    const { cookie } = await signIn('/');
    apiCalls.length = 0;
    const response = await server.app.request(`${portal}/api/Admin/Applications/shop/Users/Import`, {
      method: 'POST',
      headers: {
        cookie,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
        'idempotency-key': 'c0ffee00-0000-4000-8000-000000000001',
      },
      body: JSON.stringify({ csv: 'email,roles', apply: true }),
    });
    expect(response.status).toBe(202);
    expect(response.headers.get('location')).toBe(`${portal}/api/Admin/Applications/shop/Jobs/j1`);
    expect(apiCalls[0]).toMatchObject({ method: 'POST', idempotencyKey: 'c0ffee00-0000-4000-8000-000000000001' });
  });

  it('a streamed download that takes longer than the upstream timeout arrives whole: the timeout waits for the answer, not its end (#28.6)', async () => {
    const { cookie } = await signIn('/');
    const started = performance.now();
    const response = await server.app.request(`${portal}/api/Users/Export`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(['1', '2', '3', '4', '5', '6'].map((n) => `row ${n}\r\n`).join(''));
    expect(performance.now() - started).toBeGreaterThan(2_000);
  });

  it('ten parallel calls with a due token make one refresh', async () => {
    const { cookie } = await signIn('/');
    // Make the stored token due.
    await sql`UPDATE portal_session SET tokens = jsonb_set(tokens, '{expiresAt}', to_jsonb(1::bigint))`.execute(
      server.database.db,
    );
    const before = idp.calls.refresh.length;
    apiCalls.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () =>
        server.app.request(`${portal}/api/My/Applications`, { headers: { cookie } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(idp.calls.refresh.length - before).toBe(1);
    expect(new Set(apiCalls.map((c) => c.authorization)).size).toBe(1);
  });

  it('refuses a cross-site write and allows a same-origin one', async () => {
    const { cookie } = await signIn('/');
    const cross = await server.app.request(`${portal}/api/Applications`, {
      method: 'POST',
      headers: { cookie, origin: 'http://evil.test', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toMatchObject({ error: { code: 'request.crossSite' } });
    const fetchMeta = await server.app.request(`${portal}/api/Applications`, {
      method: 'POST',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      body: '{}',
    });
    expect(fetchMeta.status).toBe(403);
    const same = await server.app.request(`${portal}/api/Applications`, {
      method: 'POST',
      headers: { cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(same.status).toBe(200);
  });

  it('refuses a cross-site write to every route that takes one, before the route runs (one middleware)', async () => {
    const { cookie } = await signIn('/');
    const writes = server.app.routes.filter(
      (route) => route.method !== 'GET' && route.method !== 'HEAD' && route.method !== 'OPTIONS' && route.path !== '*',
    );
    expect(writes.length).toBeGreaterThanOrEqual(5);
    apiCalls.length = 0;
    for (const route of writes) {
      const method = route.method === 'ALL' ? 'PUT' : route.method;
      const path = route.path.replace('/*', '/Applications').replace(':id', 'x');
      const answer = await server.app.request(`${portal}${path}`, {
        method,
        headers: { cookie, 'sec-fetch-site': 'cross-site', lang: 'en' },
      });
      expect([method, path, answer.status]).toEqual([method, path, 403]);
      expect(await answer.json()).toMatchObject({ error: { code: 'request.crossSite' } });
    }
    expect(apiCalls).toEqual([]);
    // Sign-out did not run: the session still answers.
    expect((await server.app.request(`${portal}/auth/sessions`, { headers: { cookie } })).status).toBe(200);
  });

  it('a body over 1 MB is refused here (413) and reaches nobody; the next call works', async () => {
    apiCalls.length = 0;
    const big = await server.app.request(`${portal}/api/Applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
    expect(big.headers.get('connection')).toBe('close');
    expect(await big.json()).toMatchObject({
      error: { code: 'request.tooLarge', message: 'Die Anfrage ist zu groß.' },
    });
    expect(apiCalls).toHaveLength(0);
    const next = await server.app.request(`${portal}/api/My/Applications`);
    expect(next.status).toBe(401);
  });

  it("a JSON body nested deeper than core's limit is refused here (400) and reaches nobody; /health beside it is answered (#28.2)", async () => {
    const { cookie } = await signIn('/');
    apiCalls.length = 0;
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const put = (body: string, lang = 'en') =>
      server.app.request(`${portal}/api/My/Profile`, {
        method: 'PUT',
        headers: { cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', lang },
        body,
      });
    const [deep, health] = await Promise.all([put(nested(20_000)), server.app.request(`${portal}/health`)]);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({
      error: {
        code: 'validation.jsonDepth',
        message: `The body is nested too deeply (at most ${jsonBodyMaxDepth} levels).`,
        errors: [],
      },
    });
    expect(health.status).toBe(200);
    expect(((await (await put(nested(20_000), 'pl')).json()) as { error: { message: string } }).error.message).toBe(
      'Treść jest zbyt głęboko zagnieżdżona (maksymalnie 64 poziomów).',
    );
    expect(apiCalls).toHaveLength(0);
    // At the limit the body goes on to the API, which judges it.
    expect((await put(nested(jsonBodyMaxDepth))).status).toBe(200);
    expect(apiCalls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /My/Profile']);
  });

  it('reads a refused body to its end before the 413 (a client still sending gets the answer, not a reset), up to the drain limit', async () => {
    const streamed = (total: number) => {
      let sent = 0;
      const chunk = new Uint8Array(64 * 1024).fill(120);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= total) {
            controller.close();
            return;
          }
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      return { body, sent: () => sent };
    };
    const post = (body: ReadableStream<Uint8Array>, length?: number) =>
      server.app.request(`${portal}/api/Applications`, {
        method: 'POST',
        body,
        duplex: 'half',
        headers: {
          'content-type': 'application/json',
          ...(length === undefined ? {} : { 'content-length': String(length) }),
        },
      } as RequestInit);
    const undeclared = streamed(3 * 1024 * 1024);
    expect((await post(undeclared.body)).status).toBe(413);
    expect(undeclared.sent()).toBe(3 * 1024 * 1024);
    const declared = streamed(2 * 1024 * 1024);
    expect((await post(declared.body, 2 * 1024 * 1024)).status).toBe(413);
    expect(declared.sent()).toBe(2 * 1024 * 1024);
    const huge = streamed(64 * 1024 * 1024);
    expect((await post(huge.body, 64 * 1024 * 1024)).status).toBe(413);
    expect(huge.sent()).toBeLessThan(refusedBodyDrainBytes);
  });

  it('stops reading a refused body that stalls: the 413 goes out after the drain time (without the bound this call never ends)', async () => {
    let sent = 0;
    const stalled = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 1024 * 1024) return new Promise<void>(() => undefined); // sends nothing more, never ends
        sent += 256 * 1024;
        controller.enqueue(new Uint8Array(256 * 1024).fill(120));
      },
    });
    const answer = await server.app.request(`${portal}/api/Applications`, {
      method: 'POST',
      body: stalled,
      duplex: 'half',
      headers: { 'content-type': 'application/json' },
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(answer.headers.get('connection')).toBe('close');
  });

  it('a failed refresh ends the session once: 401, cookie cleared, row gone', async () => {
    const { cookie } = await signIn('/');
    await sql`UPDATE portal_session SET tokens = jsonb_set(jsonb_set(tokens, '{expiresAt}', to_jsonb(1::bigint)), '{refreshToken}', '"revoked"')`.execute(
      server.database.db,
    );
    const answer = await server.app.request(`${portal}/api/My/Applications`, { headers: { cookie } });
    expect(answer.status).toBe(401);
    expect(
      answer.headers.getSetCookie().some((c) => c.startsWith(`${sessionCookieName}=;`) && c.includes('Max-Age=0')),
    ).toBe(true);
    expect(await server.sessions.find(cookie.split('=')[1])).toBeUndefined();
  });
});

describe('my sessions', () => {
  const chrome =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const sessionsOf = async (cookie: string) => {
    const answer = await server.app.request(`${portal}/auth/sessions`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const text = await answer.text();
    expect(text).not.toMatch(jwt);
    const sessions = decodeMySessions(JSON.parse(text));
    if (sessions === undefined) throw new Error(`not the shape the page reads: ${text}`);
    return sessions;
  };

  it("lists the user's sessions, this one first, with device and last use, and nothing that opens one", async () => {
    const laptop = await signIn('/', chrome);
    await server.app.request(`${portal}/auth/sessions/end-others`, {
      method: 'POST',
      headers: { cookie: laptop.cookie, 'sec-fetch-site': 'same-origin' },
    });
    await signIn('/', iphone);
    const list = await sessionsOf(laptop.cookie);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, device: { browser: 'Chrome 156', os: 'Linux', type: 'desktop' } });
    expect(list[1]).toMatchObject({ current: false, device: { browser: 'Safari 18', os: 'iOS 18.1', type: 'mobile' } });
    expect(Date.parse(list[1]?.lastSeenAt ?? '')).toBeGreaterThan(0);
    const rows = await server.database.db.selectFrom('portal_session').select('id_hash').execute();
    for (const { id } of list) {
      expect(rows.map((r) => r.id_hash)).not.toContain(id);
      expect(laptop.cookie).not.toContain(id);
    }
  });

  it('ends one other session (that browser is signed out) and then all the others', async () => {
    const laptop = await signIn('/', chrome);
    await server.app.request(`${portal}/auth/sessions/end-others`, {
      method: 'POST',
      headers: { cookie: laptop.cookie, 'sec-fetch-site': 'same-origin' },
    });
    const phone = await signIn('/', iphone);
    const tablet = await signIn('/', iphone);
    const other = (await sessionsOf(laptop.cookie)).find((s) => !s.current);
    const ended = await server.app.request(`${portal}/auth/sessions/${other?.id ?? ''}`, {
      method: 'DELETE',
      headers: { cookie: laptop.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(ended.status).toBe(204);
    expect(await sessionsOf(laptop.cookie)).toHaveLength(2);
    const again = await server.app.request(`${portal}/auth/sessions/${other?.id ?? ''}`, {
      method: 'DELETE',
      headers: { cookie: laptop.cookie, 'sec-fetch-site': 'same-origin', lang: 'en' },
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({
      error: { code: 'session.notFound', message: 'This session no longer exists.', errors: [] },
    });

    const rest = await server.app.request(`${portal}/auth/sessions/end-others`, {
      method: 'POST',
      headers: { cookie: laptop.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(await rest.json()).toEqual({ ended: 1 });
    expect(await sessionsOf(laptop.cookie)).toMatchObject([{ current: true }]);
    for (const gone of [phone, tablet]) {
      const answer = await server.app.request(`${portal}/api/My/Applications`, { headers: { cookie: gone.cookie } });
      expect(answer.status).toBe(401);
    }
  });

  it("someone else's session id, a cross-site write and no session are refused", async () => {
    const laptop = await signIn('/', chrome);
    const foreign = await server.app.request(`${portal}/auth/sessions/${'A'.repeat(22)}`, {
      method: 'DELETE',
      headers: { cookie: laptop.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(foreign.status).toBe(404);
    const cross = await server.app.request(`${portal}/auth/sessions/end-others`, {
      method: 'POST',
      headers: { cookie: laptop.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
    const nobody = await server.app.request(`${portal}/auth/sessions`);
    expect(nobody.status).toBe(401);
    expect(await nobody.json()).toMatchObject({ error: { code: 'session.ended' } });
  });
});

describe('sign-out and the build', () => {
  it('with the provider down, sign-out deletes the session and ends on /auth/logout-success', async () => {
    const { cookie } = await signIn('/');
    providerUp = false;
    try {
      const out = await server.app.request(`${portal}/auth/logout`, {
        method: 'POST',
        headers: { cookie, accept: 'application/json', 'sec-fetch-site': 'same-origin' },
      });
      expect(await out.json()).toEqual({ redirect: '/auth/logout-success' });
      expect(out.headers.getSetCookie()[0]).toMatch(
        new RegExp(`^${sessionCookieName.replace('.', '\\.')}=; Path=/; Max-Age=0`),
      );
      expect(await server.sessions.find(cookie.split('=')[1])).toBeUndefined();
    } finally {
      providerUp = true;
    }
  });

  it('with the provider up, sign-out goes to its end session with the ID token hint', async () => {
    const { cookie } = await signIn('/');
    const out = await server.app.request(`${portal}/auth/logout`, {
      method: 'POST',
      headers: { cookie, accept: 'application/json', 'sec-fetch-site': 'same-origin' },
    });
    expect(((await out.json()) as { redirect: string }).redirect).not.toBe('/auth/logout-success');
    expect(idp.calls.endSession.at(-1)?.idTokenHint).toMatch(jwt);
  });

  it("the page comes in the device's language and colour scheme (no flash of the wrong one); tampered values do not get in", async () => {
    const dark = await (
      await server.app.request(`${portal}/settings`, { headers: { cookie: 'i18n_redirected=en; hk-theme=dark' } })
    ).text();
    expect(dark).toContain('<html lang="en" data-theme="dark">');
    const light = await (await server.app.request(`${portal}/`, { headers: { cookie: 'hk-theme=light' } })).text();
    expect(light).toContain('<html lang="de" data-theme="light">');
    const tampered = await (
      await server.app.request(`${portal}/`, {
        headers: { cookie: 'i18n_redirected=%22%3E; hk-theme=%22%3E%3Cscript%3E' },
      })
    ).text();
    expect(tampered).toContain('<html lang="de">');
    expect(tampered).not.toContain('<script>');
  });

  it('serves hashed assets immutable and compressed, an unknown asset as 404, other paths as the page', async () => {
    const asset = await server.app.request(`${portal}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect((await server.app.request(`${portal}/assets/settings-page-gone.js`)).status).toBe(404);
    const page = await server.app.request(`${portal}/settings/security`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect((await server.app.request(`${portal}/health`)).status).toBe(200);
    const config = await server.app.request(`${portal}/config.json`);
    expect(config.headers.get('cache-control')).toBe('no-store');
  });
});
