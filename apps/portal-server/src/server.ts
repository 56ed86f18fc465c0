// The portal server's parts put together, as an Effect that holds them in a Scope (ADR 0026):
// the database (closed last), the sweep of ended sessions (a fiber on a schedule) and the app.
// main.ts runs it in the program's Scope; tests build it with their own provider, API and
// database through `createServer`, the Promise boundary for them. The request handlers (Hono)
// are Promises behind `app.fetch`.
import { Cause, Data, Effect, Exit, Schedule, Scope, type Duration } from 'effect';
import type { AuthConfig, IdentityProvider } from '@portal/core';
import { authConfigOf } from '@portal/core';
import { createOidcIdentityProvider } from '@portal/adapters';
import { discoveryUrl, type LoadedProvider } from '@portal/server';
import type { ServerConfig } from './config.ts';
import { sql } from 'kysely';
import { migrate, openPortalDatabase, type PortalDatabase } from './db/database.ts';
import { type SessionRecord, createSessions, createRefreshLocks } from './sessions.ts';
import { createMySessions } from './my-sessions.ts';
import { createAuth } from './auth.ts';
import { createDirectory } from './directory.ts';
import { apiPrefix, createApiProxy } from './proxy.ts';
import { createGateForm } from './gate-form.ts';
import { loadStaticSite } from './static-files.ts';
import { createApp } from './app.ts';
import { fetchWithRules, runUpstream } from './upstream.ts';
import { loadFirstViewRenderer } from './first-view.ts';
import { createRenderCache } from './render-cache.ts';
import type { StartFirstView } from '@portal/portal/first-view';

export interface ServerOverrides {
  /** The database (tests open their own and close it; one opened here is closed with the server). */
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
  /** How often ended sessions are deleted (default 10 minutes; the first sweep at the start). */
  readonly sweepEvery?: Duration.DurationInput;
}

/** A step of the start failed (the database out of reach, a migration, the first view's bundle). */
export class StartFailed extends Data.TaggedError('StartFailed')<{ readonly step: string; readonly cause: unknown }> {}
/** A sweep of ended sessions failed (the next one comes on schedule). */
class SweepFailed extends Data.TaggedError('SweepFailed')<{ readonly cause: unknown }> {}

const step = <A>(name: string, run: () => Promise<A>) =>
  Effect.tryPromise({ try: run, catch: (cause) => new StartFailed({ step: name, cause }) });

export interface PortalServer {
  readonly app: ReturnType<typeof createApp>;
  readonly sessions: ReturnType<typeof createSessions>;
  readonly database: PortalDatabase;
  /** From now on /health answers 503 (the load balancer takes this instance out before it stops). */
  drain(): void;
}

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

export function makeServer(
  config: ServerConfig,
  overrides: ServerOverrides = {},
): Effect.Effect<PortalServer, StartFailed, Scope.Scope> {
  return Effect.gen(function* () {
    // A database opened here is closed with the server, after everything that uses it; one given stays the caller's.
    const database =
      overrides.database ??
      (yield* Effect.acquireRelease(
        step('the database', () =>
          openPortalDatabase(
            config.databaseUrl === undefined ? { dataDir: config.dataDir } : { connectionString: config.databaseUrl },
          ),
        ),
        (opened) => Effect.promise(() => opened.close().catch(() => undefined)),
      ));
    yield* step('the migrations', () => migrate(database.db));
    const log =
      overrides.log ??
      ((entry: Record<string, unknown>) => console.log(JSON.stringify({ time: new Date().toISOString(), ...entry })));
    const startFirstView =
      overrides.startFirstView === undefined
        ? yield* step('the first view', () => loadFirstViewRenderer(config.firstViewEntry, log))
        : (overrides.startFirstView ?? undefined);
    const parts = assemble(config, overrides, database, log, startFirstView);
    // Ended sessions are deleted at the start and then every 10 minutes, until the Scope closes;
    // a sweep under way finishes first (the database closes after it).
    const sweep = Effect.tryPromise({
      try: () => parts.sessions.sweep(),
      catch: (cause) => new SweepFailed({ cause }),
    }).pipe(
      Effect.uninterruptible,
      Effect.catchTag('SweepFailed', ({ cause }) =>
        Effect.sync(() =>
          log({ event: 'session sweep failed', error: cause instanceof Error ? cause.message : String(cause) }),
        ),
      ),
      // A bug must not end the sweeps silently: it is told, and the next sweep comes.
      Effect.catchAllDefect((defect) =>
        Effect.sync(() => log({ event: 'session sweep failed', error: String(defect) })),
      ),
    );
    yield* Effect.forkScoped(Effect.repeat(sweep, Schedule.spaced(overrides.sweepEvery ?? '10 minutes')));
    return parts;
  });
}

/**
 * The server for tests (the Promise boundary): `makeServer` in a Scope of its own, closed by
 * `close()` (the sweeps stopped, a database it opened closed); a start that fails closes what it opened.
 */
export async function createServer(config: ServerConfig, overrides: ServerOverrides = {}) {
  const scope = Effect.runSync(Scope.make());
  const exit = await Effect.runPromiseExit(Scope.extend(makeServer(config, overrides), scope));
  if (Exit.isFailure(exit)) {
    await Effect.runPromise(Scope.close(scope, exit));
    throw Cause.squash(exit.cause);
  }
  return { ...exit.value, close: () => Effect.runPromise(Scope.close(scope, Exit.void)) };
}

/** The app and what it needs, over an open and migrated database. */
function assemble(
  config: ServerConfig,
  overrides: ServerOverrides,
  database: PortalDatabase,
  log: (entry: Record<string, unknown>) => void,
  startFirstView: StartFirstView | undefined,
): PortalServer {
  const { db } = database;
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
  /** The API as a session's user, through the proxy (its token refresh included). */
  const callApi = async (
    session: SessionRecord,
    method: 'GET' | 'POST',
    pathAndQuery: string,
    language: string | undefined,
  ) =>
    (
      await proxy({
        request: new Request(`${config.runtime.portalUrl}/api${pathAndQuery}`, { method }),
        session,
        language,
        forwardedFor: '',
      })
    ).response;
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
    askApi: (session, pathAndQuery, language) => callApi(session, 'GET', pathAndQuery, language),
    directory: createDirectory({
      callApi: (session, method, pathAndQuery) => callApi(session, method, pathAndQuery, undefined),
      dataClaim: provider.claims.data,
      log,
    }),
  });
  let draining = false;
  const app = createApp({
    runtime: config.runtime,
    auth,
    proxy,
    mySessions: createMySessions(sessions),
    gateForm: createGateForm({ apiUrl: `${config.runtime.portalUrl}${apiPrefix}`, secureCookies: true }),
    secureCookies: true,
    site: loadStaticSite(config.distDir),
    ...(startFirstView === undefined ? {} : { startFirstView, renderCache: createRenderCache() }),
    health: () => sql`SELECT 1`.execute(db).then(() => true),
    log,
    draining: () => draining,
  });
  return {
    app,
    sessions,
    database,
    drain() {
      draining = true;
    },
  };
}
