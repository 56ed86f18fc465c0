// The signed-in user for React: core's session view over the session actor.
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { sessionView, type SessionView } from '@portal/core';
import { useServices } from './contexts.tsx';

export interface Session extends SessionView {
  /** Sign out through the provider's end session (then /auth/logout-success). */
  signOut(): void;
}

export function useSession(): Session {
  const { session } = useServices();
  const view = useSelector(session, sessionView, sameView);
  const signOut = useCallback(() => session.send({ type: 'SIGN_OUT' }), [session]);
  return { ...view, signOut };
}

function sameView(a: SessionView, b: SessionView): boolean {
  return a.status === b.status && a.user === b.user && a.reason === b.reason;
}
