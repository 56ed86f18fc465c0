// What a sign-in or a refresh reads, decoded with decode.ts: the ID-token checks, the auth
// state records of the sign-in (cookies) and the token endpoint's answers. Apart from
// claims.ts so that the first route (which only restores a stored session) does not carry them.

import { boolean, decodeOrUndefined, finite, literals, optional, string, struct, unknownValue } from './decode.ts';
import type { DecodedOf } from './decode.ts';
import type { AuthStateData, AuthStateRecord } from './auth.ts';
import { authStateLength, codeVerifierLength } from './constants.ts';
import { decodeIdTokenClaims, type IdTokenClaims } from './claims.ts';

const anyString = string();
const token = string({ minLength: 1 });

/** Why a set of ID-token claims is refused. */
export type IdTokenClaimsProblem = 'malformed' | 'issuer' | 'audience' | 'azp' | 'nonce' | 'expired' | 'issuedAt';

export interface IdTokenExpectations {
  readonly issuer: string;
  readonly clientId: string;
  /** The nonce of the auth state record; undefined for a refresh (the provider may omit it then). */
  readonly nonce?: string | undefined;
  /** Epoch milliseconds. */
  readonly now: number;
  /** Allowed clock skew, seconds (default 30). */
  readonly skewSeconds?: number;
  /** Oldest acceptable `iat`, seconds before now (default 600). */
  readonly maxAgeSeconds?: number;
}

/** Check `iss`, `aud`, `azp`, `nonce`, `exp` (30 s skew) and `iat` (OIDC Core §3.1.3.7). */
export function checkIdTokenClaims(
  raw: unknown,
  expect: IdTokenExpectations,
):
  | { readonly ok: true; readonly claims: IdTokenClaims }
  | { readonly ok: false; readonly problem: IdTokenClaimsProblem } {
  const claims = decodeIdTokenClaims(raw);
  if (claims === undefined) return { ok: false, problem: 'malformed' };
  const skew = expect.skewSeconds ?? 30;
  const maxAge = expect.maxAgeSeconds ?? 600;
  const nowSeconds = expect.now / 1000;
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : claims.aud;
  if (claims.iss !== expect.issuer) return { ok: false, problem: 'issuer' };
  if (!audiences.includes(expect.clientId)) return { ok: false, problem: 'audience' };
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== expect.clientId)
    return { ok: false, problem: 'azp' };
  if (expect.nonce !== undefined && claims.nonce !== expect.nonce) return { ok: false, problem: 'nonce' };
  if (claims.exp + skew < nowSeconds) return { ok: false, problem: 'expired' };
  if (claims.iat > nowSeconds + skew || claims.iat < nowSeconds - maxAge - skew)
    return { ok: false, problem: 'issuedAt' };
  return { ok: true, claims };
}

const alphanumeric = /^[A-Za-z0-9]+$/;
const authStateDataDecoder = struct({
  tokenPolicyData: struct({
    client_id: anyString,
    scope: anyString,
    redirect_uri: anyString,
    code_verifier: string({ pattern: alphanumeric, minLength: codeVerifierLength, maxLength: codeVerifierLength }),
  }),
  tokenPolicyUrl: anyString,
  nonce: string({ minLength: 16, maxLength: 128 }),
  extraData: struct({
    flow: literals(['signIn', 'claimsRefresh', 'passwordChange', 'emailChange']),
    referrer: string({ maxLength: 2048 }),
    refresh: optional(
      struct({
        redirectUri: string({ maxLength: 2048 }),
        sleep: finite({ min: 0, max: 60_000 }),
      }),
    ),
    restarted: optional(boolean),
  }),
});
const authStateRecordDecoder = struct({
  count: finite(),
  data: authStateDataDecoder,
});

/** True for a well-formed state value (16 characters of the 62-character alphabet). */
export function isWellFormedState(state: string): boolean {
  return state.length === authStateLength && alphanumeric.test(state);
}

/** Decode an auth state record read from a cookie; undefined when tampered or foreign. */
export function decodeAuthStateRecord(raw: unknown): AuthStateRecord | undefined {
  let value = raw;
  if (typeof value === 'string') {
    if (value.length > 8192) return undefined;
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return decodeOrUndefined(authStateRecordDecoder, value);
}

/** Decode the `data` of an auth state record; undefined when tampered. */
export function decodeAuthStateData(raw: unknown): AuthStateData | undefined {
  return decodeOrUndefined(authStateDataDecoder, raw);
}

const tokenResponseDecoder = struct({
  access_token: optional(token),
  id_token: token,
  refresh_token: optional(token),
  expires_in: finite({ greaterThan: 0 }),
  token_type: optional(anyString),
  idTokenClaims: unknownValue,
});
export type DecodedTokenResponse = DecodedOf<typeof tokenResponseDecoder>;

const refreshResponseDecoder = struct({
  access_token: optional(token),
  id_token: optional(token),
  refresh_token: optional(token),
  expires_in: finite({ greaterThan: 0 }),
  token_type: optional(anyString),
  idTokenClaims: optional(unknownValue),
});
export type DecodedRefreshResponse = DecodedOf<typeof refreshResponseDecoder>;

/** Decode a refresh-token grant's answer: like a code exchange's, but the ID token may be absent. */
export function decodeRefreshResponse(raw: unknown): DecodedRefreshResponse | undefined {
  const decoded = decodeOrUndefined(refreshResponseDecoder, raw);
  return decoded !== undefined && (decoded.access_token !== undefined || decoded.id_token !== undefined)
    ? decoded
    : undefined;
}

/**
 * Decode the token endpoint's answer: HTML, null, broken JSON, no ID token, missing or
 * non-numeric `expires_in` give undefined (a clean error, never a half sign-in).
 */
export function decodeTokenResponse(raw: unknown): DecodedTokenResponse | undefined {
  return decodeOrUndefined(tokenResponseDecoder, raw);
}
