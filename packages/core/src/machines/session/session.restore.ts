// A stored session's user (from its ID token) and when its refresh is due: what the portal
// server asks of a session before it forwards a call.

import type { StoredSession } from '../../domain/auth.ts';
import type { SignedInUser } from '../../domain/user.ts';
import { decodeIdTokenClaims, signedInUserFromClaims } from '../../domain/claims.ts';
import { readJwtPayload } from '../../domain/jwt.ts';
import { refreshLeadMs } from '../../domain/constants.ts';

/** Longest timer a browser runs correctly (about 24.8 days). */
const maxTimerMs = 2_147_483_647;

/** Milliseconds until the refresh is due: `refreshLeadMs` before expiry, never negative. */
export function refreshDueIn(session: StoredSession | undefined, now: number): number {
  if (session === undefined) return maxTimerMs;
  return Math.min(maxTimerMs, Math.max(0, session.expiresAt - refreshLeadMs - now));
}

/** The user from a stored session's ID token (verified when it was stored). */
export function userFromSession(session: StoredSession): SignedInUser | undefined {
  const claims = decodeIdTokenClaims(readJwtPayload(session.idToken));
  return claims === undefined ? undefined : signedInUserFromClaims(claims);
}
