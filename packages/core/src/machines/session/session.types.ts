import type { AuthConfig, StoredSession } from '../../domain/auth.ts';
import type { SignedInUser } from '../../domain/user.ts';
import type { PortalError } from '../../errors/errors.ts';

export interface SessionInput {
  readonly config: AuthConfig;
  /** Where the provider sends the user after sign-out; default `<origin of redirectUri>/auth/logout-success`. */
  readonly postLogoutRedirectUri?: string;
}

export type SessionEvent =
  /** A sign-in (or claims refresh) finished with these tokens and this user. */
  | { readonly type: 'SIGNED_IN'; readonly session: StoredSession; readonly user: SignedInUser }
  /** Refresh now (the access token expired, or an API call answered 401). Ignored while refreshing. */
  | { readonly type: 'REFRESH' }
  | { readonly type: 'SIGN_OUT' };

export interface SessionContext {
  readonly config: AuthConfig;
  readonly postLogoutRedirectUri: string;
  readonly session?: StoredSession;
  readonly user?: SignedInUser;
  /** Why the last refresh failed, or why the user was signed out. */
  readonly error?: PortalError;
}

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
