import type { AuthConfig, AuthFlow, AuthStateData, RefreshData, StoredSession } from '../../domain/auth.ts';
import type { SignedInUser } from '../../domain/user.ts';
import type { PortalError } from '../../errors/errors.ts';
import type { CallbackParams } from './sign-in.actors.ts';

/** The input of a flow through the provider (the sign-in and the claims refresh). */
export interface AuthFlowInput {
  readonly config: AuthConfig;
  /** Whether a user is signed in now (decides where a cancel goes). Default: false in a sign-in, true in a claims
   * refresh (it normally runs signed in). */
  readonly signedIn?: boolean;
}

export type SignInEvent =
  /** Start a sign-in; `returnPath` is where to go afterwards (same-origin paths only). */
  | { readonly type: 'START'; readonly returnPath?: string }
  /** Handle the provider's return at `url` (the current address). */
  | { readonly type: 'CALLBACK'; readonly url: string };

/** What a flow through the provider keeps while it runs (the sign-in and the claims refresh). */
export interface AuthFlowContext {
  readonly config: AuthConfig;
  readonly signedIn: boolean;
  readonly returnPath: string;
  readonly callbackUrl: string;
  readonly params: CallbackParams;
  readonly record?: AuthStateData;
  readonly code: string;
  readonly authorizationUrl?: string;
  readonly session?: StoredSession;
  readonly user?: SignedInUser;
  readonly error?: PortalError;
  readonly redirectTo?: string;
}

/** How a flow through the provider ends without a session: off to the provider, cancelled there, or failed. */
export type AuthFlowEnd =
  | { readonly status: 'redirected'; readonly url: string }
  | { readonly status: 'cancelled'; readonly redirectTo: string }
  | { readonly status: 'failed'; readonly error: PortalError };

/** The context of the machine of both flows (`authFlowMachine`): which flow, and a claims refresh's wait and
 * destination (the defaults, `/` and 0, in a sign-in). */
export interface AuthFlowMachineContext extends AuthFlowContext {
  readonly flow: AuthFlow;
  readonly refresh: RefreshData;
}

export type SignInOutput =
  | AuthFlowEnd
  | {
      readonly status: 'signedIn';
      readonly user: SignedInUser;
      readonly session: StoredSession;
      readonly returnPath: string;
    };
