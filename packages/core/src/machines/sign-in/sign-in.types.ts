import type { AuthConfig, AuthFlow, AuthStateData, RefreshData, StoredSession } from '../../domain/auth.ts';
import type { SignedInUser } from '../../domain/user.ts';
import type { PortalError } from '../../errors/errors.ts';
import type { CallbackParams } from './sign-in.actors.ts';

/** The input of a round trip through the provider. */
export interface AuthFlowInput {
  readonly config: AuthConfig;
  /** Whether a user is signed in now (decides where a cancel goes). */
  readonly signedIn: boolean;
  /** The portal's language, for the provider's pages (`ui_locales`); an input, never ambient state. */
  readonly language?: string;
}

export type AuthFlowEvent =
  /**
   * Start a round trip: `returnPath` is the stored referrer (same-origin paths only): where the
   * user goes afterwards, and where a cancel goes back to. A claims refresh carries its refresh
   * data (where to go when it is done, and how long to wait first).
   */
  | {
      readonly type: 'START';
      readonly flow: AuthFlow;
      readonly returnPath?: string;
      readonly refresh?: RefreshData;
      /** Started again because the provider's page had expired: that answer is not started again. */
      readonly restarted?: boolean;
    }
  /** Handle the provider's answer at `url` (the callback's address); the record says which flow it is. */
  | { readonly type: 'CALLBACK'; readonly url: string };

/** What the machine keeps while it runs. */
export interface AuthFlowContext {
  readonly config: AuthConfig;
  readonly signedIn: boolean;
  readonly language: string | undefined;
  readonly flow: AuthFlow;
  readonly returnPath: string;
  readonly refresh: RefreshData;
  readonly restarted: boolean;
  readonly callbackUrl: string;
  readonly params: CallbackParams;
  readonly record?: AuthStateData;
  readonly code: string;
  readonly authorizationUrl?: string;
  readonly session?: StoredSession;
  readonly user?: SignedInUser;
  readonly error?: PortalError;
  readonly redirectTo?: string;
  /** The provider's page had expired: sign in again (once), then on to here. */
  readonly restartTo?: string;
}

/**
 * The machine's output: the answer to the request that ran it. Off to the provider; back
 * from it with a session (a sign-in or claims refresh) or with a change done; cancelled there
 * (where to go); or failed (the §8 error to show).
 */
export type AuthFlowOutput =
  | { readonly status: 'redirect'; readonly url: string }
  | {
      readonly status: 'signedIn';
      readonly user: SignedInUser;
      readonly session: StoredSession;
      readonly returnPath: string;
    }
  | {
      readonly status: 'refreshed';
      readonly user: SignedInUser;
      readonly session: StoredSession;
      readonly refresh: RefreshData;
      /** The page that asked for the refresh (the gate). */
      readonly returnPath: string;
    }
  /** An e-mail or password change came back: its tokens are not kept. */
  | { readonly status: 'changed'; readonly flow: 'passwordChange' | 'emailChange'; readonly returnPath: string }
  | { readonly status: 'cancelled'; readonly redirectTo: string }
  /**
   * The provider's page of this round trip had expired (a Back to a used sign-in page, a page
   * left open too long): start the sign-in again, once (`restarted` on its START), to `returnPath`.
   */
  | { readonly status: 'restart'; readonly returnPath: string }
  | { readonly status: 'failed'; readonly error: PortalError };
