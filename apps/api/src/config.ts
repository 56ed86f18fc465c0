// Environment of the API (names and defaults from scripts/stack-config.ts). The identity
// provider's configuration is @portal/server's, the same the portal server reads (issue #27).
import { join } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { providerConfigFromEnv, type ProviderConfig } from '@portal/server';
import { DEVELOPMENT_KEY_ID, developmentKeys, parseSecretKeys, secretBox } from './secrets.ts';
import type { SecretBox, SecretKey } from './secrets.ts';
import type { ProviderAdmin } from './db/seed/demo.ts';

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
  /** API_SEED_ADMIN: a user of the provider the demo seed makes global administrator (their issuer: the provider's). */
  seedAdmin: Omit<ProviderAdmin, 'issuer'> | undefined;
  dealerShopUrl: string;
  production: boolean;
  /** How often the expiry job of time-bound access sweeps (API_EXPIRY_INTERVAL_MS, default 60 s). */
  expiryIntervalMs: number;
  /** How often the job runner asks for jobs queued by other instances or left by dead ones (API_JOB_POLL_INTERVAL_MS, default 2 s; #28.6). */
  jobPollIntervalMs: number;
  /** E-mail (#29); undefined without SMTP_HOST: then no mail is queued or sent. */
  mail: MailConfig | undefined;
  /** The key ring secrets at rest are sealed with (API_SECRETS_KEYS; src/secrets.ts). */
  secrets: SecretBox;
  /** True when API_SECRETS_KEYS is not set and the public development key is used (never in production). */
  developmentSecretsKey: boolean;
}

export interface SmtpConfig {
  host: string;
  /** SMTP_PORT (default 465 with SMTP_SECURE, else 587). */
  port: number;
  /** SMTP_SECURE=true: TLS from the start (port 465). */
  secure: boolean;
  /** SMTP_STARTTLS: auto (upgrade when offered, nodemailer's default), required, never. */
  starttls: 'auto' | 'required' | 'never';
  /** SMTP_USER and SMTP_PASSWORD: authentication when a user is set. */
  user: string | undefined;
  password: string | undefined;
}

interface MailConfig {
  smtp: SmtpConfig;
  /** MAIL_FROM (default `"<BRAND_NAME>" <no-reply@<PORTAL_URL's host>>`). */
  from: string;
  /** BRAND_NAME (default 'HK Küchen', as the portal). */
  brandName: string;
  /** MAIL_INTERNAL_COPY_TO: the internal copy of access requests (applications with that setting on); none when unset. */
  internalCopyTo: string | null;
  /** MAIL_TIME_ZONE: the days in mails are read there (default Europe/Berlin). */
  timeZone: string;
  /** MAIL_POLL_INTERVAL_MS: how often the sender asks the outbox (default 5 s). */
  pollIntervalMs: number;
  /** MAIL_SEND_TIMEOUT_MS: one SMTP send at most (default 30 s). */
  sendTimeoutMs: number;
}

const emailPattern = /^[^\s@<>]+@[^\s@<>]+$/;

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not ${raw}`);
  return n;
}

function readMailConfig(env: NodeJS.ProcessEnv, portalUrl: string): MailConfig | undefined {
  const host = env.SMTP_HOST?.trim();
  if (!host) return undefined;
  const secureText = (env.SMTP_SECURE ?? 'false').toLowerCase();
  if (secureText !== 'true' && secureText !== 'false')
    throw new Error(`SMTP_SECURE must be true or false, not ${env.SMTP_SECURE}`);
  const secure = secureText === 'true';
  const starttls = (env.SMTP_STARTTLS ?? 'auto').toLowerCase();
  if (starttls !== 'auto' && starttls !== 'required' && starttls !== 'never')
    throw new Error(`SMTP_STARTTLS must be auto, required or never, not ${env.SMTP_STARTTLS}`);
  const brandName = env.BRAND_NAME?.trim() || 'HK Küchen';
  const internalCopyTo = env.MAIL_INTERNAL_COPY_TO?.trim() || null;
  if (internalCopyTo !== null && !emailPattern.test(internalCopyTo))
    throw new Error(`MAIL_INTERNAL_COPY_TO must be an e-mail address, not ${internalCopyTo}`);
  const timeZone = env.MAIL_TIME_ZONE?.trim() || 'Europe/Berlin';
  try {
    new Intl.DateTimeFormat('de', { timeZone });
  } catch {
    throw new Error(`MAIL_TIME_ZONE must be an IANA time zone such as Europe/Berlin, not ${timeZone}`);
  }
  const from =
    env.MAIL_FROM?.trim() || `"${brandName.replace(/["\\]/g, '')}" <no-reply@${new URL(portalUrl).hostname}>`;
  return {
    smtp: {
      host,
      port: whole(env, 'SMTP_PORT', secure ? 465 : 587, 1, 65535),
      secure,
      starttls,
      user: env.SMTP_USER || undefined,
      password: env.SMTP_PASSWORD || undefined,
    },
    from,
    brandName,
    internalCopyTo,
    timeZone,
    pollIntervalMs: whole(env, 'MAIL_POLL_INTERVAL_MS', 5000, 100, 3_600_000),
    sendTimeoutMs: whole(env, 'MAIL_SEND_TIMEOUT_MS', 30_000, 1000, 600_000),
  };
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

/**
 * API_SEED_ADMIN, `<subject>,<e-mail>,<first name>,<last name>` (the names may be empty): a user of
 * the provider whom the demo seed of an empty database makes the portal's global administrator.
 */
function seedAdminOf(text: string | undefined): Omit<ProviderAdmin, 'issuer'> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const [subject = '', email = '', firstName = '', lastName = '', ...rest] = text.split(',').map((p) => p.trim());
  if (
    subject === '' ||
    subject.length > 100 ||
    !/^[^\s@]+@[^\s@]+$/.test(email) ||
    email.length > 254 ||
    rest.length > 0
  )
    throw new Error(
      `API_SEED_ADMIN must be <subject>,<e-mail>,<first name>,<last name> (the provider's subject of the user, up to 100 characters), not ${text}`,
    );
  return { subject, email, firstName: firstName.slice(0, 100), lastName: lastName.slice(0, 100) };
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
  const portalUrl = (env.PORTAL_URL ?? 'http://localhost:5173').replace(/\/$/, '');
  const production = env.NODE_ENV === 'production';
  const secrets = secretKeysOf(env, production);
  return {
    port: Number(env.API_PORT ?? 4000),
    dataDir:
      env.API_DATA_DIR || (env.DATABASE_URL ? undefined : join(env.STACK_DATA_DIR || join(repoRoot, '.data'), 'api')),
    databaseUrl: env.DATABASE_URL || undefined,
    // The API checks the provider's tokens; the portal's client credentials are not its business.
    provider: providerConfigFromEnv(env, { asClient: false }),
    internal:
      internalIssuer === ''
        ? undefined
        : {
            issuer: internalIssuer,
            jwksUrl:
              env.IDP_JWKS_URL ?? `${internalIssuer.replace(/\/internal$/, '')}/b2c_1a_signin/discovery/v2.0/keys`,
          },
    audience: env.API_AUDIENCE ?? 'portal-api',
    portalUrl,
    apiUrl: (env.API_URL ?? 'http://localhost:4000').replace(/\/$/, ''),
    publicUrl: (env.API_PUBLIC_URL || env.API_URL || 'http://localhost:4000').replace(/\/$/, ''),
    seed,
    seedAdmin: seedAdminOf(env.API_SEED_ADMIN),
    dealerShopUrl: (env.DEALER_SHOP_URL ?? 'http://localhost:4002').replace(/\/$/, ''),
    production,
    expiryIntervalMs,
    jobPollIntervalMs: whole(env, 'API_JOB_POLL_INTERVAL_MS', 2000, 100, 3_600_000),
    mail: readMailConfig(env, portalUrl),
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
