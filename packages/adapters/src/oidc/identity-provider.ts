// Core's IdentityProvider port with oauth4webapi (discovery, authorization URL parameters,
// the authorization_code and refresh_token grants, client authentication) and jose (ID-token
// signature against the provider's JWKS), for every kind of provider (issue #27): each policy
// (a B2C policy, or the one key of a provider with one issuer) has its discovery location and
// the issuer its document names, both found by the portal server's start-up check
// (@portal/server loadProvider); a B2C tenant names one issuer for every policy.
//
// The portal server is a confidential client: it authenticates at the token endpoint with a
// client secret (client_secret_basic) or a private key (private_key_jwt), by configuration.
//
// Checks: oauth4webapi checks the token response and the ID token's iss, aud, azp, exp
// (30 s tolerance), iat and nonce; jose checks the signature, the algorithm (RS256 unless
// configured), iss, aud and exp again. Core checks the claims once more (it trusts nothing).
// The claims are handed to core under the names core reads (email, given_name, family_name,
// hkData), taken from the provider's names by configuration. OAuth errors of the provider
// reject with core's IdentityProviderError; transport failures reject with the fetch error
// (core maps them to `auth.network`).

import * as oauth from 'oauth4webapi';
import { createRemoteJWKSet, customFetch as joseCustomFetch, decodeJwt, importJWK, jwtVerify } from 'jose';
import type { JWK } from 'jose';
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

/** Where a policy's discovery document lives and the issuer it names. */
export interface PolicyLocation {
  /** The base the well-known path is appended to, e.g. `https://t.b2clogin.com/t.onmicrosoft.com/B2C_1A_SIGNIN/v2.0`. */
  readonly discovery: string;
  /** The issuer the document (and every token of the policy) names. */
  readonly issuer: string;
}

/** How the portal authenticates at the token endpoint. */
export type ClientAuthentication =
  | { readonly method: 'none' }
  | { readonly method: 'client_secret_basic' | 'client_secret_post'; readonly secret: string }
  | { readonly method: 'private_key_jwt'; readonly privateJwk: JWK };

/** The provider's names of the claims core reads (defaults: the standard names and hkData). */
export interface ClaimNameMap {
  readonly email?: string;
  readonly givenName?: string;
  readonly familyName?: string;
  readonly data?: string;
}

export interface OidcOptions {
  /** Each policy (discovery key) the portal uses. */
  readonly policies: Readonly<Record<string, PolicyLocation>>;
  /** The portal's client id (sent with end-session requests, checked as the ID token's audience). */
  readonly clientId: string;
  /** Default: a public client (the local stack's development default only). */
  readonly clientAuthentication?: ClientAuthentication;
  readonly claimNames?: ClaimNameMap;
  /** Allow http:// (only for a loopback provider; default: true when every location is on loopback). */
  readonly allowInsecureRequests?: boolean;
  /** ID-token algorithms accepted (default RS256). */
  readonly idTokenAlgorithms?: readonly string[];
  /** Clock tolerance for exp/iat/nbf, seconds (default 30). */
  readonly clockToleranceSeconds?: number;
  readonly fetch?: typeof globalThis.fetch;
}

const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackHttp(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && loopback.has(parsed.hostname);
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The verified claims under the names core reads (a string claim, or the first of an array). */
export function canonicalClaims(payload: JWTPayload, names: ClaimNameMap = {}): JWTPayload {
  const first = (name: string) => {
    const v = payload[name];
    return str(v) ?? (Array.isArray(v) ? str(v[0]) : undefined);
  };
  const email = first(names.email ?? 'email') ?? first('emails');
  const givenName = first(names.givenName ?? 'given_name');
  const familyName = first(names.familyName ?? 'family_name');
  const data = payload[names.data ?? 'hkData'];
  const { email: _e, given_name: _g, family_name: _f, hkData: _h, ...rest } = payload;
  return {
    ...rest,
    ...(email === undefined ? {} : { email }),
    ...(givenName === undefined ? {} : { given_name: givenName }),
    ...(familyName === undefined ? {} : { family_name: familyName }),
    ...(data === undefined ? {} : { hkData: data }),
  };
}

/** oauth4webapi's client authentication for the configured method. */
async function clientAuthOf(auth: ClientAuthentication): Promise<oauth.ClientAuth> {
  switch (auth.method) {
    case 'none':
      return oauth.None();
    case 'client_secret_basic':
      return oauth.ClientSecretBasic(auth.secret);
    case 'client_secret_post':
      return oauth.ClientSecretPost(auth.secret);
    case 'private_key_jwt': {
      const alg = auth.privateJwk.alg ?? (auth.privateJwk.kty === 'EC' ? 'ES256' : 'RS256');
      const key = await importJWK(auth.privateJwk, alg);
      if (!(key instanceof CryptoKey)) throw new IdentityProviderError('invalid_configuration');
      return oauth.PrivateKeyJwt(auth.privateJwk.kid === undefined ? key : { key, kid: auth.privateJwk.kid });
    }
  }
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
  const locations = Object.values(options.policies);
  const insecure =
    options.allowInsecureRequests ?? (locations.length > 0 && locations.every((l) => isLoopbackHttp(l.discovery)));
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
  const authentication = clientAuthOf(options.clientAuthentication ?? { method: 'none' });
  // A rejected key is reported where it is used (the token request), not as an unhandled rejection here.
  authentication.catch(() => undefined);
  const servers = new Map<string, Promise<oauth.AuthorizationServer>>();
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  const authorizationServer = (policy: string): Promise<oauth.AuthorizationServer> => {
    let cached = servers.get(policy);
    if (cached === undefined) {
      const location = options.policies[policy];
      if (location === undefined) return Promise.reject(new IdentityProviderError('invalid_configuration'));
      cached = (async () => {
        const response = await oauth.discoveryRequest(new URL(location.discovery), {
          algorithm: 'oidc',
          ...httpOptions,
        });
        return oauth.processDiscoveryResponse(new URL(location.issuer), response);
      })();
      servers.set(policy, cached);
      // A failed discovery is not remembered: the next call asks again.
      cached.catch(() => {
        if (servers.get(policy) === cached) servers.delete(policy);
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
    ...(claims === undefined ? {} : { idTokenClaims: canonicalClaims(claims, options.claimNames) }),
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
      if (request.prompt !== undefined) url.searchParams.set('prompt', request.prompt);
      if (request.uiLocales !== undefined && request.uiLocales !== '')
        url.searchParams.set('ui_locales', request.uiLocales);
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
          await authentication,
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
        const response = await oauth.refreshTokenGrantRequest(as, client, await authentication, request.refreshToken, {
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
