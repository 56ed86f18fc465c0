// Environment of the API (names and defaults from scripts/stack-config.ts).
import { join } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { DEVELOPMENT_KEY_ID, developmentKeys, parseSecretKeys, secretBox } from './secrets.ts';
import type { SecretBox, SecretKey } from './secrets.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
export interface Config {
  port: number;
  /** PGlite's directory (default <repo>/.data/api); unused with DATABASE_URL. */
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  authority: string;
  jwksUrl: string;
  audience: string;
  policies: string[];
  portalUrl: string;
  apiUrl: string;
  /** Where browsers reach the API (API_PUBLIC_URL, default API_URL): the base of logo URLs. */
  publicUrl: string;
  seed: 'demo' | 'large' | 'none';
  dealerShopUrl: string;
  production: boolean;
  /** How often the expiry job of time-bound access sweeps (API_EXPIRY_INTERVAL_MS, default 60 s). */
  expiryIntervalMs: number;
  /** The access token's claim that lists the user's directory groups (API_GROUPS_CLAIM, default `groups`, #29.3). */
  groupsClaim: string;
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
  const authority = (env.IDP_AUTHORITY ?? 'http://localhost:4001').replace(/\/$/, '');
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
    authority,
    jwksUrl: env.IDP_JWKS_URL ?? `${authority}/b2c_1a_signin/discovery/v2.0/keys`,
    audience: env.API_AUDIENCE ?? 'portal-api',
    policies: [
      env.IDP_SIGNIN_POLICY ?? 'b2c_1a_signin',
      env.IDP_REFRESH_POLICY ?? 'b2c_1a_refresh',
      env.IDP_PASSWORD_POLICY ?? 'b2c_1a_password_change',
      env.IDP_EMAIL_POLICY ?? 'b2c_1a_email_change',
    ],
    portalUrl: (env.PORTAL_URL ?? 'http://localhost:5173').replace(/\/$/, ''),
    apiUrl: (env.API_URL ?? 'http://localhost:4000').replace(/\/$/, ''),
    publicUrl: (env.API_PUBLIC_URL || env.API_URL || 'http://localhost:4000').replace(/\/$/, ''),
    seed,
    dealerShopUrl: (env.DEALER_SHOP_URL ?? 'http://localhost:4002').replace(/\/$/, ''),
    production,
    expiryIntervalMs,
    groupsClaim: env.API_GROUPS_CLAIM || 'groups',
    secrets: secretBox(secrets.keys),
    developmentSecretsKey: secrets.development,
  };
}

/** The configuration, or one line on stderr and exit code 1 when it is wrong (a start stops there). */
export function configOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return readConfig(env);
  } catch (e) {
    console.error(`api: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
