import type { StoredSession } from '../../domain/auth.ts';
import type { SignedInUser } from '../../domain/user.ts';
import type { SessionView } from './session.view.ts';

/** What loading and refreshing hand back. */
export interface LoadedSession {
  readonly session: StoredSession;
  readonly user: SignedInUser;
}

/** The session as the page holds it (no token: the portal server keeps those): its view and sign-out. */
export interface SessionHandle {
  /** The current view; the same object until status, user or reason change. */
  view: () => SessionView;
  /** Calls `listener` after every change of the view; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  send: (event: { readonly type: 'SIGN_OUT' }) => void;
  /** An API answered 401: the server could not refresh the session, it has ended (said once). */
  ended: () => void;
}
