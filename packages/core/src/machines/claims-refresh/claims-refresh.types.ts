import type { RefreshData, StoredSession } from '../../domain/auth.ts';
import type { SignedInUser } from '../../domain/user.ts';
import type { AuthFlowEnd } from '../sign-in/sign-in.types.ts';

export type ClaimsRefreshEvent =
  /**
   * Start the refresh; afterwards wait `sleep` ms and go to `redirectUri` (an http(s) URL or a
   * same-origin path). `returnPath` (the page that asked, e.g. the gate) is the stored referrer:
   * where a cancel at the provider goes back to.
   */
  | { readonly type: 'START'; readonly refresh: RefreshData; readonly returnPath?: string }
  /** Handle the provider's return at /flows/auth-refresh. */
  | { readonly type: 'CALLBACK'; readonly url: string };

export type ClaimsRefreshOutput =
  | AuthFlowEnd
  | {
      readonly status: 'refreshed';
      readonly user: SignedInUser;
      readonly session: StoredSession;
      readonly redirectUri: string;
    };
