// The portal server's HTTP surface (Hono): the build, the runtime configuration, sign-in and
// sign-out, the API proxy, a health endpoint; security headers and a log line on every answer.
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { bodyLimit } from 'hono/body-limit';
import type { PortalError } from '@portal/core';
import {
  authRoutes,
  gateFormCookie,
  localeCookieKey,
  resolveLocale,
  themeAttribute,
  themeCookieKey,
  toTheme,
} from '@portal/core';
import { parseRequestCookies } from '@portal/adapters';
import type { RuntimeConfig } from '@portal/portal/runtime-config';
import { contentSecurityPolicy, securityHeaders } from '@portal/portal/runtime-config';
import type { FirstView, StartFirstView } from '@portal/portal/first-view';
import { clearSessionCookie, publicUser, type Auth, type AuthAnswer } from './auth.ts';
import { apiPrefix, errorResponse, type createApiProxy } from './proxy.ts';
import { waitingPage } from './messages.ts';
import { fileResponse, type StaticSite } from './static-files.ts';
import { streamedHtml } from './html-stream.ts';
import { greetingScript, greetingScriptSource } from './first-view.ts';
import { mySessionsPath, type createMySessions } from './my-sessions.ts';
import type { RenderCache } from './render-cache.ts';
import { gateFormSetCookie, type GateForm } from './gate-form.ts';
import { refuseCrossSiteWrites } from './cross-site.ts';

export interface AppDeps {
  readonly runtime: RuntimeConfig;
  readonly auth: Auth;
  readonly proxy: ReturnType<typeof createApiProxy>;
  readonly mySessions: ReturnType<typeof createMySessions>;
  /** The gate's missing attributes posted without JavaScript (#28.10). */
  readonly gateForm: GateForm;
  readonly secureCookies: boolean;
  readonly site: StaticSite;
  /** The portal's first-view renderer (issue #16); without it every page is rendered by the client. */
  readonly startFirstView?: StartFirstView;
  /** Rendered pages kept per user and language (#28.15); none: every page rendered anew. */
  readonly renderCache?: RenderCache;
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

/** The gate's form: a few attribute values. */
const gateFormMaxBytes = 16 * 1024;

/** A first view not planned, or not rendered, by then is left to the client (the page is never held up by it). */
export const firstViewTimeoutMs = 2_500;

/**
 * The promise's value, or `otherwise(why)` when it fails or takes longer than the first view may.
 * A plain timer, not an Effect: it runs twice for every page, and a fiber per call cost the
 * request path more than the rest of the page's own work (#28.15; ADR 0026 keeps the handlers
 * on promises).
 */
const withinFirstViewTime = <T, U>(promise: Promise<T>, otherwise: (reason: string) => U): Promise<T | U> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<U>((resolve) => {
    timer = setTimeout(() => resolve(otherwise(`not done within ${firstViewTimeoutMs} ms`)), firstViewTimeoutMs);
  });
  const settled = promise.then(
    (value): T | U => value,
    (error: unknown): T | U => otherwise(error instanceof Error ? error.message : String(error)),
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
};

const remoteAddressOf = (c: Context): string =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? '';

export function createApp(deps: AppDeps) {
  const app = new Hono();
  const portalOrigin = new URL(deps.runtime.portalUrl).origin;
  const scripts = deps.startFirstView === undefined ? [] : [greetingScriptSource];
  const headers = securityHeaders(deps.runtime, { scripts });
  /** A rendered page's CSP: its inline style allowed by the page's own nonce (#28.15). */
  const pagePolicy = (nonce: string) => contentSecurityPolicy(deps.runtime, { scripts, styles: [`'nonce-${nonce}'`] });
  const configBody = JSON.stringify(deps.runtime);
  const languageOf = (c: Context) =>
    c.req.header('lang') ?? parseRequestCookies(c.req.header('cookie')).get(localeCookieKey);
  const answerOf = (c: Context) => ({
    url: c.req.url,
    cookieHeader: c.req.header('cookie'),
    userAgent: c.req.header('user-agent') ?? '',
  });

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    for (const [name, value] of Object.entries(headers)) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    if (deps.draining()) c.res.headers.set('Connection', 'close');
    // No query (it may hold a code or state), no cookie, no token.
    deps.log({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  app.use('*', compress());
  // Every write from another site is refused here, before any route (the API proxy, the gate's
  // form, sign-out, the user's sessions) sees it.
  app.use(
    '*',
    refuseCrossSiteWrites(portalOrigin, (c) => errorResponse(403, 'request.crossSite', languageOf(c))),
  );

  app.get('/health', async (c) => {
    const ok = !deps.draining() && (await deps.health().catch(() => false));
    return c.json({ status: ok ? 'ok' : 'unavailable' }, ok ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  app.get('/config.json', (c) =>
    c.body(configBody, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }),
  );

  app.all(`${apiPrefix}/*`, async (c) => {
    const language = languageOf(c);
    const session = await deps.auth.currentSession(c.req.header('cookie'));
    const forwardedFor = remoteAddressOf(c);
    const { response, sessionEnded } = await deps.proxy({ request: c.req.raw, session, language, forwardedFor });
    if (sessionEnded) response.headers.append('Set-Cookie', clearSessionCookie(true));
    return response;
  });

  /** The request's first view from the portal's server bundle (none without one). */
  const firstViewOf = (
    c: Context,
    boot: PortalBoot,
    language: string,
    session: Awaited<ReturnType<Auth['currentSession']>>,
  ): FirstView | undefined => {
    const start = deps.startFirstView;
    if (start === undefined || c.req.method !== 'GET') return undefined;
    const url = new URL(c.req.url);
    const forwardedFor = remoteAddressOf(c);
    try {
      return start({
        path: url.pathname,
        search: url.search.slice(1),
        cookieHeader: c.req.header('cookie'),
        boot,
        language,
        config: deps.runtime,
        // The API as this user: through the proxy, as the page's own calls go (token refresh included).
        fetch: async (request) => (await deps.proxy({ request, session, language, forwardedFor })).response,
      });
    } catch (error) {
      deps.log({
        level: 'warn',
        path: c.req.path,
        firstView: 'client',
        reason: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  };

  /**
   * A page: with a first view, its start goes out at once and the rendered rest follows
   * (streamed); a redirect the plan finds is answered before any of it. Without one, or when
   * the plan fails, the page the client renders.
   */
  const page = async (c: Context, error?: PortalError, setCookies: readonly string[] = []) => {
    const session = error === undefined ? await deps.auth.currentSession(c.req.header('cookie')) : undefined;
    const boot: PortalBoot = {
      user: session === undefined ? null : publicUser(session.user),
      ...(error === undefined ? {} : { error }),
    };
    const cookies = parseRequestCookies(c.req.header('cookie'));
    const root = {
      lang: resolveLocale(cookies.get(localeCookieKey)),
      theme: themeAttribute(toTheme(cookies.get(themeCookieKey))),
    };
    const toClient = (reason: string) => {
      deps.log({ level: 'warn', path: c.req.path, firstView: 'client', reason });
      return undefined;
    };
    const view = firstViewOf(c, boot, root.lang, session);
    const plan = view === undefined ? undefined : await withinFirstViewTime(view.plan, toClient);
    const headers = new Headers({ 'Cache-Control': 'no-cache, private', Vary: 'Cookie' });
    for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
    if (plan?.kind === 'redirect') {
      headers.set('Location', plan.location);
      headers.set('Cache-Control', 'no-store');
      return new Response(null, { status: 302, headers });
    }
    const status = error !== undefined ? (error.kind === 'cancelled' ? 200 : error.status) : (plan?.status ?? 200);
    if (view === undefined || plan === undefined) {
      headers.set('Content-Type', 'text/html; charset=utf-8');
      return new Response(deps.site.page(boot, root), { status, headers });
    }
    // The page's inline style (the CSS its view uses) is allowed by a nonce of this answer.
    const nonce = randomBytes(16).toString('base64');
    headers.set('Content-Security-Policy', pagePolicy(nonce));
    const cache = session === undefined ? undefined : deps.renderCache?.forUser(session.user.id, root.lang);
    const rest = withinFirstViewTime(view.render(cache), (reason) => ({ kind: 'client' as const, reason })).then(
      (rendered) => {
        if (rendered.kind === 'client') {
          toClient(rendered.reason);
          return deps.site.pageEnd();
        }
        return deps.site.pageEnd({
          html: rendered.html,
          data: rendered.data,
          nonce,
          ...(rendered.greetings === undefined
            ? {}
            : { greetings: { texts: rendered.greetings, script: greetingScript } }),
        });
      },
    );
    return streamedHtml(
      deps.site.pageStart(boot, root, plan.title),
      rest,
      c.req.header('accept-encoding') ?? '',
      status,
      headers,
    );
  };
  const answer = (c: Context, result: AuthAnswer) => {
    if (result.kind === 'errorPage') return page(c, result.error, result.setCookies);
    const response =
      result.kind === 'redirect'
        ? new Response(null, { status: 302, headers: { Location: result.location, 'Cache-Control': 'no-store' } })
        : new Response(waitingPage(result.location, result.seconds, languageOf(c)), {
            status: 200,
            headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
          });
    for (const cookie of result.setCookies) response.headers.append('Set-Cookie', cookie);
    return response;
  };

  app.get(authRoutes.login, async (c) => answer(c, await deps.auth.login(answerOf(c))));
  // An application sent a signed-out user to the gate (through the provider): straight on to
  // the sign-in, whose provider session is usually alive (no second click on "Anmelden").
  app.get(authRoutes.appGate, async (c) => {
    if (
      c.req.query('client_id') === undefined ||
      (await deps.auth.currentSession(c.req.header('cookie'))) !== undefined
    )
      // What a refused form handed back is shown once (this page reads it).
      return page(
        c,
        undefined,
        parseRequestCookies(c.req.header('cookie')).has(gateFormCookie)
          ? [gateFormSetCookie('', deps.secureCookies, 0)]
          : [],
      );
    const url = new URL(c.req.url);
    return c.redirect(
      `${authRoutes.login}?${new URLSearchParams({ returnPath: `${url.pathname}${url.search}` })}`,
      302,
    );
  });
  // The gate's form without JavaScript (same-origin only, as every write); signed out, the sign-in first (back to the gate).
  app.post(
    authRoutes.appGate,
    bodyLimit({ maxSize: gateFormMaxBytes, onError: (c) => errorResponse(413, 'request.tooLarge', languageOf(c)) }),
    async (c) => {
      const language = languageOf(c);
      const clientId = c.req.query('client_id');
      if (clientId === undefined || clientId === '') return c.redirect(authRoutes.home, 303);
      const url = new URL(c.req.url);
      const gatePath = `${url.pathname}${url.search}`;
      const session = await deps.auth.currentSession(c.req.header('cookie'));
      if (session === undefined) return c.redirect(`/login?${new URLSearchParams({ returnPath: gatePath })}`, 303);
      const isForm = (c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
      const forwardedFor = remoteAddressOf(c);
      const { location, setCookies } = await deps.gateForm({
        url: c.req.url,
        clientId,
        form: new URLSearchParams(isForm ? await c.req.text() : ''),
        language,
        fetch: async (request) => (await deps.proxy({ request, session, language, forwardedFor })).response,
      });
      const response = new Response(null, {
        status: 303,
        headers: { Location: location, 'Cache-Control': 'no-store' },
      });
      for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
      return response;
    },
  );
  app.get('/auth/claims-refresh', async (c) => answer(c, await deps.auth.startClaimsRefresh(answerOf(c))));
  app.get(authRoutes.claimsRefreshReturn, async (c) => {
    const result = await deps.auth.claimsRefreshCallback(answerOf(c));
    return result === undefined ? page(c) : answer(c, result);
  });
  app.post('/auth/logout', async (c) => {
    const { location, setCookies } = await deps.auth.logout(answerOf(c));
    const wantsJson = (c.req.header('accept') ?? '').includes('application/json');
    const response = wantsJson
      ? new Response(JSON.stringify({ redirect: location }), {
          status: 200,
          headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
        })
      : new Response(null, { status: 303, headers: { Location: location } });
    for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
    return response;
  });

  // The user's own sessions (settings → security): JSON, same-origin writes only.
  const json = (body: unknown, status: 200 | 404 = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  const withSession = async (
    c: Context,
    work: (record: NonNullable<Awaited<ReturnType<Auth['currentSession']>>>) => Promise<Response>,
  ) => {
    const language = languageOf(c);
    const record = await deps.auth.currentSession(c.req.header('cookie'));
    if (record === undefined)
      return errorResponse(401, 'session.ended', language, { 'Set-Cookie': clearSessionCookie(true) });
    return work(record);
  };
  app.get(mySessionsPath, (c) =>
    withSession(c, async (record) => json({ sessions: await deps.mySessions.list(record) })),
  );
  app.post(`${mySessionsPath}/end-others`, (c) =>
    withSession(c, async (record) => json({ ended: await deps.mySessions.endOthers(record) })),
  );
  app.delete(`${mySessionsPath}/:id`, (c) =>
    withSession(c, async (record) => {
      const ended = await deps.mySessions.end(record, c.req.param('id'));
      if (!ended) return errorResponse(404, 'session.notFound', languageOf(c));
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
    }),
  );

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
    deps.log({
      level: 'error',
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? error.message : String(error),
    });
    return errorResponse(502, 'upstream.unavailable', languageOf(c));
  });
  return app;
}
