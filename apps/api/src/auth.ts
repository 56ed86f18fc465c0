// Bearer tokens: access tokens of the identity provider and service tokens of the local
// provider for the internal calls. Verified with jose against the issuers and key sets that
// the provider's discovery documents name (@portal/server's loadProvider, issue #27):
// - B2C: the policy of a token is its `tfp` (or `acr`) claim, never guessed from the issuer
//   (a real tenant names one issuer for every policy); the token must come from the sign-in
//   or refresh policy and carry that policy's issuer and signature;
// - one-issuer providers (Entra External ID, any standard provider): that issuer.
// Permissions come from the token's data claim (hkData.permissions, B2C's API connector) and
// fail closed; a token without that claim at all (a standard provider knows nothing of the
// portal's permissions) gets the user's permissions from the directory.
// The user's id is the directory's id of the token's subject at its issuer (ADR 0029,
// @portal/server's directoryUserId, the portal server's too): the subject where it is a UUID,
// else a name-based UUID of both.
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { directoryUserId } from '@portal/server';
import { unauthorized } from './http/errors.ts';

export interface Principal {
  /** The directory's id of `subject` at `issuer`. */
  userId: string;
  /** The token's issuer (`iss`) and subject (`sub`): where the user signs in. */
  issuer: string;
  subject: string;
  email: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  permissions: ReadonlySet<string>;
  /** The directory groups of the token's groups claim (#29.3); undefined when it names none or is not a list of names. */
  groups?: readonly string[];
  /** When the token was issued (its iat, seconds). */
  issuedAt?: number;
}

/** An issuer whose access tokens the API accepts. */
interface TokenIssuer {
  readonly issuer: string;
  readonly keys: JWTVerifyGetKey;
  /** B2C: the policy whose tokens these are (compared without case with the token's policy claim). */
  readonly policy?: string;
}

/** The claim names the API reads (the provider configuration's, @portal/server ClaimNames). */
interface TokenClaimNames {
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly data: string;
  /** The directory groups of internal accounts (#29.3; IDP_CLAIM_GROUPS, default `groups`). */
  readonly groups: string;
}

export interface AuthConfig {
  readonly audience: string;
  readonly issuers: readonly TokenIssuer[];
  /** B2C: the claim naming a token's policy; then every issuer has its `policy`. */
  readonly policyClaim?: 'tfp' | 'acr';
  readonly claims?: TokenClaimNames;
  /** The local provider's service tokens for the internal calls (none outside the local stack). */
  readonly internal?: { readonly issuer: string; readonly keys: JWTVerifyGetKey };
  /** Permissions of a user whose token has no data claim; none without it. */
  readonly directoryPermissions?: (userId: string) => Promise<ReadonlySet<string>>;
}

export interface Authenticator {
  user(authorization: string | undefined): Promise<Principal>;
  internal(authorization: string | undefined): Promise<void>;
}

const INTERNAL_SCOPE = 'idp.internal';
const MAX_PERMISSIONS = 1000;
const defaultClaims: TokenClaimNames = {
  email: 'email',
  givenName: 'given_name',
  familyName: 'family_name',
  data: 'hkData',
  groups: 'groups',
};

export function remoteKeys(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 5_000, timeoutDuration: 5_000 });
}

function bearer(authorization: string | undefined): string {
  // Tokens of users with hundreds of permissions reach 60 KB; the server accepts 256 KB of headers.
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{10,200000})$/.exec(authorization ?? '');
  if (!match?.[1]) throw unauthorized();
  return match[1];
}

/** The data claim may arrive as an object or as a JSON string (as B2C custom claims do). */
function permissionsOf(data: unknown): Set<string> {
  let hk: unknown = data;
  if (typeof hk === 'string' && hk.length < 100_000) {
    try {
      hk = JSON.parse(hk);
    } catch {
      return new Set();
    }
  }
  if (typeof hk !== 'object' || hk === null) return new Set();
  const list = (hk as { permissions?: unknown }).permissions;
  if (!Array.isArray(list) || list.length > MAX_PERMISSIONS) return new Set();
  return new Set(list.filter((p): p is string => typeof p === 'string' && p.length <= 200));
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
/** A string claim, or the first string of an array claim (B2C's `emails`). */
const firstString = (v: unknown) => str(v) ?? (Array.isArray(v) ? str(v[0]) : undefined);

const algorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];

const MAX_GROUPS = 1000;
/** A groups claim is a list of names (as Entra's and Keycloak's are); anything else names none (fail closed). */
function groupsOf(value: unknown): readonly string[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_GROUPS) return undefined;
  if (!value.every((g): g is string => typeof g === 'string' && g.length <= 256)) return undefined;
  return value;
}

export function createAuthenticator(config: AuthConfig): Authenticator {
  const names = config.claims ?? defaultClaims;
  /** The issuer a token must have been issued by: by its policy claim (B2C), else by its `iss`. */
  const issuerFor = (token: string): TokenIssuer | undefined => {
    let unverified: JWTPayload;
    try {
      unverified = decodeJwt(token);
    } catch {
      return undefined;
    }
    if (config.policyClaim !== undefined) {
      const policy = str(unverified[config.policyClaim])?.toLowerCase();
      return policy === undefined ? undefined : config.issuers.find((i) => i.policy?.toLowerCase() === policy);
    }
    return config.issuers.find((i) => i.issuer === unverified.iss);
  };
  return {
    async user(authorization) {
      const token = bearer(authorization);
      const issuer = issuerFor(token);
      if (issuer === undefined) throw unauthorized();
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, issuer.keys, {
          issuer: issuer.issuer,
          audience: config.audience,
          algorithms,
          clockTolerance: 30,
        }));
      } catch {
        throw unauthorized();
      }
      const sub = payload.sub;
      if (typeof sub !== 'string' || sub.length === 0 || sub.length > 100) throw unauthorized();
      const userId = directoryUserId(issuer.issuer, sub);
      const groups = groupsOf(payload[names.groups]);
      const data = payload[names.data];
      const permissions =
        data === undefined && config.directoryPermissions !== undefined
          ? await config.directoryPermissions(userId)
          : permissionsOf(data);
      return {
        userId,
        issuer: issuer.issuer,
        subject: sub,
        email: firstString(payload[names.email]) ?? firstString(payload.emails),
        givenName: str(payload[names.givenName]),
        familyName: str(payload[names.familyName]),
        permissions,
        ...(groups === undefined ? {} : { groups }),
        ...(typeof payload.iat === 'number' ? { issuedAt: payload.iat } : {}),
      };
    },
    async internal(authorization) {
      const token = bearer(authorization);
      if (config.internal === undefined) throw unauthorized();
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, config.internal.keys, {
          issuer: config.internal.issuer,
          audience: config.audience,
          algorithms,
          clockTolerance: 30,
        }));
      } catch {
        throw unauthorized();
      }
      const scp = payload.scp ?? payload.scope;
      const scopes = Array.isArray(scp) ? scp : typeof scp === 'string' ? scp.split(' ') : [];
      if (!scopes.includes(INTERNAL_SCOPE)) throw unauthorized();
    },
  };
}
