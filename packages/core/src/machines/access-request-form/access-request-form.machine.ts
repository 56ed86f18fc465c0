// A user's access request with substance (#19, spec §1, §6): loading what a request to the
// application needs (account accesses, roles, justification, end date, questions) → editing →
// submitting → submitted. Validation (core's rules) before anything is sent; a failed send
// keeps everything typed (failed → RETRY / EDIT); a failed search keeps the form.

import { assign, fromPromise, setup } from 'xstate';
import type { AccessRequestChoice, AccessRequestOptions } from '../../domain/entities.ts';
import { decodeAccessRequestOptions } from '../../domain/api-schemas.ts';
import { toPortalError } from '../../errors/errors.ts';
import type { Ports } from '../../ports/ports.ts';
import { validateAccessRequestForm } from '../../validation/validation.ts';
import { notProvided } from '../not-provided.ts';
import type {
  AccessRequestFormContext,
  AccessRequestFormEvent,
  AccessRequestFormInput,
  AccessRequestFormOutput,
  LoadAccessRequestNeeds,
  SendAccessRequestForm,
} from './access-request-form.types.ts';

const issuesOf = (context: AccessRequestFormContext) =>
  context.options === undefined ? {} : validateAccessRequestForm(context.options, context.choice, context.today);

/**
 * A choice the form starts with (request again, #30.11) as far as the application still offers
 * it: an account access or role among the first loaded page, answers to questions it still asks.
 */
function offeredChoice(choice: AccessRequestChoice, options: AccessRequestOptions): AccessRequestChoice {
  const { accountAccessId, roleId, answers, ...rest } = choice;
  const offered = (id: string | undefined, items: readonly { readonly id: string }[]) =>
    id !== undefined && items.some((item) => item.id === id);
  const asked = Object.entries(answers ?? {}).filter(([id]) => (options.questions ?? []).some((q) => q.id === id));
  return {
    ...rest,
    ...(offered(accountAccessId, options.accountAccesses.items) ? { accountAccessId } : {}),
    ...(offered(roleId, options.roles.items) ? { roleId } : {}),
    ...(asked.length === 0 ? {} : { answers: Object.fromEntries(asked) }),
  };
}

/** The choice as it is sent: trimmed texts, blank answers left out. */
export function cleanChoice(choice: AccessRequestChoice): AccessRequestChoice {
  const answers = Object.entries(choice.answers ?? {})
    .map(([id, value]) => [id, value.trim()] as const)
    .filter(([, value]) => value !== '');
  const justification = choice.justification?.trim() ?? '';
  const endDate = choice.endDate?.trim() ?? '';
  return {
    ...(choice.accountAccessId === undefined ? {} : { accountAccessId: choice.accountAccessId }),
    ...(choice.roleId === undefined ? {} : { roleId: choice.roleId }),
    ...(justification === '' ? {} : { justification }),
    ...(endDate === '' ? {} : { endDate }),
    ...(answers.length === 0 ? {} : { answers: Object.fromEntries(answers) }),
  };
}

export const accessRequestFormMachine = setup({
  types: {
    context: {} as AccessRequestFormContext,
    events: {} as AccessRequestFormEvent,
    input: {} as AccessRequestFormInput,
    output: {} as AccessRequestFormOutput,
  },
  actors: {
    loadNeeds: fromPromise<AccessRequestOptions, LoadAccessRequestNeeds>(notProvided),
    send: fromPromise<void, SendAccessRequestForm>(notProvided),
  },
  guards: {
    loadedBefore: ({ context }) => context.options !== undefined,
    valid: ({ context }) => Object.keys(issuesOf(context)).length === 0,
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type === 'SET') {
        const { [event.field]: _previous, ...rest } = context.choice;
        const { [event.field]: _issue, ...validation } = context.validation;
        return { choice: event.value === '' ? rest : { ...rest, [event.field]: event.value }, validation };
      }
      if (event.type === 'SET_ANSWER') {
        const { [event.questionId]: _previous, ...answers } = context.choice.answers ?? {};
        const validation = Object.fromEntries(
          Object.entries(context.validation).filter(([field]) => field !== `answers.${event.questionId}`),
        );
        const next = event.value === '' ? answers : { ...answers, [event.questionId]: event.value };
        const { answers: _old, ...rest } = context.choice;
        return { choice: Object.keys(next).length === 0 ? rest : { ...rest, answers: next }, validation };
      }
      return {};
    }),
  },
}).createMachine({
  id: 'accessRequestForm',
  context: ({ input }) => ({
    applicationId: input.applicationId,
    today: input.today,
    search: '',
    known: {},
    choice: input.choice ?? {},
    validation: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadNeeds',
        input: ({ context }) => ({ applicationId: context.applicationId, search: context.search }),
        onDone: {
          target: 'editing',
          actions: assign({
            // The first load: a choice given at the start keeps only what is still offered.
            choice: ({ context, event }) =>
              context.options === undefined ? offeredChoice(context.choice, event.output) : context.choice,
            options: ({ event }) => event.output,
            known: ({ context, event }) => ({
              ...context.known,
              ...Object.fromEntries(
                [...event.output.accountAccesses.items, ...event.output.roles.items].map((item) => [item.id, item]),
              ),
            }),
            error: undefined,
          }),
        },
        onError: [
          // A failed search keeps the form and what was typed; the error is shown beside it.
          {
            guard: 'loadedBefore',
            target: 'editing',
            actions: assign({ error: ({ event }) => toPortalError(event.error) }),
          },
          { target: 'loadFailed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
        ],
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: undefined }) } },
    },
    editing: {
      on: {
        SET: { actions: 'change' },
        SET_ANSWER: { actions: 'change' },
        SEARCH: { target: 'loading', actions: assign({ search: ({ event }) => event.search.trim() }) },
        SUBMIT: [
          { guard: 'valid', target: 'submitting', actions: assign({ validation: {}, error: undefined }) },
          { actions: assign({ validation: ({ context }) => issuesOf(context) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'send',
        input: ({ context }) => ({ applicationId: context.applicationId, choice: cleanChoice(context.choice) }),
        onDone: { target: 'submitted', actions: assign({ error: undefined }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    failed: {
      on: {
        RETRY: 'submitting',
        EDIT: 'editing',
        SET: { target: 'editing', actions: 'change' },
        SET_ANSWER: { target: 'editing', actions: 'change' },
      },
    },
    submitted: { type: 'final' },
  },
  output: ({ context }) => ({ applicationId: context.applicationId, choice: cleanChoice(context.choice) }),
});

/** The request form wired to the API port (answers decoded again: a malformed one is a load failure). */
export function provideAccessRequestForm(ports: Pick<Ports, 'api'>) {
  return accessRequestFormMachine.provide({
    actors: {
      loadNeeds: fromPromise(async ({ input }) =>
        decodeAccessRequestOptions(
          await ports.api.getAccessRequestOptions(input.applicationId, input.search === '' ? undefined : input.search),
        ),
      ),
      send: fromPromise(({ input }) => ports.api.requestAccess({ applicationId: input.applicationId }, input.choice)),
    },
  });
}
