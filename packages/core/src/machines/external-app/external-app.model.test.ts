import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { externalAppMachine, provideExternalApp } from './external-app.machine.ts';
import { externalAppView } from './external-app.view.ts';
import { createFakePortalApi, flushPromises } from '../../testing/index.ts';
import type { Deferred } from '../../testing/index.ts';
import { createCoverageRecorder, everyTransition } from '../../testing/model-coverage.ts';
import { HttpError } from '../../errors/errors.ts';

// Model: `loading` is held open by the fake API until LOADED or LOAD_FAILED.
const model = createMachine({
  id: 'externalAppModel',
  initial: 'inactive',
  states: {
    inactive: { on: { CLIENT_A: 'loading', NO_CLIENT: 'inactive' } },
    loading: { on: { LOADED: 'active', LOAD_FAILED: 'inactive', NO_CLIENT: 'inactive', CLIENT_B: 'loading' } },
    active: { on: { CLIENT_A: 'active', CLIENT_B: 'loading', NO_CLIENT: 'inactive' } },
  },
});

const recorder = createCoverageRecorder();

describe('external-app model', () => {
  for (const path of createTestModel(model, everyTransition).getShortestPaths({ allowDuplicatePaths: true })) {
    it(path.description, async () => {
      const api = createFakePortalApi({
        brandings: [
          { clientId: 'a', label: 'A' },
          { clientId: 'b', label: 'B' },
        ],
      });
      const actor = createActor(provideExternalApp({ api }), { inspect: recorder.inspect });
      actor.start();
      let pending: Deferred<void> | undefined;
      const location = async (clientId?: string) => {
        pending = api.holdNext('getApplicationBranding');
        actor.send(clientId === undefined ? { type: 'LOCATION' } : { type: 'LOCATION', clientId });
        await flushPromises();
      };
      const is = (value: string) => () => {
        expect(actor.getSnapshot().value).toBe(value);
        expect(externalAppView(actor.getSnapshot()).status).toBe(value);
      };
      await path.test({
        states: { inactive: is('inactive'), loading: is('loading'), active: is('active') },
        events: {
          CLIENT_A: () => location('a'),
          // CLIENT_B means "another client id than the current one".

          CLIENT_B: () => location(actor.getSnapshot().context.clientId === 'b' ? 'a' : 'b'),
          NO_CLIENT: () => location(undefined),
          LOADED: async () => {
            pending?.resolve();
            await flushPromises();
          },
          LOAD_FAILED: async () => {
            api.failNext('getApplicationBranding', new HttpError(404, null));
            pending?.resolve();
            await flushPromises();
          },
        },
      });
    });
  }

  it('covered every state and transition of the real machine', () => {
    expect(recorder.missing(externalAppMachine)).toEqual({ states: [], transitions: [] });
  });
});
