import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { applicationListMachine, provideApplicationList } from './application-list.machine.ts';
import { applicationListView } from './application-list.view.ts';
import { createFakePortalApi, flushPromises } from '../../testing/index.ts';
import type { Deferred } from '../../testing/index.ts';
import { createCoverageRecorder, everyTransition } from '../../testing/model-coverage.ts';

const model = createMachine({
  id: 'applicationListModel',
  initial: 'idle',
  states: {
    idle: { on: { LOAD: 'loading' } },
    loading: { on: { ANSWER: 'loaded', FAIL: 'failed', LOAD: 'loading' } },
    loaded: { on: { LOAD: 'loaded', FORCE: 'loading' } },
    failed: { on: { LOAD: 'loading' } },
  },
});

const recorder = createCoverageRecorder();

describe('application-list model', () => {
  for (const path of createTestModel(model, everyTransition).getShortestPaths({ allowDuplicatePaths: true })) {
    it(path.description, async () => {
      const api = createFakePortalApi({ applications: [] });
      const actor = createActor(provideApplicationList({ api }), { inspect: recorder.inspect });
      actor.start();
      let pending: Deferred<void> | undefined;
      const send = async (force?: boolean) => {
        if (!actor.getSnapshot().matches('loading')) pending = api.holdNext('listAdministrableApplications');
        actor.send(force === undefined ? { type: 'LOAD' } : { type: 'LOAD', force });
        await flushPromises();
      };
      const is = (value: string) => () => {
        expect(actor.getSnapshot().value).toBe(value);
        expect(applicationListView(actor.getSnapshot()).loaded).toBe(api.calls.length > 0 && (value === 'loaded' || actor.getSnapshot().context.loaded));
      };
      await path.test({
        states: { idle: is('idle'), loading: is('loading'), loaded: is('loaded'), failed: is('failed') },
        events: {
          LOAD: () => send(),
          FORCE: () => send(true),
          ANSWER: async () => {
            pending?.resolve();
            await flushPromises();
          },
          FAIL: async () => {
            api.failNext('listAdministrableApplications', new TypeError('offline'));
            pending?.resolve();
            await flushPromises();
          },
        },
      });
    });
  }

  it('covered every state and transition of the real machine', () => {
    expect(recorder.missing(applicationListMachine)).toEqual({ states: [], transitions: [] });
  });
});
