import type { StoredSession } from '../../domain/auth.ts';
import type { SignedInUser } from '../../domain/user.ts';
import type { SessionView } from './session.view.ts';

/** What loading and refreshing hand back. */
export interface LoadedSession {
  readonly session: StoredSession;
  readonly user: SignedInUser;
}

/** Access to the token for the HTTP adapter (`getAccessToken`), single-flight over the session. */
export interface AccessTokenSource {
  /** The current access token, refreshing first when it is due; undefined when signed out or expired. */
  getAccessToken(): Promise<string | undefined>;
  /**
   * After an API 401 with `failedToken`: one refresh for all callers (those that come later
   * get the token already refreshed), then the new token, or undefined (start sign-in).
   */
  refreshAfterUnauthorized(failedToken: string | undefined): Promise<string | undefined>;
}

/** The session as the page holds it: its view, sign-out, and the HTTP adapter's token hooks. */
export interface SessionHandle extends AccessTokenSource {
  /** The current view; the same object until status, user or reason change. */
  view(): SessionView;
  /** Calls `listener` after every change of the view; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  send(event: { readonly type: 'SIGN_OUT' }): void;
}
