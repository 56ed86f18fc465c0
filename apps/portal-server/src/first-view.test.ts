// The first view rendered on the portal server (issue #16): the portal's real server bundle
// (apps/portal/dist-ssr, built before the tests by turbo's ^build) over a fake API, and the
// server's handling of what a renderer answers: a page, a redirect, a failure, a hang.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postcss from 'postcss';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeIdentityProvider, type FakeIdentityProvider } from '@portal/core/testing';
import { encodeGateForm, gateFormCookie } from '@portal/core';
import { runtimeConfigFromEnv } from '@portal/portal/runtime-config';
import { providerConfigFromEnv } from '@portal/server';
import type { StartFirstView } from '@portal/portal/first-view';
import type { ServerConfig } from './config.ts';
import { openPortalDatabase, type PortalDatabase } from './db/database.ts';
import { createServer } from './server.ts';
import { greetingScript, greetingScriptSource, loadFirstViewRenderer } from './first-view.ts';
import { firstViewTimeoutMs } from './app.ts';
import { signInAt } from './test-sign-in.ts';

const portal = 'http://localhost:5173';
const bundle = join(import.meta.dirname, '..', '..', 'portal', 'dist-ssr', 'server-render.js');
const clock = {
  now: () => Date.now(),
  setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout),
};

const apps = [
  {
    id: 'a1',
    clientId: 'a1',
    label: 'Händlershop',
    url: 'https://shop.test',
    sortNumber: 10,
    accessRequestRequired: false,
    accessRequestAllowed: false,
    internalCopyOfAccessRequests: false,
    roleRequiredOnAccessRequest: false,
    accessRequestsAmount: 0,
    internal: false,
    description: 'Bestellen',
    accessStatus: 'granted',
  },
  {
    id: 'a2',
    clientId: 'a2',
    label: 'Serviceportal',
    url: 'https://service.test',
    sortNumber: 20,
    accessRequestRequired: false,
    accessRequestAllowed: false,
    internalCopyOfAccessRequests: false,
    roleRequiredOnAccessRequest: false,
    accessRequestsAmount: 0,
    internal: false,
    accessStatus: 'granted',
    // Ends in 3 days: the tile's "Endet in 3 Tagen" is the browser's to add (#30.11).
    accessEndsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  },
];
const apiCalls: { path: string; authorization: string | null }[] = [];
const fakeApi: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  if (url.pathname.endsWith('/.well-known/openid-configuration')) return new Response('{}');
  apiCalls.push({ path: url.pathname, authorization: new Headers(init?.headers).get('authorization') });
  if (url.pathname === '/My/Applications')
    return Response.json({ items: apps, total: apps.length, page: 1, pageSize: 100 });
  // The gate (#28.10): `shop` misses a dealer number, `hr` is internal, `planner` was requested, `terms` has a custom flow.
  const clientId = url.searchParams.get('clientId') ?? url.pathname.split('/').at(-1) ?? '';
  const application = {
    id: clientId,
    label: `App ${clientId}`,
    logoUrl: null,
    url: 'https://app.test/',
    internal: false,
  };
  if (url.pathname.startsWith('/My/Applications/Branding/'))
    return Response.json({ label: application.label, logoUrl: null, url: application.url });
  if (url.pathname === '/AuthCheck') {
    if (clientId === 'shop')
      return Response.json({
        status: 'missingAttributes',
        application,
        missingAttributes: [
          {
            id: 'a0000000-0000-4000-8000-000000000001',
            key: 'dealerNumber',
            label: 'Händlernummer',
            dataType: 'NUMBER',
          },
        ],
      });
    if (clientId === 'hr')
      return Response.json({ status: 'noAccess', requestable: false, application: { ...application, internal: true } });
    if (clientId === 'planner') return Response.json({ status: 'requested', application });
    if (clientId === 'terms') return Response.json({ status: 'customFlow', application, customFlow: { key: 'terms' } });
  }
  return Response.json({ error: { code: 'notFound', message: 'no', errors: [] } }, { status: 404 });
};

/** The portal's real stylesheet (built with the server bundle), so the selection is tested on what ships. */
const builtCss = (() => {
  const dist = join(import.meta.dirname, '..', '..', 'portal', 'dist');
  const href = /<link rel="stylesheet"[^>]*href="\/([^"]+)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1];
  if (href === undefined) throw new Error('the portal build has no stylesheet');
  return readFileSync(join(dist, href), 'utf8');
})();

function distDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="de"><head><title>x</title><script type="module" src="/assets/app.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc.css'), builtCss);
  return dir;
}

const config = (): ServerConfig => ({
  port: 0,
  host: '127.0.0.1',
  runtime: runtimeConfigFromEnv({ PORTAL_URL: portal }),
  provider: providerConfigFromEnv({}),
  apiUrl: 'http://api.test',
  distDir: distDir(),
  firstViewEntry: bundle,
  databaseUrl: undefined,
  dataDir: '',
  session: { idleMs: 3_600_000, absoluteMs: 86_400_000 },
  upstreamTimeoutMs: 2_000,
  shutdownGraceMs: 100,
});

type Server = Awaited<ReturnType<typeof createServer>>;
/** One PGlite for the file; each server of a test shares it. */
let database: PortalDatabase;
beforeAll(async () => {
  database = await openPortalDatabase({});
});
/** Every server the tests start, closed before the database. */
const started: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const server of started) await server.close();
  await database.close();
});
const danaUser = {
  sub: 'u-dana',
  email: 'dana@hk-demo.test',
  hkData: { attributes: { firstName: 'Dana', lastName: 'Dealer' }, permissions: [] },
};
const idp: FakeIdentityProvider = createFakeIdentityProvider({
  clock,
  issuer: 'http://localhost:4001/b2c_1a_signin/v2.0',
  expiresIn: 3600,
  user: danaUser,
});

/** A class as a CSS class selector (CSS.escape's rules for what Tailwind writes). */
function cssClassSelector(name: string): string {
  const escaped = [...name]
    .map((char, i) =>
      i === 0 && /[0-9]/.test(char)
        ? `\\3${char} `
        : /[\w-]/.test(char) || char.charCodeAt(0) > 0x7f
          ? char
          : `\\${char}`,
    )
    .join('');
  return `.${escaped}`;
}

const signIn = (server: Server): Promise<string> => signInAt(server.app, idp, portal);

const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><(script|\/body)/.exec(html)?.[1] ?? '';

describe("the portal's server bundle", () => {
  let server: Server;
  let cookie: string;
  beforeAll(async () => {
    server = await createServer(config(), { database, identityProvider: idp, fetch: fakeApi, log: () => undefined });
    started.push(server);
    cookie = await signIn(server);
  });

  it("renders the launcher with the user's tiles as links, fetched through the proxy with the session's token", async () => {
    apiCalls.length = 0;
    const response = await server.app.request(`${portal}/`, { headers: { cookie: `${cookie}; i18n_redirected=de` } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('href="/flows/auth?client_id=a1"');
    expect(html).toContain('Serviceportal');
    // No time-dependent text the browser would count differently (a hydration mismatch, React #418).
    expect(rootOf(html)).not.toMatch(/Endet (in|heute)/);
    expect(html).toMatch(/<h1 data-greeting="" [^>]*>Guten (Morgen|Tag|Abend), Dana Dealer<\/h1>/);
    expect(html).toContain('<script type="application/json" id="hk-first-view">{"myApps":{"userId":');
    expect(html).toContain(`<script>${greetingScript}</script>`);
    expect(rootOf(html)).not.toMatch(/<script|style="/);
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'self' ${greetingScriptSource}`);
    // The CSS the view uses arrives with the HTML, before the root, allowed by the answer's nonce
    // (#28.15); the whole stylesheet is linked at the end of the body.
    const nonce = /<style nonce="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(response.headers.get('content-security-policy')).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(html.indexOf('<style nonce=')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/index-abc.css"><\/body>/);
    const inline = /<style nonce="[^"]+">([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(inline.length).toBeLessThan(builtCss.length / 2);
    expect(inline).toContain('.bg-canvas{');
    // Every layer in the stylesheet's order (the whole stylesheet, linked later, keeps that order).
    expect(
      postcss.parse(inline).nodes.flatMap((n) => (n.type === 'atrule' && n.name === 'layer' ? [n.params] : [])),
    ).toEqual(['properties', 'theme', 'base', 'components', 'utilities']);
    expect(apiCalls.map((call) => call.path)).toEqual(['/My/Applications']);
    expect(apiCalls[0]?.authorization).toMatch(/^Bearer /);
  });

  it('sends the page compressed as the browser accepts it (the start flushed before the rest)', async () => {
    for (const [encoding, unpack] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await server.app.request(`${portal}/`, { headers: { cookie, 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      const html = unpack(Buffer.from(await response.arrayBuffer())).toString('utf8');
      expect(html).toContain('href="/flows/auth?client_id=a1"');
      expect(html).toMatch(/<\/html>\s*$/);
    }
  });

  it("renders in the language of the device's cookie", async () => {
    const html = await (
      await server.app.request(`${portal}/`, { headers: { cookie: `${cookie}; i18n_redirected=fr` } })
    ).text();
    expect(html).toMatch(/<html lang="fr"/);
    // The server greets by its own time of day (the page's script then by the browser's): any of the three.
    expect(html).toMatch(/>(Bonjour|Bon après-midi|Bonsoir), Dana Dealer<\/h1>/);
  });

  it('sends a signed-out visitor of a page that needs a session to the login page, and renders the login page', async () => {
    const response = await server.app.request(`${portal}/settings`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?returnPath=%2Fsettings');
    const login = await (await server.app.request(`${portal}/login`)).text();
    expect(login).toContain('href="/auth/login"');
  });

  it("names each page in <title>: its translated title with the brand as suffix, in the page's language (#28.10)", async () => {
    const titleOf = async (path: string, headers: Record<string, string> = {}) => {
      const html = await (await server.app.request(`${portal}${path}`, { headers })).text();
      const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
      expect(titles).toHaveLength(1);
      return titles[0];
    };
    expect(await titleOf('/', { cookie: `${cookie}; i18n_redirected=de` })).toBe('Meine Apps | HK Küchen');
    expect(await titleOf('/', { cookie: `${cookie}; i18n_redirected=fr` })).toBe('Mes applications | HK Küchen');
    expect(await titleOf('/settings', { cookie: `${cookie}; i18n_redirected=en` })).toBe('Settings | HK Küchen');
    expect(await titleOf('/admin', { cookie: `${cookie}; i18n_redirected=fr` })).toBe(
      'Centre d’administration | HK Küchen',
    );
    expect(await titleOf('/nowhere', { cookie })).toBe('Seite nicht gefunden | HK Küchen');
    expect(await titleOf('/login', { cookie: 'i18n_redirected=pl' })).toBe('Logowanie | HK Küchen');
  });

  it('renders the gate in the state of its first check, its form posting to the server (#28.10)', async () => {
    const gate = (clientId: string, extra = '') =>
      server.app.request(`${portal}/flows/auth?client_id=${clientId}`, { headers: { cookie: `${cookie}${extra}` } });
    const missing = await gate('shop');
    expect(missing.status).toBe(200);
    const form = rootOf(await missing.text());
    expect(form).toContain('Fehlende Angaben für App shop');
    expect(form).toMatch(/<form [^>]*method="post"/);
    expect(form).toMatch(/<input[^>]*name="dealerNumber"/);
    expect(form).not.toContain('aria-invalid="true"');

    // What the server handed back after a refused post: the value typed, its message, the API's refusal; shown once.
    const handedBack = encodeGateForm({ clientId: 'shop', values: { dealerNumber: 'abc' }, status: 400 }) ?? '';
    const again = await gate('shop', `; ${gateFormCookie}=${handedBack}`);
    expect(again.headers.getSetCookie()).toContainEqual(expect.stringMatching(new RegExp(`^${gateFormCookie}=; `)));
    const refused = rootOf(await again.text());
    expect(refused).toMatch(/<input[^>]*value="abc"/);
    expect(refused).toContain('aria-invalid="true"');
    expect(refused).toContain('Bitte geben Sie eine Zahl ein.');
    expect(refused).toMatch(/role="alert"[^>]*>Nicht gespeichert: /);

    expect(rootOf(await (await gate('hr')).text())).toContain('Kein Zugriff auf App hr');
    expect(rootOf(await (await gate('planner')).text())).toContain('Zugriff angefragt');
    const flow = await gate('terms');
    expect(flow.status).toBe(302);
    expect(flow.headers.get('location')).toBe('/flows/terms?client_id=terms');
  });

  it('inlines a rule for every class of the view that has one in the stylesheet, and not the others (#28.15)', async () => {
    const plainRules = new Set<string>();
    postcss.parse(builtCss).walkRules((rule) => {
      for (const selector of rule.selectors) if (/^\.(\\.|[\w-])+$/.test(selector)) plainRules.add(selector);
    });
    for (const path of ['/', '/settings', '/settings/security', '/admin', '/nowhere']) {
      const html = await (
        await server.app.request(`${portal}${path}`, { headers: { cookie: `${cookie}; i18n_redirected=de` } })
      ).text();
      const inline = postcss.parse(/<style nonce="[^"]+">([^<]*)<\/style>/.exec(html)?.[1] ?? '');
      const inlined = new Set<string>();
      inline.walkRules((rule) => {
        for (const selector of rule.selectors) inlined.add(selector);
      });
      const classes = new Set(
        [...rootOf(html).matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => (m[1] ?? '').split(/\s+/)),
      );
      const selectors = [...classes].map(cssClassSelector).filter((selector) => plainRules.has(selector));
      expect(selectors.length).toBeGreaterThan(20);
      for (const selector of selectors) expect(inlined, `${path}: ${selector}`).toContain(selector);
      // Rules of classes the view does not carry stay in the stylesheet.
      expect([...inlined].filter((selector) => plainRules.has(selector) && !selectors.includes(selector))).toEqual([]);
    }
  });

  it('keeps rendered pages per user and language, and renders anew when the data changes (#28.15)', async () => {
    const page = async (session: string, language = 'de') =>
      rootOf(
        await (
          await server.app.request(`${portal}/`, { headers: { cookie: `${session}; i18n_redirected=${language}` } })
        ).text(),
      );
    const dana = await page(cookie);
    expect(dana).toContain('Dana Dealer');
    expect(await page(cookie)).toBe(dana);
    // Another user with the same applications: their own page, never Dana's.
    idp.setUser({
      sub: 'u-otto',
      email: 'otto@hk-demo.test',
      hkData: { attributes: { firstName: 'Otto', lastName: 'Other' }, permissions: [] },
    });
    try {
      const otto = await page(await signIn(server));
      expect(otto).toContain('Otto Other');
      expect(otto).not.toContain('Dana');
    } finally {
      idp.setUser(danaUser);
    }
    // Another language: rendered in it.
    expect(await page(cookie, 'en')).toMatch(/>Good (morning|afternoon|evening), Dana Dealer</);
    // New data: the page shows it (and the old one is not answered).
    apps.push({
      id: 'a3',
      clientId: 'a3',
      label: 'Neue Anwendung',
      url: 'https://neu.test',
      sortNumber: 30,
      accessRequestRequired: false,
      accessRequestAllowed: false,
      internalCopyOfAccessRequests: false,
      roleRequiredOnAccessRequest: false,
      accessRequestsAmount: 0,
      internal: false,
      description: 'Neu',
      accessStatus: 'granted',
    });
    try {
      expect(await page(cookie)).toContain('Neue Anwendung');
    } finally {
      apps.pop();
    }
    expect(await page(cookie)).not.toContain('Neue Anwendung');
  });

  it('answers an unknown page with 404 and the error page', async () => {
    const response = await server.app.request(`${portal}/nowhere`, { headers: { cookie } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Fehler 404');
  });
});

describe("what the server does with a renderer's answer", () => {
  const withRenderer = async (start: StartFirstView) => {
    const logs: Record<string, unknown>[] = [];
    const server = await createServer(config(), {
      database,
      identityProvider: idp,
      fetch: fakeApi,
      log: (e) => logs.push(e),
      startFirstView: start,
    });
    started.push(server);
    return { server, logs };
  };
  const planned = { kind: 'page', status: 200, title: 'Meine Apps | HK Küchen' } as const;

  it('a render that fails leaves the page to the client (the empty root), and says why in the log', async () => {
    const { server, logs } = await withRenderer(() => ({
      plan: Promise.resolve(planned),
      render: () => Promise.reject(new Error('boom')),
    }));
    const response = await server.app.request(`${portal}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"></div>');
    expect(logs).toContainEqual(expect.objectContaining({ firstView: 'client', reason: 'boom' }));
  });

  it("writes the plan's title as text, and keeps index.html's without a plan", async () => {
    const { server } = await withRenderer(() => ({
      plan: Promise.resolve({ ...planned, title: '</title><script>x()</script> & "Apps"' }),
      render: () => Promise.reject(new Error('client')),
    }));
    const html = await (await server.app.request(`${portal}/`)).text();
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt; &amp; &quot;Apps&quot;</title>');
    const { server: planless } = await withRenderer(() => ({
      plan: Promise.reject(new Error('no plan')),
      render: () => Promise.reject(new Error('not asked')),
    }));
    expect(await (await planless.app.request(`${portal}/`)).text()).toContain('<title>x</title>');
    // An index.html without a <title>: the plan's goes at the end of the head.
    const bare = config();
    writeFileSync(
      join(bare.distDir, 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>',
    );
    const untitled = await createServer(bare, {
      database,
      identityProvider: idp,
      fetch: fakeApi,
      log: () => undefined,
      startFirstView: () => ({ plan: Promise.resolve(planned), render: () => Promise.reject(new Error('client')) }),
    });
    started.push(untitled);
    expect(await (await untitled.app.request(`${portal}/`)).text()).toMatch(
      /<meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>Meine Apps \| HK Küchen<\/title><script type="application\/json" id="hk-boot">/,
    );
  });

  it('a plan that fails: the page the client renders', async () => {
    const { server, logs } = await withRenderer(() => ({
      plan: Promise.reject(new Error('no plan')),
      render: () => Promise.reject(new Error('not asked')),
    }));
    const response = await server.app.request(`${portal}/`);
    expect(await response.text()).toContain('<div id="root"></div>');
    expect(logs).toContainEqual(expect.objectContaining({ firstView: 'client', reason: 'no plan' }));
  });

  it('a render that hangs does not hold the page up for more than its time limit, and the start of the page comes at once', async () => {
    const { server } = await withRenderer(() => ({
      plan: Promise.resolve(planned),
      render: () => new Promise(() => undefined),
    }));
    const started = performance.now();
    const response = await server.app.request(`${portal}/`);
    const reader = (response.body ?? new ReadableStream()).pipeThrough(new TextDecoderStream()).getReader();
    const first = await reader.read();
    expect(performance.now() - started).toBeLessThan(firstViewTimeoutMs);
    expect(first.value ?? '').toContain('<body>');
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
    expect(`${first.value ?? ''}${rest}`).toContain('<div id="root"></div>');
    expect(performance.now() - started).toBeLessThan(firstViewTimeoutMs + 2_000);
  });

  it('without a server bundle the pages are client-rendered, and the start says so', async () => {
    const logs: Record<string, unknown>[] = [];
    expect(await loadFirstViewRenderer('/nonexistent/server-render.js', (e) => logs.push(e))).toBeUndefined();
    expect(logs[0]).toMatchObject({ firstView: 'off' });
  });
});

describe('the greeting script', () => {
  const run = (hour: number) => {
    const heading = { textContent: 'Guten Tag, Dana' };
    const texts = {
      textContent: JSON.stringify({
        morning: 'Guten Morgen, Dana',
        day: 'Guten Tag, Dana',
        evening: 'Guten Abend, Dana',
      }),
    };
    const document = {
      getElementById: (id: string) => (id === 'hk-greetings' ? texts : null),
      querySelector: () => heading,
    };
    class FixedDate {
      getHours() {
        return hour;
      }
    }
    runInNewContext(greetingScript, { document, Date: FixedDate });
    return heading.textContent;
  };
  it("sets the heading to the browser's time of day by core's rule", () => {
    expect(run(7)).toBe('Guten Morgen, Dana');
    expect(run(13)).toBe('Guten Tag, Dana');
    expect(run(22)).toBe('Guten Abend, Dana');
    expect(run(3)).toBe('Guten Abend, Dana');
  });
});
