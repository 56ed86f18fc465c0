// The identity provider's configuration, one for the portal server (the relying party) and the
// API (which checks the provider's access tokens): which kind of provider, where each flow's
// discovery document lives, what issuer to expect, how the portal authenticates at the token
// endpoint, which claims carry what (issue #27, docs/providers.md).
//
// Three kinds:
// - `b2c`: Azure AD B2C (custom policies or user flows). IDP_AUTHORITY is the tenant's base
//   (`https://{tenant}.b2clogin.com/{tenant}.onmicrosoft.com` or a custom domain), each policy's
//   document at `{authority}/{policy}/v2.0/.well-known/openid-configuration`; the issuer is the
//   document's (the same for every policy in a real tenant, IDP_ISSUER pins it), the policy of
//   a token is its `tfp` (or `acr`) claim.
// - `entra-external-id`: Microsoft Entra External ID: IDP_TENANT (the ciamlogin.com subdomain)
//   and IDP_TENANT_ID; the user flow is linked to the app registration in the tenant, so no
//   policy travels in the URL; no refresh or change policies.
// - `oidc`: any standard provider (Keycloak, authentik, LemonLDAP::NG, Okta, Auth0): IDP_ISSUER.
//
// Parsing is pure (an environment record in, a config or one clear line out); the discovery
// checks are in discovery.ts.

export type ProviderKind = 'b2c' | 'entra-external-id' | 'oidc';
const providerKinds: readonly ProviderKind[] = ['b2c', 'entra-external-id', 'oidc'];

/** How the portal server authenticates at the token endpoint (a backend-for-frontend is a confidential client). */
export type ClientAuth =
  | { readonly method: 'none' }
  | { readonly method: 'client_secret_basic' | 'client_secret_post'; readonly secret: string }
  | { readonly method: 'private_key_jwt'; readonly privateJwk: JsonWebKey & { kid?: string; alg?: string } };

/** The claim names the portal and the API read (configurable: providers name them differently). */
export interface ClaimNames {
  /** The e-mail address: a string claim, or the first of an array (B2C's `emails`). */
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
  /** The portal's data claim (attributes, permissions, the internal-account flag), B2C's API connector. */
  readonly data: string;
  /** The directory groups of internal accounts. */
  readonly groups: string;
}

export interface ProviderConfig {
  readonly kind: ProviderKind;
  readonly clientId: string;
  /** Read by the portal server (the client); false for readers that only check tokens (the API) or are clients of their own. */
  readonly asClient: boolean;
  readonly clientAuth: ClientAuth;
  /**
   * The flows by their discovery key: a policy name for B2C, `default` for the kinds with one
   * issuer. `passwordChange` and `emailChange` only where the provider has policies for them.
   */
  readonly flows: {
    readonly signIn: string;
    readonly refresh: string;
    readonly passwordChange?: string;
    readonly emailChange?: string;
  };
  /** The claims refresh without a refresh policy: a new authorization with `prompt=none`. */
  readonly refreshPrompt?: 'none';
  /** Where each discovery key's document lives: the base the well-known path is appended to. */
  readonly discovery: Readonly<Record<string, string>>;
  /** The issuer every document must name, when known from the configuration. */
  readonly expectedIssuer?: string;
  /** B2C: the claim that names a token's policy. */
  readonly policyClaim?: 'tfp' | 'acr';
  /** The provider's own account pages for password and e-mail changes (standard providers). */
  readonly accountPages: { readonly passwordChange?: string; readonly emailChange?: string };
  /** Whether the provider must offer an end-session endpoint (B2C and Entra do; a standard provider may not). */
  readonly endSession: 'required' | 'optional';
  readonly claims: ClaimNames;
  /**
   * Scopes asked for besides `openid offline_access` and the API's: a standard provider
   * releases the e-mail and the names for `email profile`; B2C takes none of these.
   */
  readonly extraScopes: readonly string[];
  /** Plain http is accepted for loopback addresses only. */
  readonly allowHttp: boolean;
}

/** A configuration that cannot work: the variable, what was expected, what was found. */
export class ProviderConfigError extends Error {
  override readonly name = 'ProviderConfigError';
  readonly variable: string;
  constructor(variable: string, expected: string, found: string) {
    super(`${variable}: expected ${expected}, ${found}`);
    this.variable = variable;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const defaultFlowKey = 'default';
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

const value = (env: Env, name: string): string | undefined => {
  const v = env[name]?.trim();
  return v === undefined || v === '' ? undefined : v;
};

/** An http(s) URL: https anywhere, http only on a loopback address. */
export function checkProviderUrl(variable: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProviderConfigError(variable, 'an absolute https:// URL', `got "${raw}"`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && loopbackHosts.has(url.hostname)) return url;
  throw new ProviderConfigError(variable, 'an https:// URL (http only for localhost)', `got "${raw}"`);
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
const policyName = /^[A-Za-z0-9_.-]{1,100}$/;

/** A policy name; the local stack's name when the variable is absent, none when it is set empty. */
function policy(env: Env, variable: string, fallback: string): string | undefined {
  const name = env[variable] === undefined ? fallback : value(env, variable);
  if (name !== undefined && !policyName.test(name))
    throw new ProviderConfigError(variable, 'a policy name (letters, digits, _ . -)', `got "${name}"`);
  return name;
}

const publicClient: ClientAuth = { method: 'none' };

function clientAuthOf(env: Env, production: boolean): ClientAuth {
  const secret = value(env, 'IDP_CLIENT_SECRET');
  const key = value(env, 'IDP_CLIENT_PRIVATE_JWK');
  if (secret !== undefined && key !== undefined)
    throw new ProviderConfigError('IDP_CLIENT_SECRET', 'either a client secret or IDP_CLIENT_PRIVATE_JWK', 'got both');
  if (secret !== undefined) {
    // Basic by default (RFC 6749 §2.3.1); the body where a provider mis-decodes Basic (LemonLDAP::NG 2.16 with a `-` in the client id).
    const method = value(env, 'IDP_CLIENT_AUTH_METHOD') ?? 'client_secret_basic';
    if (method !== 'client_secret_basic' && method !== 'client_secret_post')
      throw new ProviderConfigError(
        'IDP_CLIENT_AUTH_METHOD',
        'client_secret_basic or client_secret_post',
        `got "${method}"`,
      );
    return { method, secret };
  }
  if (key !== undefined) {
    let jwk: unknown;
    try {
      jwk = JSON.parse(key);
    } catch {
      throw new ProviderConfigError('IDP_CLIENT_PRIVATE_JWK', 'a private key as a JSON Web Key', 'got no JSON');
    }
    if (typeof jwk !== 'object' || jwk === null || typeof (jwk as { d?: unknown }).d !== 'string')
      throw new ProviderConfigError('IDP_CLIENT_PRIVATE_JWK', 'a private key as a JSON Web Key', 'got no private key');
    return { method: 'private_key_jwt', privateJwk: jwk };
  }
  if (production)
    throw new ProviderConfigError(
      'IDP_CLIENT_SECRET',
      'a client secret or IDP_CLIENT_PRIVATE_JWK in production (the portal server is a confidential client)',
      'got neither',
    );
  return publicClient;
}

function accountPage(env: Env, variable: string): string | undefined {
  const raw = value(env, variable);
  return raw === undefined ? undefined : checkProviderUrl(variable, raw).href;
}

/**
 * The provider configuration from the environment; a wrong one throws ProviderConfigError.
 * `asClient: false` for a reader that only checks the provider's tokens (the API) or is a client
 * of its own (the demo shop): the portal's client credentials are then neither read nor required.
 */
export function providerConfigFromEnv(
  env: Env,
  { asClient = true }: { readonly asClient?: boolean } = {},
): ProviderConfig {
  const production = env.NODE_ENV === 'production';
  const kindName = value(env, 'IDP_KIND') ?? 'b2c';
  const kind = providerKinds.find((k) => k === kindName);
  if (kind === undefined)
    throw new ProviderConfigError('IDP_KIND', `one of ${providerKinds.join(', ')}`, `got "${kindName}"`);
  const endSessionRaw = value(env, 'IDP_END_SESSION');
  if (endSessionRaw !== undefined && endSessionRaw !== 'required' && endSessionRaw !== 'optional')
    throw new ProviderConfigError('IDP_END_SESSION', 'required or optional', `got "${endSessionRaw}"`);
  const common = {
    kind,
    clientId: value(env, 'PORTAL_CLIENT_ID') ?? 'hk-portal',
    asClient,
    clientAuth: asClient ? clientAuthOf(env, production) : publicClient,
    claims: {
      email: value(env, 'IDP_CLAIM_EMAIL') ?? 'email',
      givenName: value(env, 'IDP_CLAIM_GIVEN_NAME') ?? 'given_name',
      familyName: value(env, 'IDP_CLAIM_FAMILY_NAME') ?? 'family_name',
      data: value(env, 'IDP_CLAIM_DATA') ?? 'hkData',
      groups: value(env, 'IDP_CLAIM_GROUPS') ?? 'groups',
    },
    endSession: endSessionRaw ?? (kind === 'oidc' ? 'optional' : 'required'),
    extraScopes: (value(env, 'IDP_EXTRA_SCOPES') ?? (kind === 'b2c' ? '' : 'email profile'))
      .split(/\s+/)
      .filter(Boolean),
  } as const;
  const pages = {
    ...optionalEntry('passwordChange', accountPage(env, 'IDP_PASSWORD_URL')),
    ...optionalEntry('emailChange', accountPage(env, 'IDP_EMAIL_URL')),
  };

  if (kind === 'b2c') {
    const authorityRaw = value(env, 'IDP_AUTHORITY') ?? 'http://localhost:4001';
    const authority = trimSlash(checkProviderUrl('IDP_AUTHORITY', authorityRaw).href);
    const signIn = policy(env, 'IDP_SIGNIN_POLICY', 'b2c_1a_signin');
    if (signIn === undefined)
      throw new ProviderConfigError('IDP_SIGNIN_POLICY', 'the sign-in policy (IDP_KIND=b2c)', 'got nothing');
    const refresh = policy(env, 'IDP_REFRESH_POLICY', 'b2c_1a_refresh');
    const passwordChange = policy(env, 'IDP_PASSWORD_POLICY', 'b2c_1a_password_change');
    const emailChange = policy(env, 'IDP_EMAIL_POLICY', 'b2c_1a_email_change');
    const keys = [signIn, refresh, passwordChange, emailChange].filter((p): p is string => p !== undefined);
    const claim = value(env, 'IDP_POLICY_CLAIM') ?? 'tfp';
    if (claim !== 'tfp' && claim !== 'acr')
      throw new ProviderConfigError('IDP_POLICY_CLAIM', 'tfp or acr', `got "${claim}"`);
    const issuer = value(env, 'IDP_ISSUER');
    return {
      ...common,
      flows: {
        signIn,
        refresh: refresh ?? signIn,
        ...optionalEntry('passwordChange', passwordChange),
        ...optionalEntry('emailChange', emailChange),
      },
      ...(refresh === undefined ? { refreshPrompt: 'none' as const } : {}),
      discovery: Object.fromEntries(keys.map((p) => [p, `${authority}/${p}/v2.0`])),
      ...(issuer === undefined ? {} : { expectedIssuer: checkProviderUrl('IDP_ISSUER', issuer).href }),
      policyClaim: claim,
      accountPages: pages,
      allowHttp: new URL(authority).protocol === 'http:',
    };
  }

  const one = { signIn: defaultFlowKey, refresh: defaultFlowKey };
  if (kind === 'entra-external-id') {
    const tenant = value(env, 'IDP_TENANT');
    if (tenant === undefined || !/^[a-z0-9][a-z0-9-]{0,62}$/i.test(tenant))
      throw new ProviderConfigError(
        'IDP_TENANT',
        'the tenant subdomain of ciamlogin.com (for https://contoso.ciamlogin.com: contoso)',
        `got "${tenant ?? ''}"`,
      );
    const tenantId = value(env, 'IDP_TENANT_ID');
    if (tenantId === undefined || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(tenantId))
      throw new ProviderConfigError('IDP_TENANT_ID', "the tenant's id (a GUID)", `got "${tenantId ?? ''}"`);
    const authority = trimSlash(
      checkProviderUrl('IDP_AUTHORITY', value(env, 'IDP_AUTHORITY') ?? `https://${tenant}.ciamlogin.com`).href,
    );
    return {
      ...common,
      flows: one,
      refreshPrompt: 'none',
      discovery: { [defaultFlowKey]: `${authority}/${tenantId}/v2.0` },
      expectedIssuer: value(env, 'IDP_ISSUER') ?? `https://${tenantId}.ciamlogin.com/${tenantId}/v2.0`,
      accountPages: pages,
      allowHttp: new URL(authority).protocol === 'http:',
    };
  }

  const issuerRaw = value(env, 'IDP_ISSUER');
  if (issuerRaw === undefined)
    throw new ProviderConfigError('IDP_ISSUER', "the provider's issuer URL (IDP_KIND=oidc)", 'got nothing');
  const issuer = checkProviderUrl('IDP_ISSUER', issuerRaw);
  return {
    ...common,
    flows: one,
    refreshPrompt: 'none',
    // The issuer exactly as configured (trailing slash or not: it must match the document's).
    discovery: { [defaultFlowKey]: issuerRaw },
    expectedIssuer: issuerRaw,
    accountPages: pages,
    allowHttp: issuer.protocol === 'http:',
  };
}

function optionalEntry<K extends string, V>(key: K, v: V | undefined): { [P in K]?: V } {
  return (v === undefined ? {} : { [key]: v }) as { [P in K]?: V };
}

/** The discovery keys whose tokens a session holds (sign-in and refresh), each once. */
export function tokenFlowKeys(config: ProviderConfig): readonly string[] {
  return [...new Set([config.flows.signIn, config.flows.refresh])];
}
