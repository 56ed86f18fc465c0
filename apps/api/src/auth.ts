// Bearer tokens: access tokens of the identity provider (one issuer per B2C-style policy,
// one key set) and service tokens of the provider for the internal calls. Verified with
// jose; permissions come from the token's hkData.permissions claim and fail closed.
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { unauthorized } from './http/errors.ts';

export interface Principal {
  userId: string;
  email: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  permissions: ReadonlySet<string>;
  /** The directory groups of the token's groups claim (#29.3); undefined when it names none or is not a list of names. */
  groups?: readonly string[];
  /** When the token was issued (its iat, seconds). */
  issuedAt?: number;
}

export interface AuthConfig {
  authority: string;
  audience: string;
  policies: readonly string[];
  /** The provider's key set; tests pass createLocalJWKSet(...). */
  keys: JWTVerifyGetKey;
  /** The claim that lists the user's directory groups (API_GROUPS_CLAIM, default `groups`). */
  groupsClaim?: string;
}

export interface Authenticator {
  user(authorization: string | undefined): Promise<Principal>;
  internal(authorization: string | undefined): Promise<void>;
}

const INTERNAL_SCOPE = 'idp.internal';
const MAX_PERMISSIONS = 1000;

export function remoteKeys(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 5_000, timeoutDuration: 5_000 });
}

function bearer(authorization: string | undefined): string {
  // Tokens of users with hundreds of permissions reach 60 KB; the server accepts 256 KB of headers.
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{10,200000})$/.exec(authorization ?? '');
  if (!match?.[1]) throw unauthorized();
  return match[1];
}

/** hkData may arrive as an object or as a JSON string (as B2C custom claims do). */
function permissionsOf(payload: JWTPayload): Set<string> {
  let hk: unknown = payload.hkData;
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

const MAX_GROUPS = 1000;
/** A groups claim is a list of names (as Entra's and Keycloak's are); anything else names none (fail closed). */
function groupsOf(value: unknown): readonly string[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_GROUPS) return undefined;
  if (!value.every((g): g is string => typeof g === 'string' && g.length <= 256)) return undefined;
  return value;
}

export function createAuthenticator(config: AuthConfig): Authenticator {
  const issuers = config.policies.map((p) => `${config.authority}/${p}/v2.0`);
  const algorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];
  return {
    async user(authorization) {
      const token = bearer(authorization);
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, config.keys, {
          issuer: issuers,
          audience: config.audience,
          algorithms,
          clockTolerance: 30,
        }));
      } catch {
        throw unauthorized();
      }
      const sub = payload.sub;
      if (typeof sub !== 'string' || sub.length === 0 || sub.length > 100) throw unauthorized();
      const groups = groupsOf(payload[config.groupsClaim ?? 'groups']);
      return {
        userId: sub,
        email: str(payload.email) ?? (Array.isArray(payload.emails) ? str(payload.emails[0]) : undefined),
        givenName: str(payload.given_name),
        familyName: str(payload.family_name),
        permissions: permissionsOf(payload),
        ...(groups === undefined ? {} : { groups }),
        ...(typeof payload.iat === 'number' ? { issuedAt: payload.iat } : {}),
      };
    },
    async internal(authorization) {
      const token = bearer(authorization);
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, config.keys, {
          issuer: `${config.authority}/internal`,
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
