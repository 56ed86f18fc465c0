// The portal server's HTTP surface (Hono): the build, the runtime configuration, sign-in and
// sign-out, the API proxy, a health endpoint; security headers and a log line on every answer.
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import type { PortalError } from '@portal/core';
import { authRoutes, localeCookieKey, resolveLocale, themeAttribute, themeCookieKey, toTheme } from '@portal/core';
import { parseRequestCookies } from '@portal/adapters';
import type { RuntimeConfig } from '@portal/portal/runtime-config';
import { securityHeaders } from '@portal/portal/runtime-config';
import { clearSessionCookie, publicUser, type Auth, type AuthAnswer } from './auth.ts';
import { apiPrefix, errorResponse, type createApiProxy } from './proxy.ts';
import { fileResponse, type StaticSite } from './static-files.ts';
import { mySessionsPath, type createMySessions } from './my-sessions.ts';

export interface AppDeps {
  readonly runtime: RuntimeConfig;
  readonly auth: Auth;
  readonly proxy: ReturnType<typeof createApiProxy>;
  readonly mySessions: ReturnType<typeof createMySessions>;
  readonly site: StaticSite;
  readonly health: () => Promise<boolean>;
  readonly log: (entry: Record<string, unknown>) => void;
  /** True while the server drains for shutdown (health answers 503, new connections close). */
  readonly draining: () => boolean;
}

/** What the first view learns from the server (the `hk-boot` data block of the page). */
export interface PortalBoot {
  readonly user: ReturnType<typeof publicUser> | null;
  readonly error?: PortalError;
}

const unsafe = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/**
 * Cross-site writes are refused (besides SameSite=Lax on the cookie): a browser's request says
 * where it comes from in Sec-Fetch-Site, or at least in Origin.
 */
export function isCrossSite(headers: Headers, portalOrigin: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  const origin = headers.get('origin');
  return origin !== null && origin !== portalOrigin;
}

export function createApp(deps: AppDeps) {
  const app = new Hono();
  const portalOrigin = new URL(deps.runtime.portalUrl).origin;
  const headers = securityHeaders(deps.runtime);
  const configBody = JSON.stringify(deps.runtime);
  const languageOf = (c: Context) => c.req.header('lang') ?? parseRequestCookies(c.req.header('cookie')).get(localeCookieKey);
  const answerOf = (c: Context) => ({ url: c.req.url, cookieHeader: c.req.header('cookie'), userAgent: c.req.header('user-agent') ?? '' });

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    for (const [name, value] of Object.entries(headers)) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    if (deps.draining()) c.res.headers.set('Connection', 'close');
    // No query (it may hold a code or state), no cookie, no token.
    deps.log({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) });
  });
  app.use('*', compress());

  app.get('/health', async (c) => {
    const ok = !deps.draining() && (await deps.health().catch(() => false));
    return c.json({ status: ok ? 'ok' : 'unavailable' }, ok ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  app.get('/config.json', (c) => c.body(configBody, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }));

  app.all(`${apiPrefix}/*`, async (c) => {
    const language = languageOf(c);
    if (unsafe(c.req.method) && isCrossSite(c.req.raw.headers, portalOrigin)) return errorResponse(403, 'request.crossSite', language);
    const session = await deps.auth.currentSession(c.req.header('cookie'));
    const forwardedFor = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? '';
    const { response, sessionEnded } = await deps.proxy({ request: c.req.raw, session, language, forwardedFor });
    if (sessionEnded) response.headers.append('Set-Cookie', clearSessionCookie(true));
    return response;
  });

  const page = async (c: Context, error?: PortalError, setCookies: readonly string[] = []) => {
    const session = error === undefined ? await deps.auth.currentSession(c.req.header('cookie')) : undefined;
    const boot: PortalBoot = { user: session === undefined ? null : publicUser(session.user), ...(error === undefined ? {} : { error }) };
    const cookies = parseRequestCookies(c.req.header('cookie'));
    const root = { lang: resolveLocale(cookies.get(localeCookieKey)), theme: themeAttribute(toTheme(cookies.get(themeCookieKey))) };
    const response = c.html(deps.site.page(boot, root), error === undefined ? 200 : error.kind === 'cancelled' ? 200 : error.status);
    response.headers.set('Cache-Control', 'no-cache, private');
    response.headers.set('Vary', 'Cookie');
    for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
    return response;
  };
  const answer = (c: Context, result: AuthAnswer) => {
    if (result.kind === 'errorPage') return page(c, result.error, result.setCookies);
    const response = result.kind === 'redirect'
      ? new Response(null, { status: 302, headers: { Location: result.location, 'Cache-Control': 'no-store' } })
      : new Response(JSON.stringify(result.body), { status: result.status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    for (const cookie of result.setCookies) response.headers.append('Set-Cookie', cookie);
    return response;
  };

  app.get(authRoutes.login, async (c) => answer(c, await deps.auth.login(answerOf(c))));
  // An application sent a signed-out user to the gate (through the provider): straight on to
  // the sign-in, whose provider session is usually alive (no second click on "Anmelden").
  app.get(authRoutes.appGate, async (c) => {
    if (c.req.query('client_id') === undefined || (await deps.auth.currentSession(c.req.header('cookie'))) !== undefined) return page(c);
    const url = new URL(c.req.url);
    return c.redirect(`${authRoutes.login}?${new URLSearchParams({ returnPath: `${url.pathname}${url.search}` })}`, 302);
  });
  app.get('/auth/claims-refresh', async (c) => answer(c, await deps.auth.startClaimsRefresh(answerOf(c))));
  app.get(authRoutes.claimsRefreshReturn, async (c) => {
    const result = await deps.auth.claimsRefreshCallback(answerOf(c));
    return result === undefined ? page(c) : answer(c, result);
  });
  app.post('/auth/logout', async (c) => {
    if (isCrossSite(c.req.raw.headers, portalOrigin)) return errorResponse(403, 'request.crossSite', languageOf(c));
    const { location, setCookies } = await deps.auth.logout(answerOf(c));
    const wantsJson = (c.req.header('accept') ?? '').includes('application/json');
    const response = wantsJson
      ? new Response(JSON.stringify({ redirect: location }), { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } })
      : new Response(null, { status: 303, headers: { Location: location } });
    for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
    return response;
  });

  // The user's own sessions (settings → security): JSON, same-origin writes only.
  const json = (body: unknown, status: 200 | 404 = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
  const withSession = async (c: Context, work: (record: NonNullable<Awaited<ReturnType<Auth['currentSession']>>>) => Promise<Response>) => {
    const language = languageOf(c);
    if (unsafe(c.req.method) && isCrossSite(c.req.raw.headers, portalOrigin)) return errorResponse(403, 'request.crossSite', language);
    const record = await deps.auth.currentSession(c.req.header('cookie'));
    if (record === undefined) return errorResponse(401, 'session.ended', language, { 'Set-Cookie': clearSessionCookie(true) });
    return work(record);
  };
  app.get(mySessionsPath, (c) => withSession(c, async (record) => json({ sessions: await deps.mySessions.list(record) })));
  app.post(`${mySessionsPath}/end-others`, (c) => withSession(c, async (record) => json({ ended: await deps.mySessions.endOthers(record) })));
  app.delete(`${mySessionsPath}/:id`, (c) => withSession(c, async (record) => {
    const ended = await deps.mySessions.end(record, c.req.param('id'));
    if (!ended) return errorResponse(404, 'session.notFound', languageOf(c));
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  }));

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const path = c.req.path;
    const file = path === '/index.html' ? undefined : deps.site.file(path);
    if (file !== undefined) return fileResponse(file, path, c.req.header('accept-encoding') ?? '', c.req.method);
    // An unknown asset is a 404, never the page (a stale chunk name must fail as a chunk load).
    if (path.startsWith('/assets/')) return c.body(null, 404, { 'Cache-Control': 'no-store' });
    return page(c);
  });
  app.all('*', (c) => c.body(null, 405, { Allow: 'GET, HEAD' }));
  app.onError((error, c) => {
    deps.log({ level: 'error', method: c.req.method, path: c.req.path, error: error instanceof Error ? error.message : String(error) });
    return errorResponse(502, 'upstream.unavailable', languageOf(c));
  });
  return app;
}
