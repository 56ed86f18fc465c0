// One oidc-provider instance per policy, B2C style, one shared key set and one shared store.
// Shape policy-issuer: issuer `${authority}/<policy>/v2.0`, endpoints under `${authority}/<policy>/…`.
// Shape b2c-tenant: endpoints under `${authority}/<tenant>.onmicrosoft.com/<policy>/…`, and every
// policy's provider has the same issuer `${authority}/<tenant id>/v2.0/`. oidc-provider builds
// its endpoint URLs from the request (the route prefix the server strips), never from the
// issuer, so the issuer is free to name a path where no route lives.
import Provider, { errors, interactionPolicy } from 'oidc-provider';
import type { Adapter, ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { ApiClient, UserClaims } from '../api-client.ts';
import type { DirectoryGroups } from '../accounts/directory.ts';
import type { AccountStore } from '../accounts/store.ts';
import { withB2cCode } from '../b2c-errors.ts';
import { policyUrls, type IdpConfig, type PolicyKind, type PortalClientAuth } from '../config.ts';
import type { KeyMaterial } from '../keys.ts';
import { errorPage, loggedOutPage, logoutPage } from '../interactions/views.ts';
import { messages, pickLanguage } from '../interactions/messages.ts';
import type { MemoryStore } from './adapter.ts';
import { securityHeaders } from '../http.ts';

export interface ClientIds {
  portal: string;
  dealerShop: string;
}

export interface PolicyDeps {
  config: IdpConfig;
  keys: KeyMaterial;
  store: MemoryStore;
  accounts: AccountStore;
  directory: DirectoryGroups;
  api: ApiClient;
  clientIds: ClientIds;
}

/** The claims of the ID token (all released with the openid scope, as B2C does). */
function idTokenClaims(config: IdpConfig): string[] {
  return [
    'sub',
    'email',
    // B2C sends the e-mail addresses of a local account as an array.
    ...(config.shape === 'b2c-tenant' ? ['emails'] : []),
    'given_name',
    'family_name',
    'name',
    'internal',
    'language',
    'hkData',
    // The directory groups of an internal account (#29.3), under IDP_CLAIM_GROUPS.
    config.groupsClaim,
    // The policy of the token: `tfp` from findAccount, or `acr`, which oidc-provider takes from the
    // sign-in (the interaction names its policy) or the redeemed code or refresh token (policyAdapter).
    config.policyClaim,
  ];
}

/** The resource indicator of the API: the API scope without its last segment (api://portal-api). */
function apiResource(apiScope: string): string {
  const cut = apiScope.lastIndexOf('/');
  return cut > 'api://'.length ? apiScope.slice(0, cut) : apiScope;
}

/** The short name of the API scope, as B2C puts it in `scp` (api://portal-api/access → access). */
function scopeShortName(apiScope: string): string {
  return apiScope.slice(apiScope.lastIndexOf('/') + 1);
}

/** The portal's client authentication: public (PKCE only), a client secret, or private_key_jwt. */
function portalAuth(auth: PortalClientAuth): Omit<ClientMetadata, 'client_id'> {
  switch (auth.method) {
    case 'client_secret_basic':
      return { token_endpoint_auth_method: 'client_secret_basic', client_secret: auth.secret };
    case 'private_key_jwt':
      return { token_endpoint_auth_method: 'private_key_jwt', jwks: auth.jwks };
    default:
      return { token_endpoint_auth_method: 'none' };
  }
}

function clientsFor(config: IdpConfig, ids: ClientIds): ClientMetadata[] {
  return [
    {
      client_id: ids.portal,
      client_name: 'Portal',
      application_type: 'web',
      ...portalAuth(config.portalClientAuth),
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [`${config.portalUrl}/auth/login`, `${config.portalUrl}/flows/auth-refresh`],
      post_logout_redirect_uris: [`${config.portalUrl}/auth/logout-success`],
    },
    {
      client_id: ids.dealerShop,
      client_name: 'Händlerbestellung',
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      redirect_uris: [`${config.dealerShopUrl}/callback`],
      post_logout_redirect_uris: [config.dealerShopUrl, `${config.dealerShopUrl}/`],
    },
  ];
}

/**
 * Where a client's own sign-in starts, with nothing to hand over (the portal's `/auth/login`,
 * which goes straight back when its user is signed in; the shop's `/login`, not its
 * login-initiation URL, which wants the issuer): where a user who came back to a used or
 * expired sign-in page is sent, so the client starts a fresh round trip (issue #30.10).
 */
export function signInStartOf(config: IdpConfig, ids: ClientIds, clientId: string): string | undefined {
  if (clientId === ids.portal) return `${config.portalUrl}/auth/login`;
  if (clientId === ids.dealerShop) return `${config.dealerShopUrl}/login`;
  return undefined;
}

/** Origins allowed to call the token endpoint from a browser, per client. */
function corsOrigins(config: IdpConfig, ids: ClientIds, clientId: string): string[] {
  if (clientId === ids.portal) return [new URL(config.portalUrl).origin];
  if (clientId === ids.dealerShop) return [new URL(config.dealerShopUrl).origin];
  return [];
}

const cookieSuffix: Record<PolicyKind, string> = { signin: 'si', refresh: 'rf', password: 'pw', email: 'em' };

export interface Policy {
  kind: PolicyKind;
  name: string;
  provider: Provider;
  urls: ReturnType<typeof policyUrls>;
}

export function createPolicy(kind: PolicyKind, deps: PolicyDeps): Policy {
  const { config, keys, store, api, accounts, directory, clientIds } = deps;
  const name = config.policies[kind];
  const urls = policyUrls(config, name);
  const resource = apiResource(config.apiScope);
  // The claims only the b2c-tenant shape sends: the e-mail addresses as an array.
  const b2cClaims = (c: UserClaims): { emails?: string[] } =>
    config.shape === 'b2c-tenant' && c.email ? { emails: [c.email] } : {};
  // The directory groups of a member of the workforce (an internal account), as Entra ID and
  // Keycloak issue them, read from the directory file at every token; external accounts get none.
  const groupsClaim = async (accountId: string): Promise<Record<string, string[]>> =>
    accounts.byId(accountId)?.internal === true
      ? { [config.groupsClaim]: [...(await directory.groupsOf(accountId))] }
      : {};
  const claimsCache = new WeakMap<object, Promise<UserClaims>>();
  const claimsFor = (ctx: KoaContextWithOIDC, accountId: string): Promise<UserClaims> => {
    let pending = claimsCache.get(ctx);
    if (!pending) {
      pending = api.claims(accountId);
      claimsCache.set(ctx, pending);
    }
    return pending;
  };
  const language = (ctx: KoaContextWithOIDC) => {
    const uiLocales = ctx.oidc?.params?.ui_locales;
    return pickLanguage(typeof uiLocales === 'string' ? uiLocales : undefined, ctx.get('accept-language'));
  };

  const policy = interactionPolicy.base();
  const login = policy.get('login');
  // Every authorization request meets the provider's own pages (which pass silently when
  // the tenant session is alive): claims are read fresh and the app access gate is asked.
  login?.checks.add(
    new interactionPolicy.Check('tenant_session', 'the tenant session must be confirmed', 'login_required', (ctx) =>
      ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
    ),
  );

  const configuration: Configuration = {
    clients: clientsFor(config, clientIds),
    jwks: keys.privateJwks,
    adapter: (model: string) => policyAdapter(store.adapterFor(model), model, name),
    cookies: {
      keys: keys.cookieKeys,
      names: {
        session: `hk_${cookieSuffix[kind]}_session`,
        interaction: `hk_${cookieSuffix[kind]}_interaction`,
        resume: `hk_${cookieSuffix[kind]}_resume`,
      },
    },
    routes: {
      authorization: '/oauth2/v2.0/authorize',
      token: '/oauth2/v2.0/token',
      end_session: '/oauth2/v2.0/logout',
      jwks: '/discovery/v2.0/keys',
      userinfo: '/openid/v2.0/userinfo',
    },
    scopes: ['openid', 'offline_access'],
    responseTypes: ['code'],
    claims: { openid: idTokenClaims(config) },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          const lang = language(ctx);
          securityHeaders(ctx.res, config);
          ctx.type = 'html';
          ctx.body = logoutPage(lang, messages[lang], form);
        },
        postLogoutSuccessSource(ctx) {
          const lang = language(ctx);
          securityHeaders(ctx.res, config);
          ctx.type = 'html';
          ctx.body = loggedOutPage(lang, messages[lang]);
        },
      },
      resourceIndicators: {
        enabled: true,
        // The API's access token when the client asks for the API scope (as in B2C), without
        // a `resource` parameter; later exchanges use the granted resource.
        defaultResource(ctx, _client, oneOf) {
          if (oneOf) return oneOf;
          const scope = ctx.oidc.params?.scope;
          return typeof scope === 'string' && scope.split(' ').includes(config.apiScope) ? resource : undefined;
        },
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: config.apiScope,
            audience: config.apiAudience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: config.accessTokenSeconds,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    clientBasedCORS: (_ctx, origin, client) => corsOrigins(config, clientIds, client.clientId).includes(origin),
    // B2C issues refresh tokens without prompt=consent; oidc-provider drops offline_access
    // without it (OIDC Core 11), so clients allowed the refresh_token grant always get one.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: config.accessTokenSeconds,
      AuthorizationCode: 60,
      IdToken: config.accessTokenSeconds,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    async findAccount(ctx, sub) {
      if (!accounts.byId(sub)) return undefined;
      return {
        accountId: sub,
        async claims() {
          const [c, groups] = await Promise.all([claimsFor(ctx, sub), groupsClaim(sub)]);
          return { ...c, sub, ...b2cClaims(c), ...groups, tfp: name };
        },
      };
    },
    async extraTokenClaims(ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const [c, groups] = await Promise.all([claimsFor(ctx, token.accountId), groupsClaim(token.accountId)]);
      return {
        scp: scopeShortName(config.apiScope),
        azp: token.clientId,
        [config.policyClaim]: name,
        email: c.email,
        ...b2cClaims(c),
        name: c.name,
        given_name: c.given_name,
        family_name: c.family_name,
        internal: c.internal,
        hkData: c.hkData,
        ...groups,
      };
    },
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const accountId = oidc.session?.accountId;
      const clientId = oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (grant && grant.accountId !== accountId) grant = undefined;
      // First-party applications: no consent screen, everything they ask for is granted.
      grant ??= new oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid offline_access');
      grant.addResourceScope(resource, config.apiScope);
      await grant.save();
      return grant;
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${urls.path}/interaction/${interaction.uid}`,
    },
    renderError(ctx, out) {
      const lang = language(ctx);
      securityHeaders(ctx.res, config);
      ctx.type = 'html';
      ctx.body = errorPage(lang, messages[lang], out.error, withB2cCode(out.error, out.error_description));
    },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'], requestObjectSigningAlgValues: ['RS256'] },
  };

  const provider = new Provider(urls.issuer, configuration);
  provider.proxy = false;

  // Every error a relying party sees carries an AADB2C code, as in Azure AD B2C.
  provider.on('grant.error', (ctx: KoaContextWithOIDC, error: errors.OIDCProviderError) => {
    ctx.state.b2cDetail = error.error_detail ?? (error.cause instanceof Error ? error.cause.message : undefined);
  });
  provider.use(async (ctx, next) => {
    await next();
    // CORS for the registered applications on end-session too (token, discovery and keys have it built in).
    const origin = ctx.get('origin');
    // Koa types a middleware's context loosely; the provider sets `oidc` on its own routes only.
    const oidc = ctx.oidc as KoaContextWithOIDC['oidc'] | undefined;
    if (
      origin &&
      oidc?.route.startsWith('end_session') &&
      corsOrigins(config, clientIds, oidc.client?.clientId ?? clientIds.portal).includes(origin)
    ) {
      ctx.set('access-control-allow-origin', origin);
      ctx.vary('origin');
    }
    const location = ctx.response.get('location');
    if (location && ctx.status >= 300 && ctx.status < 400) {
      const url = URL.canParse(location) ? new URL(location) : undefined;
      const error = url?.searchParams.get('error');
      if (url && error) {
        url.searchParams.set(
          'error_description',
          withB2cCode(error, url.searchParams.get('error_description') ?? undefined),
        );
        ctx.redirect(url.href);
      }
      return;
    }
    const body: unknown = ctx.body;
    if (
      body &&
      typeof body === 'object' &&
      !Buffer.isBuffer(body) &&
      'error' in body &&
      typeof body.error === 'string'
    ) {
      const b = body as { error: string; error_description?: string };
      b.error_description = withB2cCode(b.error, b.error_description, ctx.state.b2cDetail as string | undefined);
    }
  });

  return { kind, name, provider, urls };
}

/**
 * The storage of one policy's provider. Codes and refresh tokens are tenant-wide (one store),
 * and their `acr` (the policy of the sign-in) becomes the policy whose token endpoint redeems
 * them: the tokens issued there name that policy in `acr`, as they do in `tfp`, and a rotated
 * refresh token belongs to that policy from then on.
 */
function policyAdapter(adapter: Adapter, model: string, policy: string): Adapter {
  if (model !== 'AuthorizationCode' && model !== 'RefreshToken') return adapter;
  return {
    ...adapter,
    async find(id) {
      const payload = await adapter.find(id);
      return payload ? { ...payload, acr: policy } : payload;
    },
  };
}
