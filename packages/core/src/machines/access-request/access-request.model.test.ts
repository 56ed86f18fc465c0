import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { accessRequestMachine, provideAccessRequest } from './access-request.machine.ts';
import { accessRequestView } from './access-request.view.ts';
import { createFakePortalApi, flushPromises } from '../../testing/index.ts';
import type { Deferred } from '../../testing/index.ts';
import { createCoverageRecorder, everyTransition } from '../../testing/model-coverage.ts';
import type { AccessRequest } from '../../domain/entities.ts';
import { HttpError } from '../../errors/errors.ts';

const model = createMachine({
  id: 'accessRequestModel',
  initial: 'open',
  states: {
    open: { on: { ACCEPT: 'accepting', DENY: 'denying' } },
    accepting: {
      on: {
        TOGGLE_ROLE: 'accepting',
        SET_ROLES: 'accepting',
        SET_ACCOUNT_ACCESSES: 'accepting',
        SET_END_DATE: 'accepting',
        SUBMIT_WITHOUT_ROLES: 'accepting',
        SUBMIT_LATE_END_DATE: 'accepting',
        SUBMIT: 'submitting',
        CANCEL: 'open',
      },
    },
    denying: { on: { SET_REASON: 'denying', SUBMIT_WITHOUT_REASON: 'denying', SUBMIT: 'submitting', CANCEL: 'open' } },
    submitting: { on: { PUT_OK: 'decided', PUT_FAILS: 'failed' } },
    failed: { on: { RETRY: 'submitting', CANCEL: 'open' } },
    decided: { type: 'final' },
  },
});

const recorder = createCoverageRecorder();
const open: AccessRequest = {
  id: 'r1',
  applicationId: 'a1',
  requestedAt: '2026-01-10T08:00:00Z',
  userId: 'u1',
  status: 'OPEN',
  maxAccessDays: 30,
};

describe('access-request model', () => {
  for (const path of createTestModel(model, everyTransition).getShortestPaths({ allowDuplicatePaths: true })) {
    it(path.description, async () => {
      const api = createFakePortalApi({ accessRequests: [open] });
      const actor = createActor(provideAccessRequest({ api }), {
        input: { request: open, today: '2026-11-26' },
        inspect: recorder.inspect,
      });
      actor.start();
      let pending: Deferred<void> | undefined;
      const send = async (event: Parameters<typeof actor.send>[0]) => {
        actor.send(event);
        await flushPromises();
      };
      const submit = async () => {
        pending = api.holdNext('decideAccessRequest');
        if (actor.getSnapshot().matches('accepting') && actor.getSnapshot().context.roleIds.length === 0)
          actor.send({ type: 'TOGGLE_ROLE', roleId: 'role-1' });
        if (actor.getSnapshot().matches('accepting')) actor.send({ type: 'SET_END_DATE', endDate: '2026-12-01' });
        if (actor.getSnapshot().matches('denying'))
          actor.send({ type: 'SET_REASON', reason: 'Bitte über den Händler' });
        await send(actor.getSnapshot().matches('failed') ? { type: 'RETRY' } : { type: 'SUBMIT' });
      };
      const is = (value: string) => () => {
        expect(actor.getSnapshot().value).toBe(value);
        expect(accessRequestView(actor.getSnapshot()).status).toBe(value);
      };
      await path.test({
        states: {
          open: is('open'),
          accepting: is('accepting'),
          denying: is('denying'),
          submitting: is('submitting'),
          failed: is('failed'),
          decided: is('decided'),
        },
        events: {
          ACCEPT: () => send({ type: 'ACCEPT' }),
          DENY: () => send({ type: 'DENY' }),
          TOGGLE_ROLE: () => send({ type: 'TOGGLE_ROLE', roleId: 'role-2' }),
          SET_ROLES: () => send({ type: 'SET_ROLES', roleIds: ['role-3'] }),
          SET_ACCOUNT_ACCESSES: () => send({ type: 'SET_ACCOUNT_ACCESSES', accountAccessIds: ['aa'] }),
          SUBMIT_WITHOUT_ROLES: async () => {
            await send({ type: 'SET_ROLES', roleIds: [] });
            await send({ type: 'SUBMIT' });
            expect(accessRequestView(actor.getSnapshot()).validation).toBe('validations.roleRequired');
          },
          SET_END_DATE: () => send({ type: 'SET_END_DATE', endDate: '2026-12-20' }),
          SUBMIT_LATE_END_DATE: async () => {
            await send({ type: 'TOGGLE_ROLE', roleId: 'role-9' });
            await send({ type: 'SET_END_DATE', endDate: '2027-03-01' });
            await send({ type: 'SUBMIT' });
            expect(accessRequestView(actor.getSnapshot()).endDateValidation?.code).toBe('validations.dateTooLate');
          },
          SET_REASON: () => send({ type: 'SET_REASON', reason: 'nein' }),
          SUBMIT_WITHOUT_REASON: async () => {
            await send({ type: 'SET_REASON', reason: ' ' });
            await send({ type: 'SUBMIT' });
            expect(accessRequestView(actor.getSnapshot()).reasonValidation?.code).toBe('validations.required');
          },
          SUBMIT: submit,
          RETRY: submit,
          CANCEL: () => send({ type: 'CANCEL' }),
          PUT_OK: async () => {
            pending?.resolve();
            await flushPromises();
          },
          PUT_FAILS: async () => {
            api.failNext('decideAccessRequest', new HttpError(503, null));
            pending?.resolve();
            await flushPromises();
          },
        },
      });
    });
  }

  it('an already decided request starts decided', () => {
    const actor = createActor(provideAccessRequest({ api: createFakePortalApi() }), {
      input: { request: { ...open, status: 'ACCEPTED' } },
      inspect: recorder.inspect,
    });
    actor.start();
    expect(actor.getSnapshot().value).toBe('decided');
  });

  it('covered every state and transition of the real machine', () => {
    expect(recorder.missing(accessRequestMachine)).toEqual({ states: [], transitions: [] });
  });
});
