// Environment of the API (names and defaults from scripts/stack-config.ts). The identity
// provider's configuration is @portal/server's, the same the portal server reads (issue #27).
import { join } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { providerConfigFromEnv, type ProviderConfig } from '@portal/server';
import { DEVELOPMENT_KEY_ID, developmentKeys, parseSecretKeys, secretBox } from './secrets.ts';
import type { SecretBox, SecretKey } from './secrets.ts';

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
  /** The key ring secrets at rest are sealed with (API_SECRETS_KEYS; src/secrets.ts). */
  secrets: SecretBox;
  /** True when API_SECRETS_KEYS is not set and the public development key is used (never in production). */
  developmentSecretsKey: boolean;
}

const isDevelopmentKey = (k: SecretKey) =>
  k.id === DEVELOPMENT_KEY_ID ||
  developmentKeys.some((d) => d.key.length === k.key.length && timingSafeEqual(d.key, k.key));

/**
 * The key ring of API_SECRETS_KEYS. Production needs one of its own (the start stops without it, or
 * with the development key in it); elsewhere an unset variable means the public development key.
 */
function secretKeysOf(env: NodeJS.ProcessEnv, production: boolean): { keys: SecretKey[]; development: boolean } {
  const text = env.API_SECRETS_KEYS?.trim() ?? '';
  if (text === '') {
    if (production)
      throw new Error(
        'API_SECRETS_KEYS must be set in production: <id>=<base64 of 32 bytes>, e.g. k1=$(openssl rand -base64 32) (docs/webhooks.md)',
      );
    return { keys: [...developmentKeys], development: true };
  }
  const keys = parseSecretKeys(text);
  if (production && keys.some(isDevelopmentKey))
    throw new Error('API_SECRETS_KEYS holds the public development key (id development): set a key of your own');
  return { keys, development: false };
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
  const production = env.NODE_ENV === 'production';
  const secrets = secretKeysOf(env, production);
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
    production,
    expiryIntervalMs,
    secrets: secretBox(secrets.keys),
    developmentSecretsKey: secrets.development,
  };
}

/** The configuration, or one line on stderr and exit code 1 when it is wrong (a start stops there). */
export function configOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return readConfig(env);
  } catch (e) {
    console.error(`api: cannot start: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
