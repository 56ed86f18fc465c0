// The portal server's configuration from its environment (names and defaults of the local
// stack, scripts/stack-config.ts), read through Effect's Config: a wrong value stops the start
// with the variable's name.
import { join } from 'node:path';
import { Config, Effect } from 'effect';
import { runtimeConfigFromEnv, type RuntimeConfig } from '@portal/portal/runtime-config';
import { providerConfigFromEnv, type ProviderConfig } from '@portal/server';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly runtime: RuntimeConfig;
  /** The identity provider (@portal/server, issue #27): its kind, policies, client authentication, claims. */
  readonly provider: ProviderConfig;
  /** The API as this server calls it (API_URL). */
  readonly apiUrl: string;
  readonly distDir: string;
  /** The portal's server bundle that renders the first view (PORTAL_SSR_ENTRY; issue #16). */
  readonly firstViewEntry: string;
  /** PostgreSQL for sessions (PORTAL_DATABASE_URL, else DATABASE_URL); PGlite under dataDir without one. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly session: { readonly idleMs: number; readonly absoluteMs: number };
  readonly upstreamTimeoutMs: number;
  readonly shutdownGraceMs: number;
}

const minutes = (n: number) => n * 60_000;

export const serverConfig: Effect.Effect<ServerConfig, unknown> = Effect.gen(function* () {
  const port = yield* Config.integer('PORTAL_PORT').pipe(Config.withDefault(5173));
  const host = yield* Config.string('PORTAL_HOST').pipe(Config.withDefault('0.0.0.0'));
  const apiUrl = yield* Config.string('API_URL').pipe(Config.withDefault('http://localhost:4000'));
  const distDir = yield* Config.string('PORTAL_DIST_DIR').pipe(
    Config.withDefault(join(repoRoot, 'apps', 'portal', 'dist')),
  );
  const firstViewEntry = yield* Config.string('PORTAL_SSR_ENTRY').pipe(
    Config.withDefault(join(repoRoot, 'apps', 'portal', 'dist-ssr', 'server-render.js')),
  );
  const portalDatabaseUrl = yield* Config.option(Config.string('PORTAL_DATABASE_URL'));
  const databaseUrl = yield* Config.option(Config.string('DATABASE_URL'));
  const stackDataDir = yield* Config.string('STACK_DATA_DIR').pipe(Config.withDefault(join(repoRoot, '.data')));
  const dataDir = yield* Config.string('PORTAL_DATA_DIR').pipe(Config.withDefault(join(stackDataDir, 'portal-server')));
  const idleMinutes = yield* Config.integer('SESSION_IDLE_MINUTES').pipe(
    Config.withDefault(8 * 60),
    Config.validate({ message: 'must be at least 1', validation: (n) => n >= 1 }),
  );
  const absoluteHours = yield* Config.integer('SESSION_ABSOLUTE_HOURS').pipe(
    Config.withDefault(7 * 24),
    Config.validate({ message: 'must be at least 1', validation: (n) => n >= 1 }),
  );
  const upstreamTimeoutMs = yield* Config.integer('UPSTREAM_TIMEOUT_MS').pipe(Config.withDefault(15_000));
  const url = [portalDatabaseUrl, databaseUrl]
    .map((o) => (o._tag === 'Some' ? o.value : undefined))
    .find((v) => v !== undefined && v !== '');
  const provider = yield* Effect.try({ try: () => providerConfigFromEnv(process.env), catch: (error) => error });
  return {
    port,
    host,
    runtime: withProvider(runtimeConfigFromEnv(process.env), provider),
    provider,
    apiUrl: apiUrl.replace(/\/+$/, ''),
    distDir,
    firstViewEntry,
    databaseUrl: url,
    dataDir,
    session: { idleMs: minutes(idleMinutes), absoluteMs: minutes(absoluteHours * 60) },
    upstreamTimeoutMs,
    shutdownGraceMs: 10_000,
  };
});

/** The page's view of the provider: where it is, its sign-in and refresh policies, which changes it offers. */
function withProvider(runtime: RuntimeConfig, provider: ProviderConfig): RuntimeConfig {
  const signInLocation = provider.discovery[provider.flows.signIn] ?? runtime.idp.authority;
  return {
    ...runtime,
    clientId: provider.clientId,
    idp: {
      authority: new URL(signInLocation).origin,
      policies: { signIn: provider.flows.signIn, refresh: provider.flows.refresh },
      changes: {
        password: provider.flows.passwordChange !== undefined || provider.accountPages.passwordChange !== undefined,
        email: provider.flows.emailChange !== undefined || provider.accountPages.emailChange !== undefined,
      },
    },
  };
}
