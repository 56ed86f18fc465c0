// The session's view: what the top bar, the user menu and the guards need.

import type { SignedInUser } from '../../domain/user.ts';
import { avatarColor, avatarInitials } from '../../domain/user.ts';
import type { AvatarColor } from '../../domain/user.ts';
import type { AuthErrorCode, PortalError } from '../../errors/errors.ts';

/** What the page knows of the session (the portal server holds it and names the user with the page). */
export type SessionViewStatus = 'signedOut' | 'signedIn' | 'signingOut';

export interface SessionView {
  readonly status: SessionViewStatus;
  /** Signed in for the purpose of guards. */
  readonly isSignedIn: boolean;
  readonly user?: SignedInUser;
  readonly initials: string;
  readonly avatarColor?: AvatarColor;
  /** Why the session ended (expired, or signed out after a subject change). */
  readonly reason?: AuthErrorCode;
}

/** The view of a session in `status` (the user counts only while signed in). */
export function sessionViewOf(status: SessionViewStatus, sessionUser?: SignedInUser, error?: PortalError): SessionView {
  const user = status === 'signedIn' ? sessionUser : undefined;
  return {
    status,
    isSignedIn: user !== undefined,
    initials: user === undefined ? '' : avatarInitials(user.fullName),
    ...(user === undefined ? {} : { user, avatarColor: avatarColor(user.fullName) }),
    ...(error?.kind === 'auth' ? { reason: error.code } : {}),
  };
}

/** Same status, user and reason: what a re-render depends on. */
export function sameSessionView(a: SessionView, b: SessionView): boolean {
  return a.status === b.status && a.user === b.user && a.reason === b.reason;
}
