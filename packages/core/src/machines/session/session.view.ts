// Pure view of the session machine: what the top bar, the user menu and the guards need.

import type { SnapshotFrom } from 'xstate';
import type { SignedInUser } from '../../domain/user.ts';
import { avatarColor, avatarInitials } from '../../domain/user.ts';
import type { AvatarColor } from '../../domain/user.ts';
import type { AuthErrorCode } from '../../errors/errors.ts';
import type { sessionMachine } from './session.machine.ts';

export type SessionViewStatus = 'loading' | 'signedOut' | 'signedIn' | 'refreshing' | 'expired' | 'signingOut';

export interface SessionView {
  readonly status: SessionViewStatus;
  /** Signed in for the purpose of guards: signed in or refreshing a valid session. */
  readonly isSignedIn: boolean;
  readonly user?: SignedInUser;
  readonly initials: string;
  readonly avatarColor?: AvatarColor;
  /** Why the session ended (expired, or signed out after a subject change). */
  readonly reason?: AuthErrorCode;
}

export function sessionView(snapshot: SnapshotFrom<typeof sessionMachine>): SessionView {
  const value = snapshot.value;
  const status: SessionViewStatus = value === 'checking' ? 'loading' : value;
  const user = status === 'signedIn' || status === 'refreshing' ? snapshot.context.user : undefined;
  const error = snapshot.context.error;
  return {
    status,
    isSignedIn: user !== undefined,
    initials: user === undefined ? '' : avatarInitials(user.fullName),
    ...(user === undefined ? {} : { user, avatarColor: avatarColor(user.fullName) }),
    ...(error?.kind === 'auth' ? { reason: error.code } : {}),
  };
}
