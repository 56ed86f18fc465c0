// The portal server's parts put together (main.ts starts it; tests build it with their own
// provider, API and database).
import type { AuthConfig, IdentityProvider } from '@portal/core';
import { authConfigOf } from '@portal/core';
import { createOidcIdentityProvider } from '@portal/adapters';
import { discoveryUrl, type LoadedProvider } from '@portal/server';
import type { ServerConfig } from './config.ts';
import { sql } from 'kysely';
import { migrate, openPortalDatabase, type PortalDatabase } from './db/database.ts';
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
  /** The database (tests open their own; closed with the server). */
  readonly database?: PortalDatabase;
  /** The provider as the start found it (its discovery documents checked, @portal/server loadProvider). */
  readonly provider?: LoadedProvider;
  /** Instead of the provider: a provider port of the test's own. */
  readonly identityProvider?: IdentityProvider;
  readonly fetch?: typeof globalThis.fetch;
  readonly log?: (entry: Record<string, unknown>) => void;
  readonly now?: () => number;
  /** The first view's renderer; null: none (every page rendered by the client). Default: the build's. */
  readonly startFirstView?: StartFirstView | null;
}

const sweepEveryMs = 10 * 60_000;

/** The provider port over the start's checked discovery documents: each policy's location and issuer. */
function providerPort(config: ServerConfig, loaded: LoadedProvider | undefined, fetch: typeof globalThis.fetch) {
  if (loaded === undefined) throw new Error('createServer: neither a loaded provider nor an identityProvider');
  const policies = Object.fromEntries(
    Object.entries(config.provider.discovery).flatMap(([policy, discovery]) => {
      const issuer = loaded.metadata.get(policy)?.issuer;
      return issuer === undefined ? [] : [[policy, { discovery, issuer }]];
    }),
  );
  const { clientAuth } = config.provider;
  return createOidcIdentityProvider({
    policies,
    clientId: config.provider.clientId,
    clientAuthentication:
      clientAuth.method === 'private_key_jwt'
        ? { method: 'private_key_jwt', privateJwk: clientAuth.privateJwk }
        : clientAuth,
    claimNames: config.provider.claims,
    fetch,
  });
}

export async function createServer(config: ServerConfig, overrides: ServerOverrides = {}) {
  const database =
    overrides.database ??
    (await openPortalDatabase(
      config.databaseUrl === undefined ? { dataDir: config.dataDir } : { connectionString: config.databaseUrl },
    ));
  const { db } = database;
  await migrate(db);
  const sessions = createSessions(db, config.session, overrides.now);
  const rules = {
    timeoutMs: config.upstreamTimeoutMs,
    ...(overrides.fetch === undefined ? {} : { fetch: overrides.fetch }),
  };
  const identityProvider =
    overrides.identityProvider ?? providerPort(config, overrides.provider, fetchWithRules(rules));
  const { provider } = config;
  const pageAuthConfig = authConfigOf(config.runtime);
  const authConfig: AuthConfig = {
    ...pageAuthConfig,
    scopes: [...pageAuthConfig.scopes, ...provider.extraScopes.filter((s) => !pageAuthConfig.scopes.includes(s))],
    policies: provider.flows,
    ...(provider.refreshPrompt === undefined ? {} : { refreshPrompt: provider.refreshPrompt }),
  };
  const discovery = discoveryUrl(provider.discovery[provider.flows.signIn] ?? config.runtime.idp.authority);
  const proxy = createApiProxy({
    apiUrl: config.apiUrl,
    authConfig,
    identityProvider,
    sessions,
    // Another instance's refresh of the same session takes at most its discovery and token
    // calls, each bounded by the upstream timeout: wait that long for it, then answer 502.
    locks: createRefreshLocks(database, { waitMs: 2 * config.upstreamTimeoutMs }),
    timeoutMs: config.upstreamTimeoutMs,
    ...(overrides.fetch === undefined ? {} : { fetch: overrides.fetch }),
    ...(overrides.now === undefined ? {} : { now: overrides.now }),
  });
  const auth = createAuth({
    authConfig,
    accountPages: provider.accountPages,
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
    askApi: async (session, pathAndQuery, language) =>
      (
        await proxy({
          request: new Request(`${config.runtime.portalUrl}/api${pathAndQuery}`),
          session,
          language,
          forwardedFor: '',
        })
      ).response,
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
    auth,
    proxy,
    mySessions: createMySessions(sessions),
    site: loadStaticSite(config.distDir),
    ...(startFirstView === undefined ? {} : { startFirstView }),
    health: () => sql`SELECT 1`.execute(db).then(() => true),
    log,
    draining: () => draining,
  });
  const sweep = setInterval(() => void sessions.sweep().catch(() => undefined), sweepEveryMs);
  sweep.unref();
  return {
    app,
    sessions,
    database,
    drain() {
      draining = true;
    },
    async close() {
      clearInterval(sweep);
      await database.close();
    },
  };
}
