// A stored session's user (from its ID token) and when its refresh is due: what the portal
// server asks of a session before it forwards a call.

import type { StoredSession } from '../../domain/auth.ts';
import type { SignedInUser } from '../../domain/user.ts';
import type { UserIds } from '../../ports/ports.ts';
import { decodeIdTokenClaims, signedInUserFromClaims } from '../../domain/claims.ts';
import { readJwtPayload } from '../../domain/jwt.ts';
import { refreshLeadMs } from '../../domain/constants.ts';

/** Longest timer a browser runs correctly (about 24.8 days). */
const maxTimerMs = 2_147_483_647;

/** Milliseconds until the refresh is due: `refreshLead` before expiry, never negative. */
export function refreshDueIn(session: StoredSession | undefined, now: number): number {
  if (session === undefined) return maxTimerMs;
  return Math.min(maxTimerMs, Math.max(0, session.expiresAt - refreshLead(session) - now));
}

/**
 * How long before expiry the refresh is due: `refreshLeadMs`, at most half the access token's
 * lifetime (from its grant to `expiresAt`), so that short-lived tokens are not refreshed on
 * every call (issue #28: with 60-second tokens a 60-second lead refreshed at once, always).
 * A session whose grant time is unknown keeps the full lead.
 */
export function refreshLead(session: StoredSession): number {
  const grantedAt = session.issuedAt ?? issuedAtOf(session.accessToken) ?? issuedAtOf(session.idToken);
  if (grantedAt === undefined) return refreshLeadMs;
  return Math.max(0, Math.min(refreshLeadMs, (session.expiresAt - grantedAt) / 2));
}

/**
 * A token's `iat` in epoch milliseconds, when it is a JWT that has one: a session from a
 * sign-in stores no `issuedAt`, and its tokens came in that one answer (the access token, when
 * it is a JWT, or else the ID token, always fresh from the code exchange).
 */
function issuedAtOf(token: string): number | undefined {
  const payload = readJwtPayload(token);
  const iat = typeof payload === 'object' && payload !== null ? (payload as { iat?: unknown }).iat : undefined;
  return typeof iat === 'number' && Number.isFinite(iat) ? iat * 1000 : undefined;
}

/** The user from a stored session's ID token (verified when it was stored), named by `userIds`. */
export function userFromSession(session: StoredSession, userIds: UserIds): SignedInUser | undefined {
  const claims = decodeIdTokenClaims(readJwtPayload(session.idToken));
  return claims === undefined ? undefined : signedInUserFromClaims(claims, userIds);
}
