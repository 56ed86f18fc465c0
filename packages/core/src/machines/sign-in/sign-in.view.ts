// Pure view of the sign-in machine: snapshot → what the callback/login page shows.

import type { SnapshotFrom } from 'xstate';
import { errorPage } from '../../errors/errors.ts';
import type { ErrorPageModel } from '../../errors/errors.ts';
import type { signInMachine } from './sign-in.machine.ts';

type SignInViewStatus = 'idle' | 'working' | 'redirecting' | 'signedIn' | 'cancelled' | 'failed';

export interface SignInView {
  readonly status: SignInViewStatus;
  /** A spinner is shown while working or leaving for the provider. */
  readonly busy: boolean;
  /** Where to go now (after sign-in: the return path; after a cancel: the redirect). */
  readonly navigateTo?: string;
  /** The error page to show when failed. */
  readonly error?: ErrorPageModel;
  /** Failed sign-ins can be started again (a new machine, START). */
  readonly canRetry: boolean;
  /** The access token is the ID token (logged by the portal). */
  readonly usedIdTokenFallback: boolean;
}

export function signInView(snapshot: SnapshotFrom<typeof signInMachine>): SignInView {
  const { context } = snapshot;
  const usedIdTokenFallback = context.session?.accessTokenIsIdToken ?? false;
  const base = { busy: false, canRetry: false, usedIdTokenFallback };
  switch (true) {
    case snapshot.matches('idle'):
      return { ...base, status: 'idle' };
    case snapshot.matches('redirected'):
      return { ...base, status: 'redirecting', busy: true };
    case snapshot.matches('signedIn'):
      return { ...base, status: 'signedIn', navigateTo: context.returnPath };
    case snapshot.matches('cancelled'):
      return { ...base, status: 'cancelled', navigateTo: context.redirectTo ?? '/' };
    case snapshot.matches('failed'): {
      const error = context.error === undefined || context.error.kind === 'cancelled' ? { kind: 'unexpected', status: 500 } as const : context.error;
      return { ...base, status: 'failed', error: errorPage(error), canRetry: true };
    }
    default:
      return { ...base, status: 'working', busy: true };
  }
}
