// A flow through the provider (spec §4, architecture §5), made once for the sign-in and the claims
// refresh (`authFlowMachine(flow, ending)`): start → redirect to the provider; callback → take the
// record → judge the response → strip the address → exchange → store. The flow's own end is the
// parameter: the sign-in ends signed in (back to the stored referrer); the claims refresh waits
// its `sleep` ms and leaves for its `redirectUri`. Every error of spec §8 ends in the final state
// `failed` with its PortalError; the AADB2C90091 cancel ends in `cancelled` with where to go.

import { assign, fromPromise, setup } from 'xstate';
import type { AuthFlow, AuthStateData, StoredSession } from '../../domain/auth.ts';
import { safeReturnPath } from '../../domain/return-path.ts';
import { toPortalError } from '../../errors/errors.ts';
import { notProvided } from '../not-provided.ts';
import type { ClaimsRefreshEvent, ClaimsRefreshOutput } from '../claims-refresh/claims-refresh.types.ts';
import {
  cancelTarget,
  codeOf,
  endWithoutSession,
  errorOf,
  exchangeInput,
  judge,
  safeRefreshData,
} from './auth-flow.ts';
import {
  exchangeCode,
  readCallbackParams,
  startAuthorization,
  storeSession,
  strippedCallbackUrl,
  takeRecord,
} from './sign-in.actors.ts';
import type { AuthPorts, CallbackParams, ExchangeRequest, ExchangeResult, StartRequest } from './sign-in.actors.ts';
import type { AuthFlowInput, AuthFlowMachineContext, SignInEvent, SignInOutput } from './sign-in.types.ts';

/** What both flows' machines are made of: their context, events, input, output, steps and actions. */
const authFlowSetup = setup({
  types: {
    context: {} as AuthFlowMachineContext,
    events: {} as SignInEvent | ClaimsRefreshEvent,
    input: {} as AuthFlowInput,
    output: {} as SignInOutput | ClaimsRefreshOutput,
  },
  actors: {
    startAuthorization: fromPromise<{ readonly url: string; readonly state: string }, StartRequest>(notProvided),
    takeRecord: fromPromise<AuthStateData, CallbackParams>(notProvided),
    exchangeCode: fromPromise<ExchangeResult, ExchangeRequest>(notProvided),
    storeSession: fromPromise<void, StoredSession>(notProvided),
  },
  actions: {
    /** Leave for `url`: the provider's authorization endpoint, or where a claims refresh ends. */
    redirect: notProvided as (_: unknown, params: { readonly url: string }) => void,
    /** Take code and state out of the address bar (a reload never exchanges twice). */
    stripAddress: notProvided as (_: unknown, params: { readonly url: string }) => void,
  },
  delays: {
    refreshSleep: ({ context }) => context.refresh.sleep,
  },
});

/** A flow's context at its start: a claims refresh normally runs signed in, a sign-in not. */
const initialContext =
  (flow: AuthFlow) =>
  ({ input }: { readonly input: AuthFlowInput }): AuthFlowMachineContext => ({
    config: input.config,
    flow,
    signedIn: input.signedIn ?? flow === 'claimsRefresh',
    refresh: { redirectUri: '/', sleep: 0 },
    returnPath: '/',
    callbackUrl: '',
    params: readCallbackParams(''),
    code: '',
  });

/** The states both flows share, up to the store: each flow's machine adds `storing` (`storingThen`) and its own end. */
const authFlowStates = {
  idle: authFlowSetup.createStateConfig({
    on: {
      START: {
        target: 'starting',
        actions: assign(({ event }) => ({
          refresh: safeRefreshData('refresh' in event ? event.refresh : undefined),
          returnPath: safeReturnPath(event.returnPath),
        })),
      },
      CALLBACK: {
        target: 'takingRecord',
        actions: [
          assign(({ event }) => ({ callbackUrl: event.url, params: readCallbackParams(event.url) })),
          { type: 'stripAddress', params: ({ event }) => ({ url: event.url }) },
        ],
      },
    },
  }),
  starting: authFlowSetup.createStateConfig({
    invoke: {
      src: 'startAuthorization',
      input: ({ context }) => ({
        config: context.config,
        flow: context.flow,
        returnPath: context.returnPath,
        // Only a claims refresh keeps its refresh data in the record.
        ...(context.flow === 'claimsRefresh' ? { refresh: context.refresh } : {}),
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
  }),
  takingRecord: authFlowSetup.createStateConfig({
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
  }),
  rejected: authFlowSetup.createStateConfig({
    always: [
      {
        guard: ({ context }) => context.error?.kind === 'cancelled',
        target: 'cancelled',
        actions: assign({ redirectTo: ({ context }) => cancelTarget(context) }),
      },
      { target: 'failed' },
    ],
  }),
  exchanging: authFlowSetup.createStateConfig({
    invoke: {
      src: 'exchangeCode',
      input: ({ context }) => exchangeInput(context),
      onDone: {
        target: 'storing',
        actions: assign({ session: ({ event }) => event.output.session, user: ({ event }) => event.output.user }),
      },
      onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
    },
  }),
  redirected: { type: 'final' },
  cancelled: { type: 'final' },
  failed: { type: 'final' },
} as const;

type StateConfig = Parameters<typeof authFlowSetup.createStateConfig>[0];

/** The machine of a flow: the states both flows share, the store, and the flow's own end (`ending`, from `storing` on). */
export function authFlowMachine<const Ending extends Record<string, StateConfig>>(flow: AuthFlow, ending: Ending) {
  return authFlowSetup.createMachine({
    id: flow,
    context: initialContext(flow),
    initial: 'idle',
    states: { ...authFlowStates, ...ending },
    output: authFlowOutput,
  });
}

/** The store of the tokens, then the flow's own step: `signedIn` (a sign-in) or `sleeping` (a claims refresh). */
export const storingThen = (next: 'signedIn' | 'sleeping') =>
  authFlowSetup.createStateConfig({
    invoke: {
      src: 'storeSession',
      input: ({ context }) => context.session as StoredSession,
      onDone: { target: next },
      onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
    },
  });

/** A flow's output from its final context. */
function authFlowOutput({ context }: { readonly context: AuthFlowMachineContext }): SignInOutput | ClaimsRefreshOutput {
  const { user, session } = context;
  if (user === undefined || session === undefined || context.error !== undefined) return endWithoutSession(context);
  return context.flow === 'signIn'
    ? { status: 'signedIn', user, session, returnPath: context.returnPath }
    : { status: 'refreshed', user, session, redirectUri: context.refresh.redirectUri };
}

/** The steps and actions of a flow's machine over ports (`machine.provide(authFlowPorts(ports))`). */
export function authFlowPorts(ports: AuthPorts) {
  return {
    actors: {
      startAuthorization: fromPromise(({ input }: { readonly input: StartRequest }) =>
        startAuthorization(ports, input),
      ),
      takeRecord: fromPromise(({ input }: { readonly input: CallbackParams }) => takeRecord(ports, input)),
      exchangeCode: fromPromise(({ input }: { readonly input: ExchangeRequest }) => exchangeCode(ports, input)),
      storeSession: fromPromise(({ input }: { readonly input: StoredSession }) => storeSession(ports, input)),
    },
    actions: {
      redirect: (_: unknown, params: { readonly url: string }) => ports.navigator.redirect(params.url),
      stripAddress: (_: unknown, params: { readonly url: string }) =>
        ports.navigator.replace(strippedCallbackUrl(params.url)),
    },
  };
}
