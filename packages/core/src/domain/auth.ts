// Sign-in data of spec §3 and §4: the auth state record, refresh data, tokens.

/**
 * What a round trip through the provider is for: the sign-in, the claims refresh, or the
 * provider's own e-mail or password change (B2C policies; their tokens are not kept).
 */
export type AuthFlow = 'signIn' | 'claimsRefresh' | 'passwordChange' | 'emailChange';

/** Token policy data kept in the auth state record (spec §3). */
interface TokenPolicyData {
  readonly client_id: string;
  readonly scope: string;
  readonly redirect_uri: string;
  readonly code_verifier: string;
}

/** Refresh data of spec §3: where to go after a claims refresh, and how long to wait first. */
export interface RefreshData {
  readonly redirectUri: string;
  readonly sleep: number;
}

interface AuthStateExtraData {
  readonly flow: AuthFlow;
  /** Same-origin path to return to after the sign-in (the stored referrer). */
  readonly referrer: string;
  readonly refresh?: RefreshData | undefined;
  /**
   * A sign-in started again because the provider's page had expired (AADB2C90208, issue #30.10):
   * the same answer to it is not started a third time.
   */
  readonly restarted?: boolean | undefined;
}

/** `data` of the auth state record. */
export interface AuthStateData {
  readonly tokenPolicyData: TokenPolicyData;
  readonly tokenPolicyUrl: string;
  readonly nonce: string;
  readonly extraData: AuthStateExtraData;
}

/** The auth state record (cookie `hk-id.auth.<state>`): a count (for dropping the oldest) and data. */
export interface AuthStateRecord {
  readonly count: number;
  readonly data: AuthStateData;
}

/** Static configuration of the sign-in (from the runtime configuration of the portal). */
export interface AuthConfig {
  readonly clientId: string;
  /** Scopes: openid, offline_access and the API access scope (spec §9). */
  readonly scopes: readonly string[];
  /** Absolute URL of /auth/login on the portal's origin. */
  readonly redirectUri: string;
  /** Absolute URL of /flows/auth-refresh on the portal's origin. */
  readonly refreshRedirectUri: string;
  /**
   * Each flow's policy: the discovery key the provider adapter knows (a B2C policy name, or one
   * key for a provider with one issuer). The change flows only where the provider has policies.
   */
  readonly policies: {
    readonly signIn: string;
    readonly refresh: string;
    readonly passwordChange?: string | undefined;
    readonly emailChange?: string | undefined;
  };
  /** A claims refresh without a refresh policy asks the sign-in's issuer again, silently (`prompt=none`). */
  readonly refreshPrompt?: 'none' | undefined;
}

/** What the identity provider's discovery document says about one policy. */
export interface ProviderMetadata {
  readonly issuer: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly endSessionEndpoint?: string;
  /** RFC 9207: the provider sends `iss` with the authorization response. */
  readonly authorizationResponseIssParameterSupported: boolean;
}

/**
 * The token endpoint's answer as the adapter hands it over: snake-case fields of the
 * response, plus the ID token's claims after the adapter verified its signature and
 * algorithm (jose). Core decodes all of it again (it may be anything).
 */
export interface TokenResponse {
  readonly access_token?: string;
  readonly id_token?: string;
  readonly refresh_token?: string;
  readonly expires_in?: number;
  readonly token_type?: string;
  readonly idTokenClaims?: unknown;
}

/** The tokens of the signed-in user, as the session store keeps them. */
export interface StoredSession {
  /** The access token, or the ID token when the provider sent none. */
  readonly accessToken: string;
  /** True when `accessToken` is the ID token (the fallback of spec §4; logged when used). */
  readonly accessTokenIsIdToken: boolean;
  readonly idToken: string;
  readonly refreshToken?: string | undefined;
  /** Epoch milliseconds when the access token expires. */
  readonly expiresAt: number;
  /**
   * Epoch milliseconds when these tokens were granted (a refresh writes it): with `expiresAt`
   * the access token's lifetime, which caps the refresh lead (`refreshDueIn`). Missing on a
   * session from a sign-in: the lifetime then comes from the tokens' `iat`.
   */
  readonly issuedAt?: number | undefined;
  /** The policy whose tokens these are (refreshed there); the sign-in policy when absent. */
  readonly policy?: string | undefined;
}
