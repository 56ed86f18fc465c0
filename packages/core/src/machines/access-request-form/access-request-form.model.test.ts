import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { accessRequestFormMachine, provideAccessRequestForm } from './access-request-form.machine.ts';
import { accessRequestFormView } from './access-request-form.view.ts';
import { createFakePortalApi, flushPromises } from '../../testing/index.ts';
import type { Deferred } from '../../testing/index.ts';
import { createCoverageRecorder, everyTransition } from '../../testing/model-coverage.ts';
import type { AccessRequestOptions } from '../../domain/entities.ts';
import { HttpError } from '../../errors/errors.ts';

// `searching` is the machine's `loading` after the needs were loaded once (a failed search keeps the form).
const model = createMachine({
  id: 'accessRequestFormModel',
  initial: 'loading',
  states: {
    loading: { on: { LOAD_OK: 'editing', LOAD_FAILS: 'loadFailed' } },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        SET: 'editing',
        SET_ANSWER: 'editing',
        SUBMIT_INVALID: 'editing',
        SEARCH: 'searching',
        SUBMIT: 'submitting',
      },
    },
    searching: { on: { LOAD_OK: 'editing', LOAD_FAILS: 'editing' } },
    submitting: { on: { SEND_OK: 'submitted', SEND_FAILS: 'failed' } },
    failed: { on: { RETRY: 'submitting', EDIT: 'editing', SET: 'editing', SET_ANSWER: 'editing' } },
    submitted: { type: 'final' },
  },
});

const needs: AccessRequestOptions = {
  roleRequired: false,
  accountAccessRequired: true,
  accountAccesses: {
    items: [
      { id: 'aa-dealer', key: 'dealer', label: 'Händler' },
      { id: 'aa-studio', key: 'studio', label: 'Studio' },
    ],
    total: 2,
  },
  roles: { items: [{ id: 'r-planner', key: 'planner', label: 'Planer' }], total: 1 },
  justificationRequired: true,
  justificationMaxLength: 200,
  maxAccessDays: 30,
  questions: [{ id: 'q-branch', label: 'Filiale', required: true }],
};

const recorder = createCoverageRecorder();
const today = '2026-11-26';

describe('access-request form model', () => {
  for (const path of createTestModel(model, everyTransition).getShortestPaths({ allowDuplicatePaths: true })) {
    it(path.description, async () => {
      const api = createFakePortalApi({
        accessRequestOptions: { kitchen: needs },
        authChecks: { kitchen: { status: 'noAccess', applicationId: 'kitchen', internal: false, requested: false } },
      });
      let load: Deferred<void> | undefined = api.holdNext('getAccessRequestOptions');
      let sending: Deferred<void> | undefined;
      const actor = createActor(provideAccessRequestForm({ api }), {
        input: { applicationId: 'kitchen', today },
        inspect: recorder.inspect,
      });
      actor.start();
      await flushPromises();
      const send = async (event: Parameters<typeof actor.send>[0]) => {
        actor.send(event);
        await flushPromises();
      };
      const fillValid = async () => {
        await send({ type: 'SET', field: 'accountAccessId', value: 'aa-dealer' });
        await send({ type: 'SET', field: 'justification', value: ' Ich plane Küchen für unsere Kunden. ' });
        await send({ type: 'SET', field: 'endDate', value: '2026-11-30' });
        await send({ type: 'SET_ANSWER', questionId: 'q-branch', value: 'Köln' });
      };
      const is = (value: string) => () => {
        expect(actor.getSnapshot().value).toBe(value);
        expect(accessRequestFormView(actor.getSnapshot()).status).toBe(value);
      };
      await path.test({
        states: {
          loading: () => {
            is('loading')();
            expect(accessRequestFormView(actor.getSnapshot())).toMatchObject({ busy: true, firstLoad: true });
          },
          loadFailed: () => {
            is('loadFailed')();
            expect(accessRequestFormView(actor.getSnapshot())).toMatchObject({
              firstLoad: true,
              error: { kind: 'http', httpStatus: 503 },
            });
          },
          editing: () => {
            is('editing')();
            const view = accessRequestFormView(actor.getSnapshot());
            expect(view.timeBound).toBe(true);
            expect(view.latestEndDate).toBe('2026-12-25');
            expect(view.justificationRequired).toBe(true);
            expect(view.firstLoad).toBe(false);
          },
          searching: () => {
            is('loading')();
            // A search keeps the form (what was loaded before stays shown).
            expect(accessRequestFormView(actor.getSnapshot())).toMatchObject({ busy: true, firstLoad: false });
          },
          submitting: is('submitting'),
          failed: () => {
            is('failed')();
            // Everything typed is kept after a failed send.
            expect(actor.getSnapshot().context.choice).toMatchObject({
              accountAccessId: 'aa-dealer',
              endDate: '2026-11-30',
            });
            expect(accessRequestFormView(actor.getSnapshot()).toast).toBeDefined();
          },
          submitted: () => {
            is('submitted')();
            expect(actor.getSnapshot().output).toMatchObject({
              applicationId: 'kitchen',
              choice: {
                accountAccessId: 'aa-dealer',
                justification: 'Ich plane Küchen für unsere Kunden.',
                endDate: '2026-11-30',
                answers: { 'q-branch': 'Köln' },
              },
            });
          },
        },
        events: {
          LOAD_OK: async () => {
            load?.resolve();
            await flushPromises();
          },
          LOAD_FAILS: async () => {
            api.failNext('getAccessRequestOptions', new HttpError(503, null));
            load?.resolve();
            await flushPromises();
          },
          RETRY: async () => {
            if (actor.getSnapshot().matches('loadFailed')) load = api.holdNext('getAccessRequestOptions');
            else sending = api.holdNext('requestAccess');
            await send({ type: 'RETRY' });
          },
          SET: () => send({ type: 'SET', field: 'roleId', value: 'r-planner' }),
          SET_ANSWER: () => send({ type: 'SET_ANSWER', questionId: 'q-branch', value: 'Köln' }),
          SUBMIT_INVALID: async () => {
            await send({ type: 'SET', field: 'justification', value: '' });
            await send({ type: 'SET', field: 'endDate', value: '2027-02-01' });
            await send({ type: 'SUBMIT' });
            const view = accessRequestFormView(actor.getSnapshot());
            expect(view.issues.justification?.code).toBe('validations.required');
            expect(view.issues.endDate).toEqual({ code: 'validations.dateTooLate', params: { max: '2026-12-25' } });
          },
          SEARCH: async () => {
            load = api.holdNext('getAccessRequestOptions');
            await send({ type: 'SEARCH', search: ' händ ' });
          },
          SUBMIT: async () => {
            await fillValid();
            sending = api.holdNext('requestAccess');
            await send({ type: 'SUBMIT' });
          },
          SEND_OK: async () => {
            sending?.resolve();
            await flushPromises();
          },
          SEND_FAILS: async () => {
            api.failNext('requestAccess', new HttpError(503, null));
            sending?.resolve();
            await flushPromises();
          },
          EDIT: () => send({ type: 'EDIT' }),
        },
      });
    });
  }

  it('covered every state and transition of the real machine', () => {
    expect(recorder.missing(accessRequestFormMachine)).toEqual({ states: [], transitions: [] });
  });
});
