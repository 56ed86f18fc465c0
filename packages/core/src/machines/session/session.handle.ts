// The session for the first paint without the state-machine library (ADR 0007): the stored
// session is read by a plain function, and the session machine (refresh timers, single-flight
// refresh, sign-out) takes over from it later: when `start()` is called after the first
// paint, or at once when something needs it (an event, a token that is due, a 401).

import type { SessionPorts } from './session.actors.ts';
import { loadSession, refreshDueIn } from './session.restore.ts';
import type { AccessTokenSource, LoadedSession, SessionEvent } from './session.types.ts';
import { sameSessionView, sessionViewOf, type SessionView } from './session.view.ts';

/** The running session machine, as the handle uses it (`startSessionEngine`). */
export interface SessionEngine {
  view(): SessionView;
  subscribe(listener: () => void): () => void;
  send(event: SessionEvent): void;
  readonly tokens: AccessTokenSource;
}

/** What the UI and the HTTP adapter hold: the session's view, its events and its tokens. */
export interface SessionHandle extends AccessTokenSource {
  /** The current view; the same object until status, user or reason change. */
  view(): SessionView;
  /** Calls `listener` after every change of the view; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Hands the event to the session machine (started first when it is not running yet). */
  send(event: SessionEvent): void;
  /** Starts the session machine now; resolves once it has taken over. */
  start(): Promise<void>;
}

export interface SessionHandleOptions {
  /** Loads and starts the session machine with the session already read. */
  readonly startEngine: (restored: LoadedSession | undefined) => Promise<SessionEngine>;
  /** An event could not be delivered because the machine failed to start (its code failed to load). */
  readonly onError?: (error: unknown) => void;
}

export function createSessionHandle(ports: Pick<SessionPorts, 'clock' | 'sessionStore'>, options: SessionHandleOptions): SessionHandle {
  const listeners = new Set<() => void>();
  let current = sessionViewOf('loading');
  let starting: Promise<SessionEngine> | undefined;

  const show = (next: SessionView) => {
    if (sameSessionView(current, next)) return;
    current = next;
    for (const listener of [...listeners]) listener();
  };

  const engine = (): Promise<SessionEngine> => {
    starting ??= restored.then(options.startEngine).then(
      (started) => {
        started.subscribe(() => show(started.view()));
        show(started.view());
        return started;
      },
      (error: unknown) => {
        starting = undefined;
        throw error;
      },
    );
    return starting;
  };

  // As the machine's `loading` and `checking` do: none or broken → signed out; due → refreshing.
  const restored: Promise<LoadedSession | undefined> = loadSession(ports).catch(() => undefined).then((loaded) => {
    if (loaded === undefined) show(sessionViewOf('signedOut'));
    else if (refreshDueIn(loaded.session, ports.clock.now()) === 0) {
      show(sessionViewOf('refreshing', loaded.user));
      engine().catch(() => undefined);
    } else show(sessionViewOf('signedIn', loaded.user));
    return loaded;
  });

  return {
    view: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(event) {
      engine().then((started) => started.send(event), (error: unknown) => options.onError?.(error));
    },
    start: () => engine().then(() => undefined),
    async getAccessToken() {
      const loaded = await restored;
      // Before the machine runs, the restored session answers while it is not due.
      if (starting === undefined && (loaded === undefined || refreshDueIn(loaded.session, ports.clock.now()) > 0)) return loaded?.session.accessToken;
      return (await engine()).tokens.getAccessToken();
    },
    async refreshAfterUnauthorized(failedToken) {
      return (await engine()).tokens.refreshAfterUnauthorized(failedToken);
    },
  };
}
