// The session as the page sees it when the portal server keeps it (issue #15): the tokens
// never reach the page; the server says who is signed in with the page itself (its boot
// data), refreshes on its own, and ends the session when a refresh fails, which the page
// learns from an API answer of 401. Sign-out asks the server, then leaves for where it says.

import type { SignedInUser } from '../../domain/user.ts';
import { decodeHkData } from '../../domain/claims.ts';
import type { Navigator } from '../../ports/ports.ts';
import type { AuthErrorCode, PageErrorStatus, PortalError } from '../../errors/errors.ts';
import { authErrorCodes, pageErrorStatuses, plainText } from '../../errors/errors.ts';
import type { SessionHandle } from './session.types.ts';
import { sameSessionView, sessionViewOf, type SessionView } from './session.view.ts';

export interface RemoteSessionOptions {
  /** The signed-in user the server named with the page, or undefined. */
  readonly user: SignedInUser | undefined;
  /** Ends the session at the server; answers where to go next (the provider's end session, or the sign-out page). */
  readonly signOut: () => Promise<string>;
  /** Where to go when the server cannot be asked (its cookies are cleared by the next answer anyway). */
  readonly signedOutPath: string;
  readonly navigator: Pick<Navigator, 'redirect'>;
}

export function createRemoteSessionHandle(options: RemoteSessionOptions): SessionHandle {
  const listeners = new Set<() => void>();
  let current: SessionView =
    options.user === undefined ? sessionViewOf('signedOut') : sessionViewOf('signedIn', options.user);
  const show = (next: SessionView) => {
    if (sameSessionView(current, next)) return;
    current = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    view: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(event) {
      if (event.type !== 'SIGN_OUT' || current.status === 'signingOut') return;
      show(sessionViewOf('signingOut'));
      options.signOut().then(
        (to) => options.navigator.redirect(to),
        () => options.navigator.redirect(options.signedOutPath),
      );
    },
    ended() {
      // The server already tried its refresh: the session has ended. Said once; no loop.
      if (current.isSignedIn)
        show(sessionViewOf('signedOut', undefined, { kind: 'auth', status: 500, code: 'auth.sessionExpired' }));
    },
  };
}

/** The signed-in user of the server's boot data, fail-closed (anything odd: nobody). */
export function decodeSignedInUser(value: unknown): SignedInUser | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, issuer, fullName, email, hkData } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof issuer !== 'string' || typeof fullName !== 'string')
    return undefined;
  if (email !== undefined && typeof email !== 'string') return undefined;
  return { id, issuer, fullName, hkData: decodeHkData(hkData), ...(email === undefined ? {} : { email }) };
}

/** The sign-in error of the server's boot data (the callback's error page), fail-closed to 500. */
export function decodeBootError(value: unknown): PortalError | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, code, detail, status } = value as Record<string, unknown>;
  if (kind === 'auth' && authErrorCodes.some((c) => c === code)) {
    return {
      kind: 'auth',
      status: 500,
      code: code as AuthErrorCode,
      ...(typeof detail === 'string' ? { detail: plainText(detail) } : {}),
    };
  }
  if (kind === 'page' && pageErrorStatuses.some((s) => s === status))
    return { kind: 'page', status: status as PageErrorStatus };
  return { kind: 'unexpected', status: 500 };
}
