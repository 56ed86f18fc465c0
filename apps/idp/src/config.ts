// The provider's configuration, read from the environment of the local stack
// (scripts/stack-config.ts names every variable and its default).
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type PolicyKind = 'signin' | 'refresh' | 'password' | 'email';

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
}

const trim = (url: string) => url.replace(/\/+$/, '');

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
    tokenDelayMs: Math.max(0, Number(env.IDP_TOKEN_DELAY_MS ?? 0) || 0),
  };
}

/** The URLs a relying party needs for one policy, B2C style. */
export function policyUrls(authority: string, policy: string) {
  const base = `${authority}/${policy}`;
  return {
    issuer: `${base}/v2.0`,
    discovery: `${base}/v2.0/.well-known/openid-configuration`,
    jwks: `${base}/discovery/v2.0/keys`,
    authorization: `${base}/oauth2/v2.0/authorize`,
    token: `${base}/oauth2/v2.0/token`,
    endSession: `${base}/oauth2/v2.0/logout`,
  };
}
