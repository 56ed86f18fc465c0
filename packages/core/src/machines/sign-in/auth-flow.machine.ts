// A round trip through the provider (spec §4, architecture §5), designed for where it runs:
// the portal server, once per request. START (a sign-in, a claims refresh, an e-mail or
// password change) saves the auth state record and ends with the authorization URL to
// redirect to; CALLBACK takes the record (its flow says what the round trip was for), judges
// the provider's answer and exchanges the code. The output is the answer (auth-flow.ts
// `authFlowOutput`): a redirect, a session, a change done, where a cancel goes, or the §8
// error. Nothing is navigated or stored here: the caller keeps the session it gets.

import { assign, createActor, fromPromise, setup, toPromise } from 'xstate';
import type { AuthStateData } from '../../domain/auth.ts';
import { safeReturnPath } from '../../domain/return-path.ts';
import { toPortalError } from '../../errors/errors.ts';
import { notProvided } from '../not-provided.ts';
import {
  authFlowOutput,
  cancelTarget,
  codeOf,
  errorOf,
  exchangeInput,
  judge,
  restartTarget,
  safeRefreshData,
} from './auth-flow.ts';
import { isExpiredInteraction } from '../../errors/identity-error.ts';
import { exchangeCode, readCallbackParams, startAuthorization, takeRecord } from './sign-in.actors.ts';
import type { AuthPorts, CallbackParams, ExchangeRequest, ExchangeResult, StartRequest } from './sign-in.actors.ts';
import type { AuthFlowContext, AuthFlowEvent, AuthFlowInput, AuthFlowOutput } from './sign-in.types.ts';

export const authFlowMachine = setup({
  types: {
    context: {} as AuthFlowContext,
    events: {} as AuthFlowEvent,
    input: {} as AuthFlowInput,
    output: {} as AuthFlowOutput,
  },
  actors: {
    startAuthorization: fromPromise<{ readonly url: string; readonly state: string }, StartRequest>(notProvided),
    takeRecord: fromPromise<AuthStateData, CallbackParams>(notProvided),
    exchangeCode: fromPromise<ExchangeResult, ExchangeRequest>(notProvided),
  },
  guards: {
    rejected: ({ context }, record: AuthStateData) => judge(context, record).kind === 'error',
    isCancel: ({ context }) => context.error?.kind === 'cancelled',
    /** The provider's page had expired, and this round trip is not already the sign-in started again for it. */
    expiredOnce: ({ context }) =>
      isExpiredInteraction(context.params.errorDescription) && context.record?.extraData.restarted !== true,
  },
}).createMachine({
  id: 'authFlow',
  context: ({ input }) => ({
    config: input.config,
    signedIn: input.signedIn,
    language: input.language,
    flow: 'signIn',
    returnPath: '/',
    refresh: { redirectUri: '/', sleep: 0 },
    restarted: false,
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
          actions: assign(({ event }) => ({
            flow: event.flow,
            refresh: safeRefreshData(event.refresh),
            returnPath: safeReturnPath(event.returnPath),
            restarted: event.restarted === true,
          })),
        },
        CALLBACK: {
          target: 'takingRecord',
          actions: assign(({ event }) => ({ callbackUrl: event.url, params: readCallbackParams(event.url) })),
        },
      },
    },
    starting: {
      invoke: {
        src: 'startAuthorization',
        input: ({ context }) => ({
          config: context.config,
          flow: context.flow,
          returnPath: context.returnPath,
          // Only a claims refresh keeps its refresh data in the record.
          ...(context.flow === 'claimsRefresh' ? { refresh: context.refresh } : {}),
          ...(context.language === undefined ? {} : { language: context.language }),
          ...(context.restarted ? { restarted: true } : {}),
        }),
        onDone: { target: 'redirect', actions: assign({ authorizationUrl: ({ event }) => event.output.url }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    takingRecord: {
      invoke: {
        src: 'takeRecord',
        input: ({ context }) => context.params,
        onDone: [
          {
            guard: { type: 'rejected', params: ({ event }) => event.output },
            target: 'rejected',
            actions: assign(({ context, event }) => ({
              record: event.output,
              flow: event.output.extraData.flow,
              error: errorOf(judge(context, event.output)),
            })),
          },
          {
            target: 'exchanging',
            actions: assign(({ context, event }) => ({
              record: event.output,
              flow: event.output.extraData.flow,
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
          guard: 'isCancel',
          target: 'cancelled',
          actions: assign({
            redirectTo: ({ context }) =>
              cancelTarget(context.flow, context.record?.extraData.referrer, context.signedIn),
          }),
        },
        {
          guard: 'expiredOnce',
          target: 'restart',
          actions: assign({
            restartTo: ({ context }) => restartTarget(context.flow, context.record?.extraData.referrer),
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
          target: 'done',
          actions: assign({ session: ({ event }) => event.output.session, user: ({ event }) => event.output.user }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    redirect: { type: 'final' },
    done: { type: 'final' },
    cancelled: { type: 'final' },
    restart: { type: 'final' },
    failed: { type: 'final' },
  },
  output: authFlowOutput,
});

/** The machine wired to ports. */
export function provideAuthFlow(ports: AuthPorts) {
  return authFlowMachine.provide({
    actors: {
      startAuthorization: fromPromise(({ input }: { readonly input: StartRequest }) =>
        startAuthorization(ports, input),
      ),
      takeRecord: fromPromise(({ input }: { readonly input: CallbackParams }) => takeRecord(ports, input)),
      exchangeCode: fromPromise(({ input }: { readonly input: ExchangeRequest }) => exchangeCode(ports, input)),
    },
  });
}

/** Run one round trip to its answer: START or CALLBACK, on the given ports and input. */
export function runAuthFlow(ports: AuthPorts, input: AuthFlowInput, event: AuthFlowEvent): Promise<AuthFlowOutput> {
  const actor = createActor(provideAuthFlow(ports), { input });
  const done = toPromise(actor);
  actor.start();
  actor.send(event);
  return done;
}
