// Core's IdentityProvider port with oauth4webapi (discovery, authorization URL parameters,
// the authorization_code and refresh_token grants) and jose (ID-token signature against the
// provider's JWKS). Policies are B2C-style: one issuer per policy, `${authority}/${policy}/v2.0`.
//
// Checks: oauth4webapi checks the token response and the ID token's iss, aud, azp, exp
// (30 s tolerance), iat and nonce; jose checks the signature, the algorithm (RS256 unless
// configured), iss, aud and exp again. Core checks the claims once more (it trusts nothing).
// OAuth errors of the provider reject with core's IdentityProviderError; transport failures
// reject with the fetch error (core maps them to `auth.network`).
//
// Round trips of the sign-in callback (bench figure 9): the discovery document of the
// sign-in start can be kept in a `discoveryCache` (sessionStorage through core's
// MarkerStore shape), so the callback goes straight to the token endpoint; the key set is
// fetched while the token request runs, not after it.

import * as oauth from 'oauth4webapi';
import { createRemoteJWKSet, customFetch as joseCustomFetch, decodeJwt, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import type {
  AuthorizationRequest,
  CodeExchangeRequest,
  EndSessionRequest,
  IdentityProvider,
  ProviderMetadata,
  RefreshGrantRequest,
  TokenResponse,
} from '@portal/core';
import { IdentityProviderError } from '@portal/core';

/** The code exchange, with what the adapter can check when the caller passes it. */
export interface OidcCodeExchangeRequest extends CodeExchangeRequest {
  /** The nonce of the auth state record: checked against the ID token's `nonce`. */
  readonly nonce?: string;
  /** The authorization response's `iss` parameter (RFC 9207), when the caller has it. */
  readonly iss?: string;
}

export interface OidcOptions {
  /** Base URL of the provider, e.g. `http://localhost:4001` or `https://tenant.b2clogin.com/tenant.onmicrosoft.com`. */
  readonly authority: string;
  /**
   * The issuer a policy's discovery document must name. Default `${authority}/${policy}/v2.0`
   * (the local provider); Azure AD B2C names its tenant id instead: pass that rule here.
   */
  readonly issuerOf?: (policy: string) => string;
  /** The portal's client id (sent with end-session requests, checked as the ID token's audience). */
  readonly clientId: string;
  /** Allow http:// (only for a loopback provider; default: true for localhost/127.0.0.1/[::1], else false). */
  readonly allowInsecureRequests?: boolean;
  /** ID-token algorithms accepted (default RS256). */
  readonly idTokenAlgorithms?: readonly string[];
  /** Clock tolerance for exp/iat/nbf, seconds (default 30). */
  readonly clockToleranceSeconds?: number;
  /** `ui_locales` of the authorization request: the portal's current language. */
  readonly getUiLocale?: () => string | undefined;
  readonly fetch?: typeof globalThis.fetch;
  /**
   * Keeps each policy's discovery document between page loads of one tab (pass
   * `createSessionMarkerStore()`): the callback page then skips the discovery round trip.
   * Entries older than `discoveryCacheMaxAgeMs` or naming another issuer are ignored.
   */
  readonly discoveryCache?: DiscoveryCache;
  /** How long a cached discovery document is used (default 1 hour). */
  readonly discoveryCacheMaxAgeMs?: number;
  /** Epoch ms, for the age of cached discovery documents (default `Date.now`). */
  readonly now?: () => number;
}

/** Where discovery documents are kept (the shape of core's MarkerStore). */
export interface DiscoveryCache {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

/** The key of a policy's cached discovery document. */
export const discoveryCacheKey = (issuerLocation: string): string => `hk-id.oidc.discovery.${issuerLocation}`;

/** A cached discovery document, when it is fresh and names the expected issuer. */
function readCachedDiscovery(
  raw: string | undefined,
  expectedIssuer: string,
  now: number,
  maxAgeMs: number,
): oauth.AuthorizationServer | undefined {
  if (raw === undefined) return undefined;
  try {
    const entry: unknown = JSON.parse(raw);
    if (typeof entry !== 'object' || entry === null) return undefined;
    const { at, as } = entry as { at?: unknown; as?: unknown };
    if (typeof at !== 'number' || !(now >= at && now - at < maxAgeMs)) return undefined;
    if (typeof as !== 'object' || as === null || (as as { issuer?: unknown }).issuer !== expectedIssuer)
      return undefined;
    return as as oauth.AuthorizationServer;
  } catch {
    return undefined;
  }
}

/** The issuer of a policy: `${authority}/${policy}/v2.0`. */
export function issuerOf(authority: string, policy: string): string {
  return `${authority.replace(/\/+$/, '')}/${policy}/v2.0`;
}

const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackHttp(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && loopback.has(parsed.hostname);
}

/** An OAuth error of the provider as core's IdentityProviderError; anything else as it is. */
export function toProviderError(error: unknown): unknown {
  if (error instanceof oauth.ResponseBodyError) return new IdentityProviderError(error.error, error.error_description);
  if (error instanceof oauth.AuthorizationResponseError)
    return new IdentityProviderError(error.error, error.error_description);
  if (error instanceof oauth.WWWAuthenticateChallengeError) return new IdentityProviderError('invalid_token');
  if (error instanceof oauth.OperationProcessingError) {
    const code = error.code ?? '';
    return new IdentityProviderError(code.startsWith('OAUTH_JWT_') ? 'invalid_id_token' : 'invalid_response');
  }
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    String((error as { code: string }).code).startsWith('ERR_J')
  ) {
    // jose: JWS/JWT verification failures (ERR_JWS_SIGNATURE_VERIFICATION_FAILED, ERR_JWT_CLAIM_VALIDATION_FAILED, …).
    return new IdentityProviderError('invalid_id_token');
  }
  return error;
}

export interface OidcIdentityProvider extends IdentityProvider {
  exchangeCode(request: OidcCodeExchangeRequest): Promise<TokenResponse>;
  /** Verify an ID token's signature and claims for a policy (used after every grant). */
  verifyIdToken(policy: string, idToken: string, expectedNonce?: string): Promise<JWTPayload>;
  /** The raw discovery result (oauth4webapi's AuthorizationServer) of a policy. */
  authorizationServer(policy: string): Promise<oauth.AuthorizationServer>;
}

export function createOidcIdentityProvider(options: OidcOptions): OidcIdentityProvider {
  const authority = options.authority.replace(/\/+$/, '');
  const insecure = options.allowInsecureRequests ?? isLoopbackHttp(authority);
  const tolerance = options.clockToleranceSeconds ?? 30;
  const algorithms = [...(options.idTokenAlgorithms ?? ['RS256'])];
  const client: oauth.Client = {
    client_id: options.clientId,
    [oauth.clockTolerance]: tolerance,
    id_token_signed_response_alg: algorithms[0] ?? 'RS256',
  };
  const fetchImpl = options.fetch;
  const httpOptions = {
    ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
    ...(fetchImpl === undefined ? {} : { [oauth.customFetch]: viaFetch(fetchImpl) }),
  };
  const now = options.now ?? (() => Date.now());
  const cacheMaxAge = options.discoveryCacheMaxAgeMs ?? 3_600_000;
  const servers = new Map<string, Promise<oauth.AuthorizationServer>>();
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  const authorizationServer = (policy: string): Promise<oauth.AuthorizationServer> => {
    const key = policy.toLowerCase();
    let cached = servers.get(key);
    if (cached === undefined) {
      // The document lives under `${authority}/${policy}/v2.0`; the issuer it names may differ (B2C).
      const location = new URL(issuerOf(authority, policy));
      const expected = new URL(options.issuerOf?.(policy) ?? location.href);
      const cacheKey = discoveryCacheKey(location.href);
      cached = (async () => {
        const stored = readCachedDiscovery(options.discoveryCache?.get(cacheKey), expected.href, now(), cacheMaxAge);
        if (stored !== undefined) return stored;
        const response = await oauth.discoveryRequest(location, { algorithm: 'oidc', ...httpOptions });
        const as = await oauth.processDiscoveryResponse(expected, response);
        options.discoveryCache?.set(cacheKey, JSON.stringify({ at: now(), as }));
        return as;
      })();
      servers.set(key, cached);
      // A failed discovery is not remembered: the next call asks again.
      cached.catch(() => {
        if (servers.get(key) === cached) servers.delete(key);
      });
    }
    return cached;
  };

  const keySet = (jwksUri: string) => {
    let set = keySets.get(jwksUri);
    if (set === undefined) {
      set = createRemoteJWKSet(new URL(jwksUri), fetchImpl === undefined ? {} : { [joseCustomFetch]: fetchImpl });
      keySets.set(jwksUri, set);
    }
    return set;
  };

  /** Start loading the key set (if not fresh) so that it arrives while the token request runs. */
  const prefetchKeys = (as: oauth.AuthorizationServer): void => {
    if (as.jwks_uri === undefined) return;
    const set = keySet(as.jwks_uri);
    if (set.fresh || set.reloading) return;
    // A failure here is not final: verification loads the key set again and reports it.
    set.reload().catch(() => undefined);
  };

  const verifyIdToken = async (policy: string, idToken: string, expectedNonce?: string): Promise<JWTPayload> => {
    const as = await authorizationServer(policy);
    if (as.jwks_uri === undefined) throw new IdentityProviderError('invalid_configuration');
    try {
      const { payload } = await jwtVerify(idToken, keySet(as.jwks_uri), {
        issuer: as.issuer,
        audience: options.clientId,
        algorithms,
        clockTolerance: tolerance,
        requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
      });
      const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
      if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== options.clientId)
        throw new IdentityProviderError('invalid_id_token');
      if (expectedNonce !== undefined && payload.nonce !== expectedNonce)
        throw new IdentityProviderError('invalid_id_token');
      return payload;
    } catch (error) {
      throw toProviderError(error);
    }
  };

  /** The fields core reads, plus the verified claims. */
  const toTokenResponse = (result: oauth.TokenEndpointResponse, claims: JWTPayload | undefined): TokenResponse => ({
    access_token: result.access_token,
    ...(result.id_token === undefined ? {} : { id_token: result.id_token }),
    ...(result.refresh_token === undefined ? {} : { refresh_token: result.refresh_token }),
    ...(result.expires_in === undefined ? {} : { expires_in: result.expires_in }),
    token_type: result.token_type,
    ...(claims === undefined ? {} : { idTokenClaims: claims }),
  });

  return {
    authorizationServer,
    verifyIdToken,

    async discover(policy): Promise<ProviderMetadata> {
      const as = await authorizationServer(policy);
      if (as.authorization_endpoint === undefined || as.token_endpoint === undefined)
        throw new IdentityProviderError('invalid_configuration');
      return {
        issuer: as.issuer,
        authorizationEndpoint: as.authorization_endpoint,
        tokenEndpoint: as.token_endpoint,
        ...(as.end_session_endpoint === undefined ? {} : { endSessionEndpoint: as.end_session_endpoint }),
        authorizationResponseIssParameterSupported: as.authorization_response_iss_parameter_supported === true,
      };
    },

    async authorizationUrl(request: AuthorizationRequest) {
      const as = await authorizationServer(request.policy);
      if (as.authorization_endpoint === undefined) throw new IdentityProviderError('invalid_configuration');
      const url = new URL(as.authorization_endpoint);
      url.searchParams.set('client_id', request.clientId);
      url.searchParams.set('redirect_uri', request.redirectUri);
      url.searchParams.set('response_type', request.responseType);
      url.searchParams.set('scope', request.scope);
      url.searchParams.set('state', request.state);
      url.searchParams.set('nonce', request.nonce);
      url.searchParams.set('code_challenge', request.codeChallenge);
      url.searchParams.set('code_challenge_method', request.codeChallengeMethod);
      const locale = options.getUiLocale?.();
      if (locale !== undefined && locale !== '') url.searchParams.set('ui_locales', locale);
      return url.href;
    },

    async exchangeCode(request: OidcCodeExchangeRequest) {
      const as = await authorizationServer(request.policy);
      // The token endpoint comes from the state record: it must be the policy's own.
      if (as.token_endpoint !== request.tokenEndpoint)
        throw new IdentityProviderError('invalid_request', 'token endpoint mismatch');
      const parameters = new URLSearchParams({ code: request.code });
      // RFC 9207: the caller's `iss` is checked here; without one (core checked it already),
      // the advertised issuer stands in so that oauth4webapi accepts the parameters.
      const iss = request.iss ?? (as.authorization_response_iss_parameter_supported === true ? as.issuer : undefined);
      if (iss !== undefined) parameters.set('iss', iss);
      try {
        const callback = oauth.validateAuthResponse(as, client, parameters, oauth.skipStateCheck);
        prefetchKeys(as);
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          oauth.None(),
          callback,
          request.redirectUri,
          request.codeVerifier,
          httpOptions,
        );
        // Without the nonce from the caller, the ID token's own nonce is accepted here and
        // core compares it with the auth state record's.
        const nonce = request.nonce ?? (await peekNonce(response));
        const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
          expectedNonce: nonce ?? oauth.expectNoNonce,
          requireIdToken: true,
        });
        const claims =
          result.id_token === undefined ? undefined : await verifyIdToken(request.policy, result.id_token, nonce);
        return toTokenResponse(result, claims);
      } catch (error) {
        throw toProviderError(error);
      }
    },

    async refresh(request: RefreshGrantRequest) {
      const as = await authorizationServer(request.policy);
      prefetchKeys(as);
      try {
        const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), request.refreshToken, {
          additionalParameters: { scope: request.scope },
          ...httpOptions,
        });
        const result = await oauth.processRefreshTokenResponse(as, client, response);
        const claims = result.id_token === undefined ? undefined : await verifyIdToken(request.policy, result.id_token);
        return toTokenResponse(result, claims);
      } catch (error) {
        throw toProviderError(error);
      }
    },

    async endSessionUrl(request: EndSessionRequest) {
      const as = await authorizationServer(request.policy);
      if (as.end_session_endpoint === undefined) return undefined;
      const url = new URL(as.end_session_endpoint);
      if (request.idTokenHint !== undefined) url.searchParams.set('id_token_hint', request.idTokenHint);
      else url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('post_logout_redirect_uri', request.postLogoutRedirectUri);
      return url.href;
    },
  };
}

/**
 * oauth4webapi's fetch hook, on the given fetch: a GET comes with `body: undefined`, which
 * fetch's options do not take (exactOptionalPropertyTypes), so it is left out.
 */
function viaFetch(fetchImpl: typeof globalThis.fetch) {
  return (url: string, { body, ...init }: oauth.CustomFetchOptions<string, URLSearchParams | undefined>) =>
    fetchImpl(url, body === undefined ? init : { ...init, body });
}

/** The `nonce` of the ID token in a token response, read without consuming the response. */
async function peekNonce(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.clone().json();
    const idToken = typeof body === 'object' && body !== null ? (body as { id_token?: unknown }).id_token : undefined;
    if (typeof idToken !== 'string') return undefined;
    const nonce = decodeJwt(idToken).nonce;
    return typeof nonce === 'string' ? nonce : undefined;
  } catch {
    return undefined;
  }
}
