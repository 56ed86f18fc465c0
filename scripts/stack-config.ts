// The local stack's configuration: ports, origins, policy names, the directory for data.
// Every app reads these from its environment; the defaults here are the README's.
import { join } from 'node:path';
import { defaultTenant } from '../apps/idp/src/config.ts';

const root = join(import.meta.dirname, '..');
const num = (v: string | undefined, d: number) => (v ? Number(v) : d);

export const ports = {
  portal: num(process.env.PORTAL_PORT, 5173),
  api: num(process.env.API_PORT, 4000),
  idp: num(process.env.IDP_PORT, 4001),
  dealerShop: num(process.env.DEALER_SHOP_PORT, 4002),
  /** LemonLDAP::NG on 127.0.0.1, with `--provider lemonldap`. */
  lemonldap: num(process.env.LEMONLDAP_PORT, 4010),
  /** MailDev (#29): the SMTP server the API sends to, and its web page with every mail the stack sent. */
  mailSmtp: num(process.env.MAILDEV_SMTP_PORT, 1025),
  mailWeb: num(process.env.MAILDEV_WEB_PORT, 1080),
};

/**
 * A real SMTP server given in the environment (`SMTP_HOST`) is used as it is; otherwise the stack
 * starts MailDev on loopback and points the API at it.
 */
export const startsMailDev = !process.env.SMTP_HOST;

export const urls = {
  portal: `http://localhost:${ports.portal}`,
  api: `http://localhost:${ports.api}`,
  idp: `http://localhost:${ports.idp}`,
  dealerShop: `http://localhost:${ports.dealerShop}`,
  /** MailDev's web page and REST API (`/api/email`), when the stack starts it. */
  mail: `http://localhost:${ports.mailWeb}`,
  /**
   * The API as browsers reach it: the portal server's proxy `/api/*` (ADR 0009), which adds
   * the session's bearer token. Server-to-server callers (identity provider, demo shop,
   * bench, e2e helpers) use `urls.api`.
   */
  portalApi: `http://localhost:${ports.portal}/api`,
};

/** The local stack's client secret of the portal (a development secret, never one of a real tenant). */
const localClientSecret = 'local-development-portal-secret';

/**
 * What the relying parties (the API and the portal server) are told of the provider, where it
 * differs from the provider's own settings: in the b2c-tenant shape each policy's document lives
 * under `<authority>/<tenant>.onmicrosoft.com` (IDP_AUTHORITY of the b2c kind), while the local
 * provider's own IDP_AUTHORITY stays its base URL.
 */
export function relyingPartyEnv(env: Record<string, string>): Record<string, string> {
  return env.IDP_SHAPE === 'b2c-tenant' ? { IDP_AUTHORITY: `${urls.idp}/${env.IDP_TENANT_NAME}.onmicrosoft.com` } : {};
}

export function stackEnv(env: NodeJS.ProcessEnv): Record<string, string> & { readonly STACK_DATA_DIR: string } {
  const dataDir = env.STACK_DATA_DIR ?? join(root, '.data');
  // The identity provider's shape (apps/idp/CONTEXT.md): `policy-issuer` (each policy its own
  // issuer) or `b2c-tenant` (as Azure AD B2C: routes under <tenant>.onmicrosoft.com/<policy>,
  // one issuer <authority>/<tenant id>/v2.0/ for every policy, the policy in tfp or acr).
  const idpShape = env.IDP_SHAPE ?? 'policy-issuer';
  const idpTenantName = env.IDP_TENANT_NAME ?? defaultTenant.name;
  const idpPolicyPrefix = idpShape === 'b2c-tenant' ? `${urls.idp}/${idpTenantName}.onmicrosoft.com` : urls.idp;
  return {
    NODE_ENV: env.NODE_ENV ?? 'development',
    STACK_DATA_DIR: dataDir,
    PORTAL_PORT: String(ports.portal),
    API_PORT: String(ports.api),
    IDP_PORT: String(ports.idp),
    DEALER_SHOP_PORT: String(ports.dealerShop),
    PORTAL_URL: urls.portal,
    API_URL: urls.api,
    // The API's public URL, for the logo URLs it hands out: where browsers reach it.
    API_PUBLIC_URL: env.API_PUBLIC_URL ?? urls.portalApi,
    IDP_AUTHORITY: urls.idp,
    DEALER_SHOP_URL: urls.dealerShop,
    API_AUDIENCE: env.API_AUDIENCE ?? 'portal-api',
    API_SCOPE: env.API_SCOPE ?? 'api://portal-api/access',
    IDP_SIGNIN_POLICY: 'b2c_1a_signin',
    IDP_REFRESH_POLICY: 'b2c_1a_refresh',
    IDP_PASSWORD_POLICY: 'b2c_1a_password_change',
    IDP_EMAIL_POLICY: 'b2c_1a_email_change',
    IDP_SHAPE: idpShape,
    IDP_TENANT_NAME: idpTenantName,
    IDP_TENANT_ID: env.IDP_TENANT_ID ?? defaultTenant.id,
    IDP_POLICY_CLAIM: env.IDP_POLICY_CLAIM ?? 'tfp',
    // The portal server is a confidential client (a backend-for-frontend, RFC 10017): the local
    // provider registers hk-portal with this secret (client_secret_basic), the portal server sends it.
    // With IDP_PORTAL_CLIENT_JWKS (the portal's public key) the provider takes private_key_jwt instead.
    ...(env.IDP_PORTAL_CLIENT_JWKS
      ? { IDP_PORTAL_CLIENT_JWKS: env.IDP_PORTAL_CLIENT_JWKS }
      : { IDP_PORTAL_CLIENT_SECRET: env.IDP_PORTAL_CLIENT_SECRET ?? localClientSecret }),
    ...(env.IDP_CLIENT_PRIVATE_JWK
      ? { IDP_CLIENT_PRIVATE_JWK: env.IDP_CLIENT_PRIVATE_JWK }
      : { IDP_CLIENT_SECRET: env.IDP_PORTAL_CLIENT_SECRET ?? localClientSecret }),
    // The local provider's service tokens for the API's internal calls.
    IDP_INTERNAL_ISSUER: `${urls.idp}/internal`,
    // One key set signs for every policy (as in a B2C tenant); the API verifies with it.
    IDP_JWKS_URL: `${idpPolicyPrefix}/b2c_1a_signin/discovery/v2.0/keys`,
    API_DATA_DIR: join(dataDir, 'api'),
    IDP_DATA_DIR: join(dataDir, 'idp'),
    API_SEED: env.API_SEED ?? 'demo',
    // API_SECRETS_KEYS (the key ring of the secrets the API stores, ADR 0020) is not set here: the stack's
    // processes get the caller's environment, and without one the API uses its public development key
    // and says so at the start (production refuses to start so).
    // The expiry job of time-bound access (#19) sweeps this often: every 2 s on the local stack, so an end-to-end
    // test sees an access end a few seconds after its end date (the API's own default is 60 s).
    API_EXPIRY_INTERVAL_MS: env.API_EXPIRY_INTERVAL_MS ?? '2000',
    // E-mail (#29): MailDev on loopback (no TLS there), unless SMTP_HOST names a real server; the outbox is asked every second.
    ...(env.SMTP_HOST ? {} : { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(ports.mailSmtp), SMTP_STARTTLS: 'never' }),
    MAILDEV_SMTP_PORT: String(ports.mailSmtp),
    MAILDEV_WEB_PORT: String(ports.mailWeb),
    MAIL_POLL_INTERVAL_MS: env.MAIL_POLL_INTERVAL_MS ?? '1000',
    // The demo's dealer ordering sends an internal copy of its access requests: here.
    MAIL_INTERNAL_COPY_TO: env.MAIL_INTERNAL_COPY_TO ?? 'zugriffsanfragen@hk-demo.test',
    ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
  };
}
