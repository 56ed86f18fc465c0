// Decoding of untrusted input with Effect Schema: ID-token claims (with hkData failing
// closed), auth state records (cookies) and token endpoint answers.

import { Schema } from 'effect';
import type { AuthStateData, AuthStateRecord, StoredSession, TokenResponse } from './auth.ts';
import { authStateLength, codeVerifierLength } from './constants.ts';
import { fullName } from './user.ts';
import type { HkData, SignedInUser } from './user.ts';

const maxHkDataChars = 32_768;
const maxPermissions = 500;
const maxPermissionChars = 200;
const maxNameChars = 200;

const noHkData: HkData = { attributes: { firstName: '', lastName: '' }, permissions: [], internal: false };

const NameSchema = Schema.String.check(Schema.isMaxLength(maxNameChars));
const HkDataSchema = Schema.Struct({
  attributes: Schema.optional(Schema.Struct({
    firstName: Schema.optional(Schema.Unknown),
    lastName: Schema.optional(Schema.Unknown),
  })),
  permissions: Schema.optional(Schema.Unknown),
  internal: Schema.optional(Schema.Unknown),
});
const PermissionsSchema = Schema.Array(Schema.String.check(Schema.isMaxLength(maxPermissionChars)))
  .check(Schema.isMaxLength(maxPermissions));

function readName(value: unknown): string {
  const decoded = Schema.decodeUnknownOption(NameSchema)(value);
  return decoded._tag === 'Some' ? decoded.value.trim() : '';
}

/**
 * hkData from the ID token, failing closed: absent, of the wrong type, unparseable or huge
 * gives no permissions (the portal stays usable). Accepts an object or a JSON string (B2C
 * custom claims are often strings). Permissions are all-or-nothing: one bad entry drops all.
 */
export function decodeHkData(raw: unknown): HkData {
  let value = raw;
  if (typeof value === 'string') {
    if (value.length > maxHkDataChars) return noHkData;
    try {
      value = JSON.parse(value);
    } catch {
      return noHkData;
    }
  }
  const decoded = Schema.decodeUnknownOption(HkDataSchema)(value);
  if (decoded._tag === 'None') return noHkData;
  const permissions = Schema.decodeUnknownOption(PermissionsSchema)(decoded.value.permissions ?? []);
  return {
    attributes: {
      firstName: readName(decoded.value.attributes?.firstName),
      lastName: readName(decoded.value.attributes?.lastName),
    },
    permissions: permissions._tag === 'Some' ? [...new Set(permissions.value)] : [],
    internal: decoded.value.internal === true,
  };
}

const AudienceSchema = Schema.Union([Schema.String, Schema.Array(Schema.String)]);

/** The ID-token claims core checks and uses. */
export const IdTokenClaimsSchema = Schema.Struct({
  iss: Schema.String,
  sub: Schema.String.check(Schema.isMinLength(1)),
  aud: AudienceSchema,
  exp: Schema.Finite,
  iat: Schema.Finite,
  nonce: Schema.optional(Schema.String),
  azp: Schema.optional(Schema.String),
  email: Schema.optional(Schema.String),
  emails: Schema.optional(Schema.Array(Schema.String)),
  given_name: Schema.optional(Schema.String),
  family_name: Schema.optional(Schema.String),
  hkData: Schema.optional(Schema.Unknown),
});
export type IdTokenClaims = typeof IdTokenClaimsSchema.Type;

export function decodeIdTokenClaims(raw: unknown): IdTokenClaims | undefined {
  const decoded = Schema.decodeUnknownOption(IdTokenClaimsSchema)(raw);
  return decoded._tag === 'Some' ? decoded.value : undefined;
}

/** Why a set of ID-token claims is refused. */
export type IdTokenClaimsProblem = 'malformed' | 'issuer' | 'audience' | 'azp' | 'nonce' | 'expired' | 'issuedAt';

export interface IdTokenExpectations {
  readonly issuer: string;
  readonly clientId: string;
  /** The nonce of the auth state record; undefined for a refresh (the provider may omit it then). */
  readonly nonce?: string;
  /** Epoch milliseconds. */
  readonly now: number;
  /** Allowed clock skew, seconds (default 30). */
  readonly skewSeconds?: number;
  /** Oldest acceptable `iat`, seconds before now (default 600). */
  readonly maxAgeSeconds?: number;
}

/** Check `iss`, `aud`, `azp`, `nonce`, `exp` (30 s skew) and `iat` (OIDC Core §3.1.3.7). */
export function checkIdTokenClaims(raw: unknown, expect: IdTokenExpectations):
  { readonly ok: true; readonly claims: IdTokenClaims } | { readonly ok: false; readonly problem: IdTokenClaimsProblem } {
  const claims = decodeIdTokenClaims(raw);
  if (claims === undefined) return { ok: false, problem: 'malformed' };
  const skew = expect.skewSeconds ?? 30;
  const maxAge = expect.maxAgeSeconds ?? 600;
  const nowSeconds = expect.now / 1000;
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : claims.aud;
  if (claims.iss !== expect.issuer) return { ok: false, problem: 'issuer' };
  if (!audiences.includes(expect.clientId)) return { ok: false, problem: 'audience' };
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== expect.clientId) return { ok: false, problem: 'azp' };
  if (expect.nonce !== undefined && claims.nonce !== expect.nonce) return { ok: false, problem: 'nonce' };
  if (claims.exp + skew < nowSeconds) return { ok: false, problem: 'expired' };
  if (claims.iat > nowSeconds + skew || claims.iat < nowSeconds - maxAge - skew) return { ok: false, problem: 'issuedAt' };
  return { ok: true, claims };
}

/** The signed-in user from ID-token claims (full name = first + last, trimmed). */
export function signedInUserFromClaims(claims: IdTokenClaims): SignedInUser {
  const hkData = decodeHkData(claims.hkData);
  const first = hkData.attributes.firstName || (claims.given_name ?? '');
  const last = hkData.attributes.lastName || (claims.family_name ?? '');
  const email = claims.email ?? claims.emails?.[0];
  return {
    id: claims.sub,
    issuer: claims.iss,
    fullName: fullName(first, last),
    hkData,
    ...(email === undefined ? {} : { email }),
  };
}

const alphanumeric = /^[A-Za-z0-9]+$/;
const AuthStateDataSchema = Schema.Struct({
  tokenPolicyData: Schema.Struct({
    client_id: Schema.String,
    scope: Schema.String,
    redirect_uri: Schema.String,
    code_verifier: Schema.String.check(Schema.isPattern(alphanumeric), Schema.isMinLength(codeVerifierLength), Schema.isMaxLength(codeVerifierLength)),
  }),
  tokenPolicyUrl: Schema.String,
  nonce: Schema.String.check(Schema.isMinLength(16), Schema.isMaxLength(128)),
  extraData: Schema.Struct({
    flow: Schema.Literals(['signIn', 'claimsRefresh']),
    referrer: Schema.String.check(Schema.isMaxLength(2048)),
    refresh: Schema.optional(Schema.Struct({
      redirectUri: Schema.String.check(Schema.isMaxLength(2048)),
      sleep: Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(60_000)),
    })),
  }),
});
const AuthStateRecordSchema = Schema.Struct({
  count: Schema.Finite,
  data: AuthStateDataSchema,
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
  const decoded = Schema.decodeUnknownOption(AuthStateRecordSchema)(value);
  return decoded._tag === 'Some' ? decoded.value : undefined;
}

/** Decode the `data` of an auth state record; undefined when tampered. */
export function decodeAuthStateData(raw: unknown): AuthStateData | undefined {
  const decoded = Schema.decodeUnknownOption(AuthStateDataSchema)(raw);
  return decoded._tag === 'Some' ? decoded.value : undefined;
}

const TokenResponseSchema = Schema.Struct({
  access_token: Schema.optional(Schema.String.check(Schema.isMinLength(1))),
  id_token: Schema.String.check(Schema.isMinLength(1)),
  refresh_token: Schema.optional(Schema.String.check(Schema.isMinLength(1))),
  expires_in: Schema.Finite.check(Schema.isGreaterThan(0)),
  token_type: Schema.optional(Schema.String),
  idTokenClaims: Schema.Unknown,
});
export type DecodedTokenResponse = typeof TokenResponseSchema.Type;

const RefreshResponseSchema = Schema.Struct({
  access_token: Schema.optional(Schema.String.check(Schema.isMinLength(1))),
  id_token: Schema.optional(Schema.String.check(Schema.isMinLength(1))),
  refresh_token: Schema.optional(Schema.String.check(Schema.isMinLength(1))),
  expires_in: Schema.Finite.check(Schema.isGreaterThan(0)),
  token_type: Schema.optional(Schema.String),
  idTokenClaims: Schema.optional(Schema.Unknown),
});
export type DecodedRefreshResponse = typeof RefreshResponseSchema.Type;

/** Decode a refresh-token grant's answer: like a code exchange's, but the ID token may be absent. */
export function decodeRefreshResponse(raw: unknown): DecodedRefreshResponse | undefined {
  const decoded = Schema.decodeUnknownOption(RefreshResponseSchema)(raw);
  return decoded._tag === 'Some' && (decoded.value.access_token !== undefined || decoded.value.id_token !== undefined) ? decoded.value : undefined;
}

/**
 * Decode the token endpoint's answer: HTML, null, broken JSON, no ID token, missing or
 * non-numeric `expires_in` give undefined (a clean error, never a half sign-in).
 */
export function decodeTokenResponse(raw: TokenResponse | unknown): DecodedTokenResponse | undefined {
  const decoded = Schema.decodeUnknownOption(TokenResponseSchema)(raw);
  return decoded._tag === 'Some' ? decoded.value : undefined;
}

const StoredSessionSchema = Schema.Struct({
  accessToken: Schema.String.check(Schema.isMinLength(1)),
  accessTokenIsIdToken: Schema.Boolean,
  idToken: Schema.String.check(Schema.isMinLength(1)),
  refreshToken: Schema.optional(Schema.String),
  expiresAt: Schema.Finite,
});

/** Decode a stored session (read back from cookies); undefined when broken. */
export function decodeStoredSession(raw: unknown): StoredSession | undefined {
  const decoded = Schema.decodeUnknownOption(StoredSessionSchema)(raw);
  return decoded._tag === 'Some' ? decoded.value : undefined;
}
