// The session at start, without the session machine (the first route's part, ADR 0007):
// read the stored session and the user of its ID token; when its refresh is due.

import type { StoredSession } from '../../domain/auth.ts';
import type { SignedInUser } from '../../domain/user.ts';
import type { SessionStore } from '../../ports/ports.ts';
import { decodeIdTokenClaims, decodeStoredSession, signedInUserFromClaims } from '../../domain/claims.ts';
import { readJwtPayload } from '../../domain/jwt.ts';
import { refreshLeadMs } from '../../domain/constants.ts';
import type { LoadedSession } from './session.types.ts';

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

/** Read the stored session; a broken one counts as none. */
export async function loadSession(ports: { readonly sessionStore: SessionStore }): Promise<LoadedSession | undefined> {
  const session = decodeStoredSession(await ports.sessionStore.read());
  if (session === undefined) return undefined;
  const user = userFromSession(session);
  return user === undefined ? undefined : { session, user };
}

