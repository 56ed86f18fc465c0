// Access-request decision (spec §4, §5): open → accepting (at least one role; the role and
// account access asked for start ticked; an optional end date, at most the application's maximum
// ahead, #19) or denying (a reason the user reads, required, #19) → submitting (PUT) → decided;
// a failed PUT can be retried (the choice is kept).

import { assign, fromPromise, setup } from 'xstate';
import type { AccessRequestDecision } from '../../domain/entities.ts';
import { toPortalError } from '../../errors/errors.ts';
import type { Ports } from '../../ports/ports.ts';
import { validateAccessRequestRoles, validateDenyReason, validateEndDate } from '../../validation/validation.ts';
import { notProvided } from '../not-provided.ts';
import type {
  AccessRequestContext,
  AccessRequestEvent,
  AccessRequestInput,
  AccessRequestOutput,
} from './access-request.types.ts';

const endDateIssue = (context: AccessRequestContext) =>
  context.today === undefined
    ? undefined
    : validateEndDate(context.endDate, { today: context.today, maxDays: context.request.maxAccessDays });

export interface DecideRequest {
  readonly id: string;
  readonly decision: AccessRequestDecision;
}

export const accessRequestMachine = setup({
  types: {
    context: {} as AccessRequestContext,
    events: {} as AccessRequestEvent,
    input: {} as AccessRequestInput,
    output: {} as AccessRequestOutput,
  },
  actors: {
    decide: fromPromise<void, DecideRequest>(notProvided),
  },
  guards: {
    isOpen: ({ context }) => context.request.status === 'OPEN',
    canAccept: ({ context }) =>
      validateAccessRequestRoles(context.roleIds) === undefined && endDateIssue(context) === undefined,
    hasReason: ({ context }) => validateDenyReason(context.reason) === undefined,
  },
}).createMachine({
  id: 'accessRequest',
  // The choice starts with what the user asked for (#17.17): the role and the account access
  // of the request are ticked when the manager accepts; both can be changed before submitting.
  context: ({ input }) => ({
    request: input.request,
    roleIds: input.request.requestedRoleId === undefined ? [] : [input.request.requestedRoleId],
    accountAccessIds:
      input.request.requestedAccountAccessId === undefined ? [] : [input.request.requestedAccountAccessId],
    reason: '',
    endDate: input.request.requestedEndDate ?? '',
    today: input.today,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isOpen', target: 'open' }, { target: 'decided' }],
    },
    open: {
      on: {
        ACCEPT: 'accepting',
        DENY: 'denying',
      },
    },
    accepting: {
      on: {
        TOGGLE_ROLE: {
          actions: assign({
            roleIds: ({ context, event }) =>
              context.roleIds.includes(event.roleId)
                ? context.roleIds.filter((id) => id !== event.roleId)
                : [...context.roleIds, event.roleId],
            validation: undefined,
          }),
        },
        SET_ROLES: { actions: assign({ roleIds: ({ event }) => [...new Set(event.roleIds)], validation: undefined }) },
        SET_ACCOUNT_ACCESSES: {
          actions: assign({ accountAccessIds: ({ event }) => [...new Set(event.accountAccessIds)] }),
        },
        SET_END_DATE: {
          actions: assign({ endDate: ({ event }) => event.endDate.trim(), endDateValidation: undefined }),
        },
        SUBMIT: [
          {
            guard: 'canAccept',
            target: 'submitting',
            actions: assign({
              decision: ({ context }) => ({
                kind: 'accept' as const,
                roleIds: context.roleIds,
                accountAccessIds: context.accountAccessIds,
                ...(context.endDate === '' ? {} : { endDate: context.endDate }),
              }),
            }),
          },
          {
            actions: assign({
              validation: ({ context }) => validateAccessRequestRoles(context.roleIds),
              endDateValidation: ({ context }) => endDateIssue(context),
            }),
          },
        ],
        CANCEL: { target: 'open', actions: assign({ validation: undefined, endDateValidation: undefined }) },
      },
    },
    denying: {
      on: {
        SET_REASON: { actions: assign({ reason: ({ event }) => event.reason, reasonValidation: undefined }) },
        SUBMIT: [
          {
            guard: 'hasReason',
            target: 'submitting',
            actions: assign({ decision: ({ context }) => ({ kind: 'deny' as const, reason: context.reason.trim() }) }),
          },
          { actions: assign({ reasonValidation: ({ context }) => validateDenyReason(context.reason) }) },
        ],
        CANCEL: { target: 'open', actions: assign({ reasonValidation: undefined }) },
      },
    },
    submitting: {
      invoke: {
        src: 'decide',
        input: ({ context }) => ({ id: context.request.id, decision: context.decision as AccessRequestDecision }),
        onDone: {
          target: 'decided',
          actions: assign({
            request: ({ context }) => ({
              ...context.request,
              status: context.decision?.kind === 'accept' ? ('ACCEPTED' as const) : ('DENIED' as const),
            }),
            error: undefined,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    failed: {
      on: {
        RETRY: 'submitting',
        CANCEL: { target: 'open', actions: assign({ error: undefined }) },
      },
    },
    decided: { type: 'final' },
  },
  output: ({ context }) => (context.decision === undefined ? {} : { decision: context.decision }),
});

/** The access-request machine wired to the API port. */
export function provideAccessRequest(ports: Pick<Ports, 'api'>) {
  return accessRequestMachine.provide({
    actors: { decide: fromPromise(({ input }) => ports.api.decideAccessRequest(input.id, input.decision)) },
  });
}
