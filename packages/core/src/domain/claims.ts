// Decoding of what the first route reads with the hand-written decoders of decode.ts (no
// Effect, ADR 0007): ID-token claims (with hkData failing closed) and stored sessions. The
// answers of a sign-in or a refresh are decoded in token-answers.ts.

import { array, boolean, decodeOrUndefined, finite, optional, string, struct, union, unknownValue } from './decode.ts';
import type { DecodedOf } from './decode.ts';
import type { StoredSession } from './auth.ts';
import { fullName } from './user.ts';
import type { HkData, SignedInUser } from './user.ts';
import type { UserIds } from '../ports/ports.ts';

const maxHkDataChars = 32_768;
const maxPermissions = 500;
const maxPermissionChars = 200;
const maxNameChars = 200;

const noHkData: HkData = { attributes: { firstName: '', lastName: '' }, permissions: [], internal: false };

const nameDecoder = string({ maxLength: maxNameChars });
const hkDataDecoder = struct({
  attributes: optional(
    struct({
      firstName: optional(unknownValue),
      lastName: optional(unknownValue),
    }),
  ),
  permissions: optional(unknownValue),
  internal: optional(unknownValue),
});
const permissionsDecoder = array(string({ maxLength: maxPermissionChars }), maxPermissions);

function readName(value: unknown): string {
  return decodeOrUndefined(nameDecoder, value)?.trim() ?? '';
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
  const decoded = decodeOrUndefined(hkDataDecoder, value);
  if (decoded === undefined) return noHkData;
  const permissions = decodeOrUndefined(permissionsDecoder, decoded.permissions ?? []);
  return {
    attributes: {
      firstName: readName(decoded.attributes?.firstName),
      lastName: readName(decoded.attributes?.lastName),
    },
    permissions: permissions === undefined ? [] : [...new Set(permissions)],
    internal: decoded.internal === true,
  };
}

const anyString = string();

/** The ID-token claims core checks and uses (other claims are dropped). */
const idTokenClaimsDecoder = struct({
  iss: anyString,
  sub: string({ minLength: 1 }),
  aud: union(anyString, array(anyString)),
  exp: finite(),
  iat: finite(),
  nonce: optional(anyString),
  azp: optional(anyString),
  email: optional(anyString),
  emails: optional(array(anyString)),
  given_name: optional(anyString),
  family_name: optional(anyString),
  hkData: optional(unknownValue),
});
export type IdTokenClaims = DecodedOf<typeof idTokenClaimsDecoder>;

/** The claims core uses; undefined when a required one is missing or of the wrong type. */
export function decodeIdTokenClaims(raw: unknown): IdTokenClaims | undefined {
  return decodeOrUndefined(idTokenClaimsDecoder, raw);
}

/**
 * The signed-in user from ID-token claims (full name = first + last, trimmed); their id is the
 * directory's id of the token's subject at its issuer (`userIds`, ADR 0029), the API's too.
 */
export function signedInUserFromClaims(claims: IdTokenClaims, userIds: UserIds): SignedInUser {
  const hkData = decodeHkData(claims.hkData);
  const first = hkData.attributes.firstName || (claims.given_name ?? '');
  const last = hkData.attributes.lastName || (claims.family_name ?? '');
  const email = claims.email ?? claims.emails?.[0];
  return {
    id: userIds.of(claims.iss, claims.sub),
    issuer: claims.iss,
    fullName: fullName(first, last),
    hkData,
    ...(email === undefined ? {} : { email }),
  };
}

/**
 * The signed-in user with the directory's data (the API's `/My/Claims` hkData) where the
 * provider's tokens carried none (a standard provider, #27): its permissions, attributes and
 * internal-account flag; the name from the directory when the tokens gave none.
 */
export function withDirectoryData(user: SignedInUser, rawHkData: unknown): SignedInUser {
  const hkData = decodeHkData(rawHkData);
  return {
    ...user,
    hkData,
    fullName: user.fullName || fullName(hkData.attributes.firstName, hkData.attributes.lastName),
  };
}

const token = string({ minLength: 1 });
const storedSessionDecoder = struct({
  accessToken: token,
  accessTokenIsIdToken: boolean,
  idToken: token,
  refreshToken: optional(anyString),
  expiresAt: finite(),
  issuedAt: optional(finite()),
  policy: optional(anyString),
});

/** Decode a stored session (read back from cookies); undefined when broken. */
export function decodeStoredSession(raw: unknown): StoredSession | undefined {
  return decodeOrUndefined(storedSessionDecoder, raw);
}
