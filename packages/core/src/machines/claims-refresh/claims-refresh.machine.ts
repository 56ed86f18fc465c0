// Claims refresh (spec §4): the sign-in flow against the refresh policy, returning to
// /flows/auth-refresh; afterwards it waits `sleep` ms (refresh data) and leaves for
// `redirectUri` (typically the application the app access gate opened).

import { assign, fromPromise, setup } from 'xstate';
import type { AuthStateData, RefreshData, StoredSession } from '../../domain/auth.ts';
import { isSafeReturnPath, safeReturnPath } from '../../domain/return-path.ts';
import { isHttpUrl } from '../../validation/validation.ts';
import { toPortalError } from '../../errors/errors.ts';
import { cancelTarget, codeOf, endWithoutSession, errorOf, exchangeInput, judge } from '../sign-in/auth-flow.ts';
import { notProvided } from '../not-provided.ts';
import {
  exchangeCode,
  readCallbackParams,
  startAuthorization,
  storeSession,
  strippedCallbackUrl,
  takeRecord,
} from '../sign-in/sign-in.actors.ts';
import type {
  AuthPorts,
  CallbackParams,
  ExchangeRequest,
  ExchangeResult,
  StartRequest,
} from '../sign-in/sign-in.actors.ts';
import type {
  ClaimsRefreshContext,
  ClaimsRefreshEvent,
  ClaimsRefreshInput,
  ClaimsRefreshOutput,
} from './claims-refresh.types.ts';

/** Longest wait after a refresh (the record schema allows no more). */
const maxRefreshSleepMs = 60_000;

/** Refresh data made safe: an http(s) URL or a same-origin path, and a bounded wait. */
export function safeRefreshData(refresh: RefreshData | undefined): RefreshData {
  const redirectUri =
    refresh !== undefined && (isHttpUrl(refresh.redirectUri) || isSafeReturnPath(refresh.redirectUri))
      ? refresh.redirectUri
      : '/';
  const sleep =
    refresh !== undefined && Number.isFinite(refresh.sleep)
      ? Math.min(Math.max(0, refresh.sleep), maxRefreshSleepMs)
      : 0;
  return { redirectUri, sleep };
}

export const claimsRefreshMachine = setup({
  types: {
    context: {} as ClaimsRefreshContext,
    events: {} as ClaimsRefreshEvent,
    input: {} as ClaimsRefreshInput,
    output: {} as ClaimsRefreshOutput,
  },
  actors: {
    startAuthorization: fromPromise<{ readonly url: string; readonly state: string }, StartRequest>(notProvided),
    takeRecord: fromPromise<AuthStateData, CallbackParams>(notProvided),
    exchangeCode: fromPromise<ExchangeResult, ExchangeRequest>(notProvided),
    storeSession: fromPromise<void, StoredSession>(notProvided),
  },
  actions: {
    redirect: notProvided as (_: unknown, params: { readonly url: string }) => void,
    stripAddress: notProvided as (_: unknown, params: { readonly url: string }) => void,
  },
  delays: {
    refreshSleep: ({ context }) => context.refresh.sleep,
  },
}).createMachine({
  id: 'claimsRefresh',
  context: ({ input }) => ({
    config: input.config,
    signedIn: input.signedIn ?? true,
    refresh: { redirectUri: '/', sleep: 0 },
    returnPath: '/',
    callbackUrl: '',
    params: readCallbackParams(''),
    code: '',
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: {
          target: 'starting',
          actions: assign({
            refresh: ({ event }) => safeRefreshData(event.refresh),
            returnPath: ({ event }) => safeReturnPath(event.returnPath),
          }),
        },
        CALLBACK: {
          target: 'takingRecord',
          actions: [
            assign(({ event }) => ({ callbackUrl: event.url, params: readCallbackParams(event.url) })),
            { type: 'stripAddress', params: ({ event }) => ({ url: event.url }) },
          ],
        },
      },
    },
    starting: {
      invoke: {
        src: 'startAuthorization',
        input: ({ context }) => ({
          config: context.config,
          flow: 'claimsRefresh' as const,
          returnPath: context.returnPath,
          refresh: context.refresh,
        }),
        onDone: {
          target: 'redirected',
          actions: [
            assign({ authorizationUrl: ({ event }) => event.output.url }),
            { type: 'redirect', params: ({ event }) => ({ url: event.output.url }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    takingRecord: {
      invoke: {
        src: 'takeRecord',
        input: ({ context }) => context.params,
        onDone: [
          {
            guard: ({ context, event }) => judge(context, event.output).kind === 'error',
            target: 'rejected',
            actions: assign(({ context, event }) => ({
              record: event.output,
              error: errorOf(judge(context, event.output)),
            })),
          },
          {
            target: 'exchanging',
            actions: assign(({ context, event }) => ({
              record: event.output,
              code: codeOf(judge(context, event.output)),
              refresh: safeRefreshData(event.output.extraData.refresh),
            })),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    rejected: {
      always: [
        {
          guard: ({ context }) => context.error?.kind === 'cancelled',
          target: 'cancelled',
          actions: assign({
            redirectTo: ({ context }) => cancelTarget(context),
          }),
        },
        { target: 'failed' },
      ],
    },
    exchanging: {
      invoke: {
        src: 'exchangeCode',
        input: ({ context }) => exchangeInput(context),
        onDone: {
          target: 'storing',
          actions: assign({ session: ({ event }) => event.output.session, user: ({ event }) => event.output.user }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    storing: {
      invoke: {
        src: 'storeSession',
        input: ({ context }) => context.session as StoredSession,
        onDone: { target: 'sleeping' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    sleeping: {
      after: {
        refreshSleep: {
          target: 'refreshed',
          actions: { type: 'redirect', params: ({ context }) => ({ url: context.refresh.redirectUri }) },
        },
      },
    },
    redirected: { type: 'final' },
    refreshed: { type: 'final' },
    cancelled: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => outputOf(context),
});

function outputOf(context: ClaimsRefreshContext): ClaimsRefreshOutput {
  if (context.user !== undefined && context.session !== undefined && context.error === undefined) {
    return {
      status: 'refreshed',
      user: context.user,
      session: context.session,
      redirectUri: context.refresh.redirectUri,
    };
  }
  return endWithoutSession(context);
}

/** The claims-refresh machine wired to ports. Create its actor with `{ clock: ports.clock }`. */
export function provideClaimsRefresh(ports: AuthPorts) {
  return claimsRefreshMachine.provide({
    actors: {
      startAuthorization: fromPromise(({ input }) => startAuthorization(ports, input)),
      takeRecord: fromPromise(({ input }) => takeRecord(ports, input)),
      exchangeCode: fromPromise(({ input }) => exchangeCode(ports, input)),
      storeSession: fromPromise(({ input }) => storeSession(ports, input)),
    },
    actions: {
      redirect: (_, params) => ports.navigator.redirect(params.url),
      stripAddress: (_, params) => ports.navigator.replace(strippedCallbackUrl(params.url)),
    },
  });
}
