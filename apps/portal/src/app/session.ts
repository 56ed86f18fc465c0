// The signed-in user for React: the session handle's view.
import { useCallback, useSyncExternalStore } from 'react';
import type { SessionView } from '@portal/core';
import { useServices } from './contexts.tsx';

export interface Session extends SessionView {
  /** Sign out through the provider's end session (then /auth/logout-success). */
  signOut(): void;
}

export function useSession(): Session {
  const { session } = useServices();
  const view = useSyncExternalStore(session.subscribe, session.view, session.view);
  const signOut = useCallback(() => session.send({ type: 'SIGN_OUT' }), [session]);
  return { ...view, signOut };
}
