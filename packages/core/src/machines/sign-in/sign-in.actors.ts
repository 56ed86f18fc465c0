// The steps of the authorization-code flow with PKCE, as async functions over the ports, for
// every flow through the provider (auth-flow.machine.ts). Each step rejects with a PortalError
// (never a raw library error), so the machine can keep it as its error. Nothing here navigates
// or stores: the machine's output is the answer, and its caller (the portal server) keeps the
// session.

import type { AuthConfig, AuthFlow, AuthStateData, RefreshData, StoredSession } from '../../domain/auth.ts';
import type { SignedInUser } from '../../domain/user.ts';
import type { PortalError } from '../../errors/errors.ts';
import type { Ports } from '../../ports/ports.ts';
import { authStateLength, codeVerifierLength, nonceLength } from '../../domain/constants.ts';
import { randomString, pkceChallenge } from '../../domain/random.ts';
import { signedInUserFromClaims } from '../../domain/claims.ts';
import { checkIdTokenClaims, decodeTokenResponse, isWellFormedState } from '../../domain/token-answers.ts';
import { parseQuery, splitUrl } from '../../domain/url.ts';
import { withoutQueryParams } from '../../domain/url-build.ts';
import { isIdentityProviderError, PortalFailure } from '../../errors/errors.ts';
import { identityError } from '../../errors/identity-error.ts';

export type AuthPorts = Pick<Ports, 'clock' | 'random' | 'digest' | 'authStateStore' | 'identityProvider' | 'userIds'>;

const authError = (code: Extract<PortalError, { kind: 'auth' }>['code'], detail?: string): PortalError =>
  detail === undefined ? { kind: 'auth', status: 500, code } : { kind: 'auth', status: 500, code, detail };

/** The policy of a flow; undefined for a change flow the provider has no policy for. */
function policyOf(config: AuthConfig, flow: AuthFlow): string | undefined {
  switch (flow) {
    case 'signIn':
      return config.policies.signIn;
    case 'claimsRefresh':
      return config.policies.refresh;
    case 'passwordChange':
      return config.policies.passwordChange;
    case 'emailChange':
      return config.policies.emailChange;
  }
}

/** Where the provider sends the answer: the claims refresh to /flows/auth-refresh, every other flow to /auth/login. */
const redirectUriOf = (config: AuthConfig, flow: AuthFlow) =>
  flow === 'claimsRefresh' ? config.refreshRedirectUri : config.redirectUri;

export interface StartRequest {
  readonly config: AuthConfig;
  readonly flow: AuthFlow;
  readonly returnPath: string;
  readonly refresh?: RefreshData;
  /** The portal's language, for the provider's pages (`ui_locales`). */
  readonly language?: string;
  /** A sign-in started again after the provider's page had expired (kept in the record). */
  readonly restarted?: boolean;
}

/**
 * Start: state (16), verifier (128), S256 challenge, nonce; discover the policy; save the
 * record; build the authorization URL. The caller redirects to it.
 */
export async function startAuthorization(
  ports: AuthPorts,
  request: StartRequest,
): Promise<{ readonly url: string; readonly state: string }> {
  const policy = policyOf(request.config, request.flow);
  if (policy === undefined) throw new PortalFailure(authError('auth.flowUnavailable'));
  try {
    const state = randomString(ports.random, authStateLength);
    const codeVerifier = randomString(ports.random, codeVerifierLength);
    const nonce = randomString(ports.random, nonceLength);
    const codeChallenge = await pkceChallenge(ports.digest, codeVerifier);
    const metadata = await ports.identityProvider.discover(policy);
    const redirectUri = redirectUriOf(request.config, request.flow);
    const scope = request.config.scopes.join(' ');
    const data: AuthStateData = {
      tokenPolicyData: {
        client_id: request.config.clientId,
        scope,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      },
      tokenPolicyUrl: metadata.tokenEndpoint,
      nonce,
      extraData: {
        flow: request.flow,
        referrer: request.returnPath,
        ...(request.refresh === undefined ? {} : { refresh: request.refresh }),
        ...(request.restarted === true ? { restarted: true } : {}),
      },
    };
    await ports.authStateStore.save(state, data);
    const url = await ports.identityProvider.authorizationUrl({
      policy,
      clientId: request.config.clientId,
      redirectUri,
      scope,
      state,
      nonce,
      codeChallenge,
      codeChallengeMethod: 'S256',
      responseType: 'code',
      ...(request.flow === 'claimsRefresh' && request.config.refreshPrompt === 'none' ? { prompt: 'none' } : {}),
      ...(request.language === undefined ? {} : { uiLocales: request.language }),
    });
    return { url, state };
  } catch {
    throw new PortalFailure(authError('auth.network'));
  }
}

/** The authorization response's parameters (each possibly repeated). */
export interface CallbackParams {
  readonly state: readonly string[];
  readonly code: readonly string[];
  readonly iss: readonly string[];
  readonly error?: string;
  readonly errorDescription?: string;
}

/** Parameters the address bar loses before the exchange. */
const callbackParamNames = [
  'code',
  'state',
  'iss',
  'session_state',
  'error',
  'error_description',
  'error_uri',
] as const;

export function readCallbackParams(url: string): CallbackParams {
  const query = parseQuery(splitUrl(url).query);
  const error = query.get('error')?.[0];
  const errorDescription = query.get('error_description')?.[0];
  return {
    state: query.get('state') ?? [],
    code: query.get('code') ?? [],
    iss: query.get('iss') ?? [],
    ...(error === undefined ? {} : { error }),
    ...(errorDescription === undefined ? {} : { errorDescription }),
  };
}

/** True when the address is a return from the provider (state with code or error). */
export function isAuthCallback(url: string): boolean {
  const params = readCallbackParams(url);
  return params.state.length > 0 && (params.code.length > 0 || params.error !== undefined);
}

/** The address without the authorization response's parameters. */
export function strippedCallbackUrl(url: string): string {
  return withoutQueryParams(url, callbackParamNames);
}

/**
 * Take (look up and delete) the record of the callback's state: `state` is checked before
 * anything else. No, a repeated or malformed state → auth.missingAuthState; no record for
 * it (cookie gone, dropped as the oldest, tampered) → auth.missingTemporaryCookie.
 */
export async function takeRecord(ports: AuthPorts, params: CallbackParams): Promise<AuthStateData> {
  const state = params.state.length === 1 ? params.state[0] : undefined;
  if (state === undefined || !isWellFormedState(state)) throw new PortalFailure(authError('auth.missingAuthState'));
  let record: AuthStateData | undefined;
  try {
    record = await ports.authStateStore.take(state);
  } catch {
    record = undefined;
  }
  if (record === undefined) throw new PortalFailure(authError('auth.missingTemporaryCookie'));
  return record;
}

/** What the callback is, once the record is known: an error, a bad code, or a code to exchange. */
export type CallbackVerdict =
  { readonly kind: 'error'; readonly error: PortalError } | { readonly kind: 'exchange'; readonly code: string };

export function judgeCallback(
  params: CallbackParams,
  record: AuthStateData,
  context: { readonly signedIn: boolean; readonly url: string },
): CallbackVerdict {
  if (params.error !== undefined || params.errorDescription !== undefined) {
    const error = identityError(
      {
        ...(params.error === undefined ? {} : { error: params.error }),
        ...(params.errorDescription === undefined ? {} : { error_description: params.errorDescription }),
      },
      { signedIn: context.signedIn, currentUrl: context.url, storedReferrer: record.extraData.referrer },
    );
    // Never undefined here: an error or error_description is present.
    return { kind: 'error', error: error as PortalError };
  }
  const code = params.code.length === 1 ? params.code[0] : undefined;
  if (code === undefined || code.trim() === '') return { kind: 'error', error: authError('auth.invalidCallback') };
  return { kind: 'exchange', code };
}

export interface ExchangeResult {
  readonly session: StoredSession;
  readonly user: SignedInUser;
}

/** Map a provider failure: OAuth errors through the identity-error rules, the rest as network. */
function providerFailure(error: unknown, signedIn: boolean, url: string, referrer: string): PortalError {
  if (isIdentityProviderError(error)) {
    const mapped = identityError(
      error.errorDescription === undefined
        ? { error: error.error }
        : { error: error.error, error_description: error.errorDescription },
      { signedIn, currentUrl: url, storedReferrer: referrer },
    );
    return mapped !== undefined && mapped.kind !== 'cancelled' ? mapped : authError('auth.providerRejected');
  }
  return authError('auth.network');
}

/** Turn a token response into a session and user, checking the ID token's claims. */
function sessionFromTokenResponse(
  userIds: AuthPorts['userIds'],
  raw: unknown,
  expect: {
    readonly issuer: string;
    readonly clientId: string;
    readonly nonce?: string;
    readonly now: number;
    readonly policy: string;
  },
): ExchangeResult {
  const response = decodeTokenResponse(raw);
  if (response === undefined) throw new PortalFailure(authError('auth.invalidTokenResponse'));
  const checked = checkIdTokenClaims(response.idTokenClaims, expect);
  if (!checked.ok) throw new PortalFailure(authError('auth.invalidIdToken'));
  const session: StoredSession = {
    accessToken: response.access_token ?? response.id_token,
    accessTokenIsIdToken: response.access_token === undefined,
    idToken: response.id_token,
    ...(response.refresh_token === undefined ? {} : { refreshToken: response.refresh_token }),
    expiresAt: expect.now + response.expires_in * 1000,
    policy: expect.policy,
  };
  return { session, user: signedInUserFromClaims(checked.claims, userIds) };
}

export interface ExchangeRequest {
  readonly config: AuthConfig;
  readonly record: AuthStateData;
  readonly params: CallbackParams;
  readonly code: string;
  readonly signedIn: boolean;
  readonly url: string;
}

/** Check `iss` (RFC 9207), exchange the code, decode the answer and check the ID token. */
export async function exchangeCode(ports: AuthPorts, request: ExchangeRequest): Promise<ExchangeResult> {
  const { record } = request;
  const policy = policyOf(request.config, record.extraData.flow);
  if (policy === undefined) throw new PortalFailure(authError('auth.flowUnavailable'));
  let metadata;
  try {
    metadata = await ports.identityProvider.discover(policy);
  } catch {
    throw new PortalFailure(authError('auth.network'));
  }
  const iss = request.params.iss;
  if (
    iss.length > 1 ||
    (iss.length === 1 && iss[0] !== metadata.issuer) ||
    (iss.length === 0 && metadata.authorizationResponseIssParameterSupported)
  ) {
    throw new PortalFailure(authError('auth.issuerMismatch'));
  }
  let raw: unknown;
  try {
    raw = await ports.identityProvider.exchangeCode({
      policy,
      tokenEndpoint: record.tokenPolicyUrl,
      clientId: record.tokenPolicyData.client_id,
      redirectUri: record.tokenPolicyData.redirect_uri,
      code: request.code,
      codeVerifier: record.tokenPolicyData.code_verifier,
    });
  } catch (error) {
    throw new PortalFailure(providerFailure(error, request.signedIn, request.url, record.extraData.referrer));
  }
  return sessionFromTokenResponse(ports.userIds, raw, {
    issuer: metadata.issuer,
    clientId: record.tokenPolicyData.client_id,
    nonce: record.nonce,
    now: ports.clock.now(),
    policy,
  });
}
