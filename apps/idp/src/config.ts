// The provider's configuration, read from the environment of the local stack
// (scripts/stack-config.ts names every variable and its default).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JWK } from 'jose';

export type PolicyKind = 'signin' | 'refresh' | 'password' | 'email';

/**
 * How the provider lays out its policies (IDP_SHAPE):
 * - `policy-issuer`: every policy is its own issuer `${authority}/<policy>/v2.0` (the default);
 * - `b2c-tenant`: as a real Azure AD B2C tenant, discovery and endpoints under
 *   `${authority}/<tenant name>.onmicrosoft.com/<policy>/…` and ONE issuer
 *   `${authority}/<tenant id>/v2.0/` for every policy, the policy named in `tfp` (or `acr`).
 */
export type IdpShape = 'policy-issuer' | 'b2c-tenant';

/** The claim that names a token's policy (IDP_POLICY_CLAIM), as a B2C tenant is set to. */
export type PolicyClaim = 'tfp' | 'acr';

/** How the portal's client authenticates at the token endpoint. */
export type PortalClientAuth =
  | { method: 'none' }
  | { method: 'client_secret_basic'; secret: string }
  | { method: 'private_key_jwt'; jwks: { keys: JWK[] } };

export interface IdpConfig {
  /** Port to listen on (0 picks a free one). */
  port: number;
  /** Base URL of the provider, e.g. http://localhost:4001 (no trailing slash). */
  authority: string;
  dataDir: string;
  portalUrl: string;
  dealerShopUrl: string;
  apiUrl: string;
  apiAudience: string;
  apiScope: string;
  policies: Record<PolicyKind, string>;
  production: boolean;
  /** Lifetime of access and ID tokens in seconds (IDP_ACCESS_TOKEN_SECONDS, default one hour). */
  accessTokenSeconds: number;
  /** Every token endpoint answer is held this long (IDP_TOKEN_DELAY_MS, default 0): a slow provider, for the refresh bench. */
  tokenDelayMs: number;
  shape: IdpShape;
  /** The B2C tenant (b2c-tenant shape): `name` as in `<name>.onmicrosoft.com`, `id` a GUID. */
  tenant: { name: string; id: string };
  policyClaim: PolicyClaim;
  portalClientAuth: PortalClientAuth;
  /** The claim that carries an internal account's directory groups (IDP_CLAIM_GROUPS, default `groups`), #29.3. */
  groupsClaim: string;
}

/** The tenant of the b2c-tenant shape unless IDP_TENANT_NAME / IDP_TENANT_ID say otherwise. */
export const defaultTenant = { name: 'hkkuechen', id: '4f1c2b7e-93a5-4d08-b6e1-2c7a9d3f5e80' } as const;

/** A configuration the provider cannot start with: names the variable, what was expected and what it was. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const trim = (url: string) => url.replace(/\/+$/, '');
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// B2C tenant names: lowercase letters and digits (the first label of <name>.onmicrosoft.com).
const TENANT_NAME = /^[a-z0-9]{1,256}$/;

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(`${name} must be one of ${allowed.join(', ')}; it is "${value}"`);
}

/** A whole number of milliseconds, 0 when unset. */
function millisecondsFromEnv(env: NodeJS.ProcessEnv, name: string): number {
  const value = env[name];
  if (value === undefined || value === '') return 0;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0)
    throw new ConfigError(`${name} must be a whole number of milliseconds, 0 or more; it is "${value}"`);
  return ms;
}

function tenantFromEnv(env: NodeJS.ProcessEnv): IdpConfig['tenant'] {
  const name = env.IDP_TENANT_NAME || defaultTenant.name;
  const id = env.IDP_TENANT_ID || defaultTenant.id;
  if (!TENANT_NAME.test(name))
    throw new ConfigError(
      `IDP_TENANT_NAME must be a B2C tenant name (lowercase letters and digits, without .onmicrosoft.com); it is "${name}"`,
    );
  if (!GUID.test(id)) throw new ConfigError(`IDP_TENANT_ID must be a GUID (the tenant id); it is "${id}"`);
  return { name, id: id.toLowerCase() };
}

function portalClientAuthFromEnv(env: NodeJS.ProcessEnv): PortalClientAuth {
  const secret = env.IDP_PORTAL_CLIENT_SECRET || undefined;
  const jwks = env.IDP_PORTAL_CLIENT_JWKS || undefined;
  if (secret && jwks)
    throw new ConfigError(
      'IDP_PORTAL_CLIENT_SECRET and IDP_PORTAL_CLIENT_JWKS are both set; the portal authenticates one way: set one',
    );
  if (secret) return { method: 'client_secret_basic', secret };
  if (!jwks) return { method: 'none' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(jwks);
  } catch {
    throw new ConfigError('IDP_PORTAL_CLIENT_JWKS must be a JSON Web Key Set ({"keys":[…]}); it is not JSON');
  }
  const keys =
    typeof parsed === 'object' && parsed !== null && 'keys' in parsed && Array.isArray(parsed.keys)
      ? (parsed.keys as unknown[])
      : undefined;
  if (!keys?.length || !keys.every((k) => typeof k === 'object' && k !== null && 'kty' in k))
    throw new ConfigError('IDP_PORTAL_CLIENT_JWKS must be a JSON Web Key Set ({"keys":[…]}) with at least one key');
  if (keys.some((k) => typeof k === 'object' && k !== null && 'd' in k))
    throw new ConfigError(
      'IDP_PORTAL_CLIENT_JWKS must hold the portal\'s public keys only; it holds a private key ("d")',
    );
  return { method: 'private_key_jwt', jwks: { keys: keys as JWK[] } };
}

/** Claims the provider issues itself: the groups claim must not take the place of one. */
const ISSUED_CLAIMS = new Set([
  'iss',
  'sub',
  'aud',
  'exp',
  'iat',
  'nbf',
  'jti',
  'nonce',
  'auth_time',
  'at_hash',
  'c_hash',
  'sid',
  'azp',
  'scp',
  'scope',
  'client_id',
  'email',
  'emails',
  'given_name',
  'family_name',
  'name',
  'internal',
  'language',
  'hkData',
  'tfp',
  'acr',
  'amr',
]);

/** The name of the groups claim (IDP_CLAIM_GROUPS, as the API and the portal server read it). */
function groupsClaimFromEnv(env: NodeJS.ProcessEnv): string {
  const name = env.IDP_CLAIM_GROUPS || 'groups';
  if (/\s/.test(name)) throw new ConfigError(`IDP_CLAIM_GROUPS must be a claim name without spaces; it is "${name}"`);
  if (ISSUED_CLAIMS.has(name))
    throw new ConfigError(`IDP_CLAIM_GROUPS must not name a claim the provider issues otherwise; it is "${name}"`);
  return name;
}

/** Reads the environment; a wrong value throws a ConfigError naming the variable. */
export function configFromEnv(env: NodeJS.ProcessEnv): IdpConfig {
  const port = Number(env.IDP_PORT ?? 4001);
  return {
    port,
    authority: trim(env.IDP_AUTHORITY ?? `http://localhost:${port}`),
    dataDir: env.IDP_DATA_DIR ?? join(tmpdir(), 'hk-idp'),
    portalUrl: trim(env.PORTAL_URL ?? 'http://localhost:5173'),
    dealerShopUrl: trim(env.DEALER_SHOP_URL ?? 'http://localhost:4002'),
    apiUrl: trim(env.API_URL ?? 'http://localhost:4000'),
    apiAudience: env.API_AUDIENCE ?? 'portal-api',
    apiScope: env.API_SCOPE ?? 'api://portal-api/access',
    policies: {
      signin: env.IDP_SIGNIN_POLICY ?? 'b2c_1a_signin',
      refresh: env.IDP_REFRESH_POLICY ?? 'b2c_1a_refresh',
      password: env.IDP_PASSWORD_POLICY ?? 'b2c_1a_password_change',
      email: env.IDP_EMAIL_POLICY ?? 'b2c_1a_email_change',
    },
    production: env.NODE_ENV === 'production',
    accessTokenSeconds: Number(env.IDP_ACCESS_TOKEN_SECONDS ?? 3600),
    tokenDelayMs: millisecondsFromEnv(env, 'IDP_TOKEN_DELAY_MS'),
    shape: oneOf(env, 'IDP_SHAPE', ['policy-issuer', 'b2c-tenant'] as const, 'policy-issuer'),
    tenant: tenantFromEnv(env),
    policyClaim: oneOf(env, 'IDP_POLICY_CLAIM', ['tfp', 'acr'] as const, 'tfp'),
    portalClientAuth: portalClientAuthFromEnv(env),
    groupsClaim: groupsClaimFromEnv(env),
  };
}

/** The URLs a relying party needs for one policy, in the provider's shape. */
export function policyUrls(config: Pick<IdpConfig, 'authority' | 'shape' | 'tenant'>, policy: string) {
  const { authority, shape, tenant } = config;
  // Where the policy's routes live, below the authority.
  const path = shape === 'b2c-tenant' ? `/${tenant.name}.onmicrosoft.com/${policy}` : `/${policy}`;
  const base = `${authority}${path}`;
  return {
    path,
    issuer: shape === 'b2c-tenant' ? `${authority}/${tenant.id}/v2.0/` : `${base}/v2.0`,
    discovery: `${base}/v2.0/.well-known/openid-configuration`,
    jwks: `${base}/discovery/v2.0/keys`,
    authorization: `${base}/oauth2/v2.0/authorize`,
    token: `${base}/oauth2/v2.0/token`,
    endSession: `${base}/oauth2/v2.0/logout`,
  };
}
