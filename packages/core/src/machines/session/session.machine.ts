// Session (architecture §4): loading → signedOut | signedIn; signedIn refreshes before the
// access token expires (and on REFRESH), single-flight: while refreshing, REFRESH is
// ignored and callers wait (see `createAccessTokenSource`); a refresh that cannot succeed
// ends in `expired`; a refreshed ID token of another subject or issuer signs out.

import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { AuthConfig, StoredSession } from '../../domain/auth.ts';
import { authRoutes } from '../../domain/constants.ts';
import { originOf } from '../../domain/url.ts';
import { toPortalError } from '../../errors/errors.ts';
import type { Clock } from '../../ports/ports.ts';
import { notProvided } from '../not-provided.ts';
import { refreshSession, signOut } from './session.actors.ts';
import { loadSession, refreshDueIn } from './session.restore.ts';
import type { RefreshRequest, SessionPorts, SignOutRequest } from './session.actors.ts';
import type { AccessTokenSource, LoadedSession, SessionContext, SessionEvent, SessionInput } from './session.types.ts';
import { sameSessionView, sessionView, type SessionView } from './session.view.ts';
import type { SessionEngine } from './session.handle.ts';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    loadSession: fromPromise<LoadedSession | undefined, void>(notProvided),
    refreshSession: fromPromise<LoadedSession, RefreshRequest>(notProvided),
    signOut: fromPromise<string, SignOutRequest>(notProvided),
  },
  actions: {
    redirect: notProvided as (_: unknown, params: { readonly url: string }) => void,
  },
  guards: {
    refreshDue: notProvided as (args: { readonly context: SessionContext }) => boolean,
  },
  delays: {
    refreshDue: notProvided as (args: { readonly context: SessionContext }) => number,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    config: input.config,
    postLogoutRedirectUri: input.postLogoutRedirectUri ?? `${originOf(input.config.redirectUri) ?? ''}${authRoutes.logoutSuccess}`,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSession',
        onDone: [
          { guard: ({ event }) => event.output === undefined, target: 'signedOut' },
          {
            target: 'checking',
            actions: assign(({ event }) => ({ session: event.output?.session, user: event.output?.user })),
          },
        ],
        onError: { target: 'signedOut' },
      },
    },
    checking: {
      always: [{ guard: 'refreshDue', target: 'refreshing' }, { target: 'signedIn' }],
    },
    signedOut: {
      on: {
        SIGNED_IN: { target: 'signedIn', actions: assign(({ event }) => ({ session: event.session, user: event.user, error: undefined })) },
      },
    },
    signedIn: {
      after: { refreshDue: { target: 'refreshing' } },
      on: {
        REFRESH: { target: 'refreshing' },
        SIGN_OUT: { target: 'signingOut' },
        SIGNED_IN: { target: 'signedIn', reenter: true, actions: assign(({ event }) => ({ session: event.session, user: event.user, error: undefined })) },
      },
    },
    refreshing: {
      invoke: {
        src: 'refreshSession',
        input: ({ context }) => ({ config: context.config, session: context.session as StoredSession, user: context.user as LoadedSession['user'] }),
        onDone: { target: 'signedIn', actions: assign(({ event }) => ({ session: event.output.session, user: event.output.user, error: undefined })) },
        onError: [
          {
            guard: ({ event }) => {
              const error = toPortalError(event.error);
              return error.kind === 'auth' && (error.code === 'auth.subjectChanged' || error.code === 'auth.invalidIdToken');
            },
            target: 'signedOut',
            actions: assign(({ event }) => ({ session: undefined, user: undefined, error: toPortalError(event.error) })),
          },
          { target: 'expired', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
        ],
      },
      on: {
        SIGN_OUT: { target: 'signingOut' },
      },
    },
    expired: {
      on: {
        REFRESH: { target: 'refreshing' },
        SIGN_OUT: { target: 'signingOut' },
        SIGNED_IN: { target: 'signedIn', actions: assign(({ event }) => ({ session: event.session, user: event.user, error: undefined })) },
      },
    },
    signingOut: {
      invoke: {
        src: 'signOut',
        input: ({ context }) => (context.session === undefined
          ? { config: context.config, postLogoutRedirectUri: context.postLogoutRedirectUri }
          : { config: context.config, idToken: context.session.idToken, postLogoutRedirectUri: context.postLogoutRedirectUri }),
        onDone: {
          target: 'signedOut',
          actions: [
            assign({ session: undefined, user: undefined, error: undefined }),
            { type: 'redirect', params: ({ event }) => ({ url: event.output }) },
          ],
        },
      },
    },
  },
});

/** The session machine wired to ports. Create its actor with `{ clock: ports.clock }`. */
export function provideSession(ports: SessionPorts) {
  return sessionMachine.provide({
    actors: {
      loadSession: fromPromise(() => loadSession(ports)),
      refreshSession: fromPromise(({ input }) => refreshSession(ports, input)),
      signOut: fromPromise(({ input }) => signOut(ports, input)),
    },
    actions: {
      redirect: (_, params) => ports.navigator.redirect(params.url),
    },
    guards: {
      refreshDue: ({ context }) => refreshDueIn(context.session, ports.clock.now()) === 0,
    },
    delays: {
      refreshDue: ({ context }) => refreshDueIn(context.session, ports.clock.now()),
    },
  });
}

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const settled = (actor: SessionActor) =>
  waitFor(actor, (snapshot) => !snapshot.matches('loading') && !snapshot.matches('checking') && !snapshot.matches('refreshing') && !snapshot.matches('signingOut'));

const tokenOf = (snapshot: ReturnType<SessionActor['getSnapshot']>) =>
  (snapshot.matches('signedIn') ? snapshot.context.session?.accessToken : undefined);

export function createAccessTokenSource(actor: SessionActor, clock: Clock): AccessTokenSource {
  return {
    async getAccessToken() {
      let snapshot = await settled(actor);
      if (snapshot.matches('signedIn') && refreshDueIn(snapshot.context.session, clock.now()) === 0) {
        actor.send({ type: 'REFRESH' });
        snapshot = await settled(actor);
      }
      return tokenOf(snapshot);
    },
    async refreshAfterUnauthorized(failedToken) {
      let snapshot = await settled(actor);
      if (!snapshot.matches('signedIn')) return undefined;
      if (tokenOf(snapshot) === failedToken) {
        actor.send({ type: 'REFRESH' });
        snapshot = await settled(actor);
      }
      return tokenOf(snapshot);
    },
  };
}

/**
 * The session machine taking over a session already read (`createSessionHandle`'s second
 * half, loaded after the first paint): resolves once the machine has left `loading` and
 * `checking`, so its view never flashes "loading" over the restored one.
 */
export async function startSessionEngine(ports: SessionPorts, config: AuthConfig, restored: LoadedSession | undefined): Promise<SessionEngine> {
  const machine = provideSession(ports).provide({ actors: { loadSession: fromPromise(async () => restored) } });
  const actor = createActor(machine, { input: { config }, clock: ports.clock });
  actor.start();
  await waitFor(actor, (snapshot) => !snapshot.matches('loading') && !snapshot.matches('checking'));
  let current: SessionView = sessionView(actor.getSnapshot());
  return {
    view() {
      const next = sessionView(actor.getSnapshot());
      if (!sameSessionView(current, next)) current = next;
      return current;
    },
    subscribe(listener) {
      const subscription = actor.subscribe(() => listener());
      return () => subscription.unsubscribe();
    },
    send: (event: SessionEvent) => actor.send(event),
    tokens: createAccessTokenSource(actor, ports.clock),
  };
}
