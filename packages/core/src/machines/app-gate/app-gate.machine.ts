// The app access gate (architecture §6, /flows/auth): starting (the first check's answer when the
// portal server knew it, #28.10, else ask) → checking → needsAttributes |
// needsCustomFlow | noAccess (requestable unless internal: the request itself is core's request
// form machine, as on the catalogue's request page; REQUESTED once it was sent) | requested |
// refreshingClaims → redirecting. When nothing stands in the way, the claims refresh runs and
// then sends the user on to the application.

import { assign, fromPromise, setup } from 'xstate';
import type { AuthCheckResult, AuthCheckTarget, MissingAttribute, Ports } from '../../ports/ports.ts';
import type { PortalError } from '../../errors/errors.ts';
import { toPortalError } from '../../errors/errors.ts';
import { isHttpUrl, validateAttributeValue } from '../../validation/validation.ts';
import type { ValidationIssue } from '../../validation/validation.ts';
import { notProvided } from '../not-provided.ts';
import { decodeAuthCheckResult } from '../../domain/api-schemas.ts';
import { splitUrl } from '../../domain/url.ts';
import { buildQuery } from '../../domain/url-build.ts';
import type { AppGateContext, AppGateEvent, AppGateInput, StartClaimsRefreshRequest } from './app-gate.types.ts';

/** Validate the typed values against the missing attributes (required, e-mail, URL, number, a required answer). */
export function validateAttributeValues(
  attributes: readonly MissingAttribute[],
  values: Readonly<Record<string, string>>,
): Readonly<Record<string, ValidationIssue>> {
  const issues: Record<string, ValidationIssue> = {};
  for (const attribute of attributes) {
    const issue = validateAttributeValue(attribute, values[attribute.key] ?? attribute.value ?? '');
    if (issue !== undefined) issues[attribute.key] = issue;
  }
  return issues;
}

const missingOf = (result: AuthCheckResult | undefined): readonly MissingAttribute[] =>
  result?.status === 'missingAttributes' ? result.attributes : [];

type Routed = { readonly event: { readonly output: AuthCheckResult } };
type Known = { readonly context: AppGateContext };

/**
 * Where an AuthCheck answer leads: the answer of a call (checking, submittingAttributes) or the
 * one known from the start; `remember` and `rememberInvalidUrl` keep it.
 */
function routeBy<A, const R extends string, const I extends string>(
  answer: (args: A) => AuthCheckResult | undefined,
  remember: R,
  rememberInvalidUrl: I,
) {
  const is = (status: AuthCheckResult['status']) => (args: A) => answer(args)?.status === status;
  return [
    {
      guard: (args: A) => {
        const result = answer(args);
        return result?.status === 'ok' && !isHttpUrl(result.url);
      },
      target: 'failed',
      actions: rememberInvalidUrl,
    },
    { guard: is('ok'), target: 'refreshingClaims', actions: remember },
    { guard: is('missingAttributes'), target: 'needsAttributes', actions: remember },
    { guard: is('customFlow'), target: 'needsCustomFlow', actions: remember },
    {
      guard: (args: A) => {
        const result = answer(args);
        return result?.status === 'noAccess' && result.requested;
      },
      target: 'requested',
      actions: remember,
    },
  ] as const;
}

/** Where an AuthCheck answer leads (shared by checking and submittingAttributes). */
const route = [
  ...routeBy(({ event }: Routed) => event.output, 'remember', 'rememberInvalidUrl'),
  { target: 'noAccess', actions: 'remember' },
] as const;

/** Where the known first answer leads; without one, the gate asks. */
const routeKnown = [
  ...routeBy(({ context }: Known) => context.known, 'rememberKnown', 'rememberKnownInvalidUrl'),
  { guard: ({ context }: Known) => context.known?.status === 'noAccess', target: 'noAccess', actions: 'rememberKnown' },
  { target: 'checking' },
] as const;

export const appGateMachine = setup({
  types: {
    context: {} as AppGateContext,
    events: {} as AppGateEvent,
    input: {} as AppGateInput,
  },
  actors: {
    authCheck: fromPromise<AuthCheckResult, AuthCheckTarget>(notProvided),
    submitAttributes: fromPromise<
      AuthCheckResult,
      { readonly target: AuthCheckTarget; readonly values: Readonly<Record<string, string>> }
    >(notProvided),
    startClaimsRefresh: fromPromise<void, StartClaimsRefreshRequest>(notProvided),
  },
  actions: {
    remember: assign(({ event }) => ({ result: (event as unknown as Routed['event']).output, error: undefined })),
    rememberInvalidUrl: assign(({ event }) => ({
      result: (event as unknown as Routed['event']).output,
      error: { kind: 'page', status: 400 } as PortalError,
    })),
    // The known answer is used once: asking again (CHECK_AGAIN, RETRY) asks the API.
    rememberKnown: assign(({ context }) => ({ result: context.known, known: undefined })),
    rememberKnownInvalidUrl: assign(({ context }) => ({
      result: context.known,
      known: undefined,
      error: { kind: 'page', status: 400 } as PortalError,
    })),
  },
  guards: {
    requestable: ({ context }) => context.result?.status === 'noAccess' && !context.result.internal,
    valuesValid: ({ context }) =>
      Object.keys(validateAttributeValues(missingOf(context.result), context.values)).length === 0,
  },
}).createMachine({
  id: 'appGate',
  context: ({ input }) => ({
    target: input.target,
    config: input.config,
    refreshSleepMs: input.refreshSleepMs ?? defaultRefreshSleepMs,
    known: input.known,
    values: input.values ?? {},
    validation: input.validation ?? {},
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [...routeKnown],
    },
    checking: {
      invoke: {
        src: 'authCheck',
        input: ({ context }) => context.target,
        onDone: [...route],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    needsAttributes: {
      on: {
        SET_VALUE: {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.key]: event.value }),
            validation: ({ context, event }) =>
              Object.fromEntries(Object.entries(context.validation).filter(([key]) => key !== event.key)),
          }),
        },
        SUBMIT: [
          { guard: 'valuesValid', target: 'submittingAttributes', actions: assign({ validation: {} }) },
          {
            actions: assign({
              validation: ({ context }) => validateAttributeValues(missingOf(context.result), context.values),
            }),
          },
        ],
      },
    },
    submittingAttributes: {
      invoke: {
        src: 'submitAttributes',
        input: ({ context }) => ({ target: context.target, values: context.values }),
        onDone: [...route],
        onError: { target: 'needsAttributes', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    needsCustomFlow: {
      on: { CHECK_AGAIN: 'checking' },
    },
    noAccess: {
      // The request form (core's request form machine) sends the request; an internal application has none.
      on: { REQUESTED: { guard: 'requestable', target: 'requested' } },
    },
    requested: {
      on: { CHECK_AGAIN: 'checking' },
    },
    refreshingClaims: {
      invoke: {
        src: 'startClaimsRefresh',
        input: ({ context }) => ({
          config: context.config,
          redirectUri: context.result?.status === 'ok' ? context.result.url : '/',
          sleep: context.refreshSleepMs,
        }),
        onDone: 'redirecting',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    redirecting: { type: 'final' },
    failed: {
      on: { RETRY: { target: 'checking', actions: assign({ error: undefined }) } },
    },
  },
});

/**
 * The claims refresh started by the portal server (issue #15): the page leaves for the
 * server's start address, which keeps the auth state record in an HttpOnly cookie; the
 * gate's own address is the stored referrer, where a cancel at the provider comes back to.
 */
export function startClaimsRefreshAtServer(
  navigator: Ports['navigator'],
  request: StartClaimsRefreshRequest,
  startPath = '/auth/claims-refresh',
): Promise<void> {
  navigator.redirect(claimsRefreshStartPath(navigator.currentUrl(), request, startPath));
  return Promise.resolve();
}

/** The portal server's claims-refresh start for a gate at `gateUrl` (it comes back there on failure). */
function claimsRefreshStartPath(
  gateUrl: string,
  request: Pick<StartClaimsRefreshRequest, 'redirectUri' | 'sleep'>,
  startPath: string,
): string {
  const { path, query } = splitUrl(gateUrl);
  const returnPath = `${path}${query === '' ? '' : `?${query}`}`;
  return `${startPath}?${buildQuery([
    ['redirectUri', request.redirectUri],
    ['sleep', String(request.sleep)],
    ['returnPath', returnPath],
  ])}`;
}

/** The pause before the claims refresh unless the gate is told otherwise. */
const defaultRefreshSleepMs = 1000;

/**
 * Where the gate goes when its first check lets the user straight through (`ok` with an
 * http(s) address, as the machine's `checking` decides): the claims refresh, then the
 * application. The portal server answers the gate's address with it (issue #16: an application
 * opens from the launcher without JavaScript, and without the gate's page in between).
 */
export function gateShortcut(
  result: AuthCheckResult,
  gateUrl: string,
  startPath = '/auth/claims-refresh',
): string | undefined {
  if (result.status !== 'ok' || !isHttpUrl(result.url)) return undefined;
  return claimsRefreshStartPath(gateUrl, { redirectUri: result.url, sleep: defaultRefreshSleepMs }, startPath);
}

/**
 * The app-gate machine wired to ports: the claims refresh starts at the portal server
 * (`startClaimsRefreshAtServer`), which holds the round trip through the provider; a test may
 * pass its own start.
 */
export function provideAppGate(
  ports: Pick<Ports, 'api' | 'navigator'>,
  startClaimsRefresh = (request: StartClaimsRefreshRequest) => startClaimsRefreshAtServer(ports.navigator, request),
) {
  return appGateMachine.provide({
    actors: {
      authCheck: fromPromise(({ input }) => ports.api.authCheck(input).then(decodeAuthCheckResult)),
      submitAttributes: fromPromise(({ input }) =>
        ports.api.submitAttributes(input.target, input.values).then(decodeAuthCheckResult),
      ),
      startClaimsRefresh: fromPromise(({ input }) => startClaimsRefresh(input)),
    },
  });
}
