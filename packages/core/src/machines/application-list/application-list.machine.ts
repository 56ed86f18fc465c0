// Application list (spec §4): has a loaded flag; loaded once, reloaded only when forced.
// Holds the applications the user administers (admin sidebar dropdown, admin-center access).

import { assign, fromPromise, setup } from 'xstate';
import type { Application } from '../../domain/entities.ts';
import { toPortalError } from '../../errors/errors.ts';
import type { Ports } from '../../ports/ports.ts';
import { notProvided } from '../not-provided.ts';
import { decodeApplications } from '../../domain/api-schemas.ts';
import type { ApplicationListContext, ApplicationListEvent } from './application-list.types.ts';

export const applicationListMachine = setup({
  types: {
    context: {} as ApplicationListContext,
    events: {} as ApplicationListEvent,
  },
  actors: {
    loadApplications: fromPromise<readonly Application[], void>(notProvided),
  },
  guards: {
    forced: ({ event }) => event.force === true,
  },
}).createMachine({
  id: 'applicationList',
  context: { applications: [], loaded: false },
  initial: 'idle',
  states: {
    idle: { on: { LOAD: 'loading' } },
    loading: {
      invoke: {
        src: 'loadApplications',
        onDone: { target: 'loaded', actions: assign({ applications: ({ event }) => event.output, loaded: true, error: undefined }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toPortalError(event.error) }) },
      },
    },
    loaded: { on: { LOAD: { guard: 'forced', target: 'loading' } } },
    failed: { on: { LOAD: 'loading' } },
  },
});

/** The application-list machine wired to the API port. */
export function provideApplicationList(ports: Pick<Ports, 'api'>) {
  return applicationListMachine.provide({
    actors: { loadApplications: fromPromise(() => ports.api.listAdministrableApplications().then(decodeApplications)) },
  });
}
