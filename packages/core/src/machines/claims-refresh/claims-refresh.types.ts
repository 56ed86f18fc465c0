import type { AuthConfig, AuthStateData, RefreshData, StoredSession } from '../../domain/auth.ts';
import type { SignedInUser } from '../../domain/user.ts';
import type { PortalError } from '../../errors/errors.ts';
import type { CallbackParams } from '../sign-in/sign-in.actors.ts';

export interface ClaimsRefreshInput {
  readonly config: AuthConfig;
  /** Whether a user is signed in now (a claims refresh normally runs signed in). Default true. */
  readonly signedIn?: boolean;
}

export type ClaimsRefreshEvent =
  /**
   * Start the refresh; afterwards wait `sleep` ms and go to `redirectUri` (an http(s) URL or a
   * same-origin path). `returnPath` (the page that asked, e.g. the gate) is the stored referrer:
   * where a cancel at the provider goes back to.
   */
  | { readonly type: 'START'; readonly refresh: RefreshData; readonly returnPath?: string }
  /** Handle the provider's return at /flows/auth-refresh. */
  | { readonly type: 'CALLBACK'; readonly url: string };

export interface ClaimsRefreshContext {
  readonly config: AuthConfig;
  readonly signedIn: boolean;
  readonly refresh: RefreshData;
  /** The stored referrer of the record (same-origin path only). */
  readonly returnPath: string;
  readonly callbackUrl: string;
  readonly params: CallbackParams;
  readonly code: string;
  readonly record?: AuthStateData;
  readonly authorizationUrl?: string;
  readonly session?: StoredSession;
  readonly user?: SignedInUser;
  readonly error?: PortalError;
  readonly redirectTo?: string;
}

export type ClaimsRefreshOutput =
  | { readonly status: 'redirected'; readonly url: string }
  | {
      readonly status: 'refreshed';
      readonly user: SignedInUser;
      readonly session: StoredSession;
      readonly redirectUri: string;
    }
  | { readonly status: 'cancelled'; readonly redirectTo: string }
  | { readonly status: 'failed'; readonly error: PortalError };
