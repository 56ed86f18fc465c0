// Environment of the API (names and defaults from scripts/stack-config.ts). The identity
// provider's configuration is @portal/server's, the same the portal server reads (issue #27).
import { join } from 'node:path';
import { providerConfigFromEnv, type ProviderConfig } from '@portal/server';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
export interface Config {
  port: number;
  /** PGlite's directory (default <repo>/.data/api); unused with DATABASE_URL. */
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  /** The identity provider whose access tokens the API accepts. */
  provider: ProviderConfig;
  /** The local provider's service tokens (the internal calls): their issuer and key set. */
  internal: { issuer: string; jwksUrl: string } | undefined;
  audience: string;
  portalUrl: string;
  apiUrl: string;
  /** Where browsers reach the API (API_PUBLIC_URL, default API_URL): the base of logo URLs. */
  publicUrl: string;
  seed: 'demo' | 'large' | 'none';
  dealerShopUrl: string;
  production: boolean;
  /** How often the expiry job of time-bound access sweeps (API_EXPIRY_INTERVAL_MS, default 60 s). */
  expiryIntervalMs: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // The local provider calls the internal endpoints; elsewhere they answer 401 (IDP_INTERNAL_ISSUER empty).
  const internalIssuer =
    env.IDP_INTERNAL_ISSUER ?? `${(env.IDP_AUTHORITY ?? 'http://localhost:4001').replace(/\/$/, '')}/internal`;
  const seed = env.API_SEED ?? 'demo';
  if (seed !== 'demo' && seed !== 'large' && seed !== 'none')
    throw new Error(`API_SEED must be demo, large or none, not ${seed}`);
  const expiryIntervalMs = Number(env.API_EXPIRY_INTERVAL_MS ?? 60_000);
  if (!Number.isInteger(expiryIntervalMs) || expiryIntervalMs < 100)
    throw new Error(
      `API_EXPIRY_INTERVAL_MS must be a whole number of milliseconds, at least 100, not ${env.API_EXPIRY_INTERVAL_MS}`,
    );
  return {
    port: Number(env.API_PORT ?? 4000),
    dataDir:
      env.API_DATA_DIR || (env.DATABASE_URL ? undefined : join(env.STACK_DATA_DIR || join(repoRoot, '.data'), 'api')),
    databaseUrl: env.DATABASE_URL || undefined,
    provider: providerConfigFromEnv(env),
    internal:
      internalIssuer === ''
        ? undefined
        : {
            issuer: internalIssuer,
            jwksUrl:
              env.IDP_JWKS_URL ?? `${internalIssuer.replace(/\/internal$/, '')}/b2c_1a_signin/discovery/v2.0/keys`,
          },
    audience: env.API_AUDIENCE ?? 'portal-api',
    portalUrl: (env.PORTAL_URL ?? 'http://localhost:5173').replace(/\/$/, ''),
    apiUrl: (env.API_URL ?? 'http://localhost:4000').replace(/\/$/, ''),
    publicUrl: (env.API_PUBLIC_URL || env.API_URL || 'http://localhost:4000').replace(/\/$/, ''),
    seed,
    dealerShopUrl: (env.DEALER_SHOP_URL ?? 'http://localhost:4002').replace(/\/$/, ''),
    production: env.NODE_ENV === 'production',
    expiryIntervalMs,
  };
}
