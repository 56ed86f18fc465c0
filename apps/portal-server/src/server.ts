// The portal server's parts put together (main.ts starts it; tests build it with their own
// provider, API and database).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IdentityProvider } from '@portal/core';
import { authConfigOf, localeCookieKey, resolveLocale } from '@portal/core';
import { createOidcIdentityProvider, parseRequestCookies } from '@portal/adapters';
import type { ServerConfig } from './config.ts';
import { migrate, openSql, type Sql } from './db.ts';
import { createSessions, createRefreshLocks } from './sessions.ts';
import { createMySessions } from './my-sessions.ts';
import { createAuth } from './auth.ts';
import { createApiProxy } from './proxy.ts';
import { loadStaticSite } from './static-files.ts';
import { createApp } from './app.ts';
import { fetchWithRules, runUpstream } from './upstream.ts';
import { loadFirstViewRenderer } from './first-view.ts';
import type { StartFirstView } from '@portal/portal/first-view';

export interface ServerOverrides {
  readonly sql?: Sql;
  readonly identityProvider?: IdentityProvider;
  readonly fetch?: typeof globalThis.fetch;
  readonly log?: (entry: Record<string, unknown>) => void;
  readonly now?: () => number;
  /** The first view's renderer; null: none (every page rendered by the client). Default: the build's. */
  readonly startFirstView?: StartFirstView | null;
}

const sweepEveryMs = 10 * 60_000;
const languageOf = (cookieHeader: string | undefined) =>
  resolveLocale(parseRequestCookies(cookieHeader).get(localeCookieKey));

export async function createServer(config: ServerConfig, overrides: ServerOverrides = {}) {
  const sql =
    overrides.sql ??
    (await openSql(
      config.databaseUrl === undefined ? { dataDir: config.dataDir } : { connectionString: config.databaseUrl },
    ));
  await migrate(sql);
  const sessions = createSessions(sql, config.session, overrides.now);
  // The provider's `ui_locales` is the language of the request that starts the sign-in.
  const requestLanguage = new AsyncLocalStorage<string | undefined>();
  const rules = {
    timeoutMs: config.upstreamTimeoutMs,
    ...(overrides.fetch === undefined ? {} : { fetch: overrides.fetch }),
  };
  const identityProvider =
    overrides.identityProvider ??
    createOidcIdentityProvider({
      authority: config.runtime.idp.authority,
      clientId: config.runtime.clientId,
      getUiLocale: () => requestLanguage.getStore(),
      fetch: fetchWithRules(rules),
    });
  const authConfig = authConfigOf(config.runtime);
  const discovery = `${config.runtime.idp.authority}/${config.runtime.idp.policies.signIn}/v2.0/.well-known/openid-configuration`;
  const auth = createAuth({
    authConfig,
    policies: config.runtime.idp.policies,
    portalUrl: config.runtime.portalUrl,
    identityProvider,
    sessions,
    secureCookies: true,
    providerAnswers: () =>
      runUpstream(discovery, { method: 'GET' }, { ...rules, timeoutMs: 2_000, retries: 0 }).then(
        (r) => {
          void r.body?.cancel();
          return r.ok;
        },
        () => false,
      ),
  });
  const proxy = createApiProxy({
    apiUrl: config.apiUrl,
    authConfig,
    identityProvider,
    sessions,
    // Another instance's refresh of the same session takes at most its discovery and token
    // calls, each bounded by the upstream timeout: wait that long for it, then answer 502.
    locks: createRefreshLocks(sql, { waitMs: 2 * config.upstreamTimeoutMs }),
    timeoutMs: config.upstreamTimeoutMs,
    ...(overrides.fetch === undefined ? {} : { fetch: overrides.fetch }),
    ...(overrides.now === undefined ? {} : { now: overrides.now }),
  });
  let draining = false;
  const log =
    overrides.log ??
    ((entry: Record<string, unknown>) => console.log(JSON.stringify({ time: new Date().toISOString(), ...entry })));
  const startFirstView =
    overrides.startFirstView === undefined
      ? await loadFirstViewRenderer(config.firstViewEntry, log)
      : (overrides.startFirstView ?? undefined);
  const app = createApp({
    runtime: config.runtime,
    auth: {
      ...auth,
      // The portal's language: the cookie's when it names one, else the default (de), as the page shows.
      login: (request) => requestLanguage.run(languageOf(request.cookieHeader), () => auth.login(request)),
      startClaimsRefresh: (request) =>
        requestLanguage.run(languageOf(request.cookieHeader), () => auth.startClaimsRefresh(request)),
    },
    proxy,
    mySessions: createMySessions(sessions),
    site: loadStaticSite(config.distDir),
    ...(startFirstView === undefined ? {} : { startFirstView }),
    health: () => sql.query('SELECT 1').then(() => true),
    log,
    draining: () => draining,
  });
  const sweep = setInterval(() => void sessions.sweep().catch(() => undefined), sweepEveryMs);
  sweep.unref();
  return {
    app,
    sessions,
    sql,
    drain() {
      draining = true;
    },
    async close() {
      clearInterval(sweep);
      await sql.close();
    },
  };
}
