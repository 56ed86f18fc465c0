// External-app mode (spec §4): inactive / loading / active(data). Activated by a
// `client_id` query that differs from the current one; disabled when it is absent.

import { assign, fromPromise, setup } from 'xstate';
import type { ApplicationBranding } from '../../domain/entities.ts';
import { parseQuery, splitUrl } from '../../domain/url.ts';
import { toPortalError } from '../../errors/errors.ts';
import type { Ports } from '../../ports/ports.ts';
import { notProvided } from '../not-provided.ts';
import { decodeApplicationBranding } from '../../domain/api-schemas.ts';
import type { ExternalAppContext, ExternalAppEvent } from './external-app.types.ts';

/** The `client_id` of an address: trimmed, at most 200 characters; undefined when absent or empty. */
export function clientIdFromUrl(url: string): string | undefined {
  const value = parseQuery(splitUrl(url).query).get('client_id')?.[0]?.trim();
  return value === undefined || value === '' || value.length > 200 ? undefined : value;
}

const absent = ({ event }: { readonly event: ExternalAppEvent }) => event.clientId === undefined;
const differs = ({ context, event }: { readonly context: ExternalAppContext; readonly event: ExternalAppEvent }) =>
  event.clientId !== undefined && event.clientId !== context.clientId;

export const externalAppMachine = setup({
  types: {
    context: {} as ExternalAppContext,
    events: {} as ExternalAppEvent,
  },
  actors: {
    loadBranding: fromPromise<ApplicationBranding, string>(notProvided),
  },
  guards: { absent, differs },
}).createMachine({
  id: 'externalApp',
  context: {},
  initial: 'inactive',
  states: {
    inactive: {
      on: {
        LOCATION: {
          guard: 'differs',
          target: 'loading',
          actions: assign({ clientId: ({ event }) => event.clientId, error: undefined }),
        },
      },
    },
    loading: {
      invoke: {
        src: 'loadBranding',
        input: ({ context }) => context.clientId ?? '',
        onDone: { target: 'active', actions: assign({ branding: ({ event }) => event.output }) },
        onError: {
          target: 'inactive',
          actions: assign({
            clientId: undefined,
            branding: undefined,
            error: ({ event }) => toPortalError(event.error),
          }),
        },
      },
      on: {
        LOCATION: [
          { guard: 'absent', target: 'inactive', actions: assign({ clientId: undefined, branding: undefined }) },
          {
            guard: 'differs',
            target: 'loading',
            reenter: true,
            actions: assign({ clientId: ({ event }) => event.clientId }),
          },
        ],
      },
    },
    active: {
      on: {
        LOCATION: [
          { guard: 'absent', target: 'inactive', actions: assign({ clientId: undefined, branding: undefined }) },
          {
            guard: 'differs',
            target: 'loading',
            actions: assign({ clientId: ({ event }) => event.clientId, branding: undefined }),
          },
        ],
      },
    },
  },
});

/** The external-app machine wired to the API port. */
export function provideExternalApp(ports: Pick<Ports, 'api'>) {
  return externalAppMachine.provide({
    actors: {
      loadBranding: fromPromise(({ input }) => ports.api.getApplicationBranding(input).then(decodeApplicationBranding)),
    },
  });
}
