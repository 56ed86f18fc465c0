// Sign-in (spec §4, architecture §5): start → redirect to the provider; callback → take the
// record → judge the response → strip the address → exchange → store → signed in.
// Every error of spec §8 ends in the final state `failed` with its PortalError; the
// AADB2C90091 cancel ends in `cancelled` with where to go.

import { assign, fromPromise, setup } from 'xstate';
import type { AuthStateData } from '../../domain/auth.ts';
import { safeReturnPath } from '../../domain/return-path.ts';
import { toPortalError } from '../../errors/errors.ts';
import { cancelTarget, codeOf, endWithoutSession, errorOf, exchangeInput, judge } from './auth-flow.ts';
import {
  exchangeCode,
  readCallbackParams,
  startAuthorization,
  storeSession,
  strippedCallbackUrl,
  takeRecord,
} from './sign-in.actors.ts';
import type { AuthPorts, CallbackParams, ExchangeRequest, ExchangeResult, StartRequest } from './sign-in.actors.ts';
import type { SignInContext, SignInEvent, SignInInput, SignInOutput } from './sign-in.types.ts';
import type { StoredSession } from '../../domain/auth.ts';
import { notProvided } from '../not-provided.ts';

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    output: {} as SignInOutput,
  },
  actors: {
    startAuthorization: fromPromise<{ readonly url: string; readonly state: string }, StartRequest>(notProvided),
    takeRecord: fromPromise<AuthStateData, CallbackParams>(notProvided),
    exchangeCode: fromPromise<ExchangeResult, ExchangeRequest>(notProvided),
    storeSession: fromPromise<void, StoredSession>(notProvided),
  },
  actions: {
    /** Leave for the provider's authorization endpoint. */
    redirectToProvider: notProvided as (_: unknown, params: { readonly url: string }) => void,
    /** Take code and state out of the address bar (a reload never exchanges twice). */
    stripAddress: notProvided as (_: unknown, params: { readonly url: string }) => void,
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    config: input.config,
    flow: 'signIn',
    signedIn: input.signedIn ?? false,
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
          actions: assign({ returnPath: ({ event }) => safeReturnPath(event.returnPath) }),
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
        input: ({ context }) => ({ config: context.config, flow: context.flow, returnPath: context.returnPath }),
        onDone: {
          target: 'redirected',
          actions: [
            assign({ authorizationUrl: ({ event }) => event.output.url }),
            { type: 'redirectToProvider', params: ({ event }) => ({ url: event.output.url }) },
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
        onDone: {
          target: 'signedIn',
          actions: assign({
            returnPath: ({ context }) => safeReturnPath((context.record as AuthStateData).extraData.referrer),
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    redirected: { type: 'final' },
    signedIn: { type: 'final' },
    cancelled: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => outputOf(context),
});

/** The machine's output from its final context. */
function outputOf(context: SignInContext): SignInOutput {
  if (context.user !== undefined && context.session !== undefined && context.error === undefined) {
    return { status: 'signedIn', user: context.user, session: context.session, returnPath: context.returnPath };
  }
  return endWithoutSession(context);
}

/** The sign-in machine wired to ports. */
export function provideSignIn(ports: AuthPorts) {
  return signInMachine.provide({
    actors: {
      startAuthorization: fromPromise(({ input }) => startAuthorization(ports, input)),
      takeRecord: fromPromise(({ input }) => takeRecord(ports, input)),
      exchangeCode: fromPromise(({ input }) => exchangeCode(ports, input)),
      storeSession: fromPromise(({ input }) => storeSession(ports, input)),
    },
    actions: {
      redirectToProvider: (_, params) => ports.navigator.redirect(params.url),
      stripAddress: (_, params) => ports.navigator.replace(strippedCallbackUrl(params.url)),
    },
  });
}
