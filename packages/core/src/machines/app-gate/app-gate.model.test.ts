import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { appGateMachine, provideAppGate } from './app-gate.machine.ts';
import { appGateView } from './app-gate.view.ts';
import { createDeferred, createTestPorts, flushPromises, testAuthConfig } from '../../testing/index.ts';
import type { TestPorts } from '../../testing/index.ts';
import { createCoverageRecorder, everyTransition } from '../../testing/model-coverage.ts';
import type { AuthCheckResult } from '../../ports/ports.ts';
import { HttpError } from '../../errors/errors.ts';

// The model: `checking`, `submittingAttributes` and `refreshingClaims` wait for the fake port
// until the model says how it answers. The request itself is the request form machine's (its own
// model test); the gate hears `REQUESTED` once it was sent.
const answers = {
  ANSWER_OK: 'refreshingClaims',
  ANSWER_BAD_URL: 'failed',
  ANSWER_ATTRIBUTES: 'needsAttributes',
  ANSWER_CUSTOM_FLOW: 'needsCustomFlow',
  ANSWER_REQUESTED: 'requested',
  ANSWER_NO_ACCESS: 'noAccess',
  ANSWER_NO_ACCESS_INTERNAL: 'noAccessInternal',
} as const;

const model = createMachine({
  id: 'appGateModel',
  initial: 'checking',
  states: {
    checking: { on: { ...answers, CHECK_FAILS: 'failed' } },
    needsAttributes: {
      on: { SET_VALUE: 'needsAttributes', SUBMIT_INVALID: 'needsAttributes', SUBMIT: 'submittingAttributes' },
    },
    submittingAttributes: { on: { ...answers, SUBMIT_FAILS: 'needsAttributes' } },
    needsCustomFlow: { on: { CHECK_AGAIN: 'checking' } },
    noAccess: { on: { REQUESTED: 'requested' } },
    noAccessInternal: { on: { REQUESTED: 'noAccessInternal' } },
    requested: { on: { CHECK_AGAIN: 'checking' } },
    refreshingClaims: { on: { REFRESH_STARTED: 'redirecting', REFRESH_FAILS: 'failed' } },
    redirecting: { type: 'final' },
    failed: { on: { RETRY: 'checking' } },
  },
});

const results: Record<keyof typeof answers, AuthCheckResult> = {
  ANSWER_OK: { status: 'ok', applicationId: 'a', url: 'http://localhost:4002/' },
  ANSWER_BAD_URL: { status: 'ok', applicationId: 'a', url: 'data:text/html,x' },
  ANSWER_ATTRIBUTES: {
    status: 'missingAttributes',
    applicationId: 'a',
    attributes: [{ attributeId: 'n', key: 'number', dataType: 'NUMBER', required: true }],
  },
  ANSWER_CUSTOM_FLOW: { status: 'customFlow', applicationId: 'a', flowKey: 'onboarding' },
  ANSWER_REQUESTED: { status: 'noAccess', applicationId: 'a', internal: false, requested: true },
  ANSWER_NO_ACCESS: { status: 'noAccess', applicationId: 'a', internal: false, requested: false },
  ANSWER_NO_ACCESS_INTERNAL: { status: 'noAccess', applicationId: 'a', internal: true, requested: false },
};

const recorder = createCoverageRecorder();

describe('app-gate model', () => {
  for (const path of createTestModel(model, everyTransition).getShortestPaths({ allowDuplicatePaths: true })) {
    it(path.description, async () => {
      const ports: TestPorts = createTestPorts();
      // Every port call the gate makes waits for the model to say how it answers.
      let check = createDeferred<AuthCheckResult>();
      let submit = createDeferred<AuthCheckResult>();
      let refresh = createDeferred<void>();
      ports.api.authCheck = () => (check = createDeferred<AuthCheckResult>()).promise;
      ports.api.submitAttributes = () => (submit = createDeferred<AuthCheckResult>()).promise;
      // The start at the portal server, held until the model says how it went.
      const start = () => (refresh = createDeferred<void>()).promise;
      const actor = createActor(provideAppGate(ports, start), {
        input: { target: { clientId: 'shop' }, config: testAuthConfig },
        inspect: recorder.inspect,
      });
      actor.start();
      const settle = () => flushPromises(60);
      const answer = (key: keyof typeof answers) => async () => {
        (actor.getSnapshot().matches('submittingAttributes') ? submit : check).resolve(results[key]);
        await settle();
      };
      const send = async (event: Parameters<typeof actor.send>[0]) => {
        actor.send(event);
        await settle();
      };
      const is = (value: string) => () => {
        const expected = value === 'noAccessInternal' ? 'noAccess' : value;
        expect(actor.getSnapshot().value).toBe(expected);
        const view = appGateView(actor.getSnapshot());
        expect(view.status).toBe(
          expected === 'submittingAttributes'
            ? 'needsAttributes'
            : expected === 'refreshingClaims'
              ? 'redirecting'
              : expected,
        );
        // The request form is offered for a requestable application only.
        expect(view.requestFor).toBe(value === 'noAccess' ? 'a' : undefined);
        expect(view.internalApplication).toBe(value === 'noAccessInternal');
        if (value === 'failed') expect(view.error).toBeDefined();
      };
      await path.test({
        states: Object.fromEntries(Object.keys(model.config.states ?? {}).map((key) => [key, is(key)])),
        events: {
          ANSWER_OK: answer('ANSWER_OK'),
          ANSWER_BAD_URL: answer('ANSWER_BAD_URL'),
          ANSWER_ATTRIBUTES: answer('ANSWER_ATTRIBUTES'),
          ANSWER_CUSTOM_FLOW: answer('ANSWER_CUSTOM_FLOW'),
          ANSWER_REQUESTED: answer('ANSWER_REQUESTED'),
          ANSWER_NO_ACCESS: answer('ANSWER_NO_ACCESS'),
          ANSWER_NO_ACCESS_INTERNAL: answer('ANSWER_NO_ACCESS_INTERNAL'),
          CHECK_FAILS: async () => {
            check.reject(new HttpError(500, null));
            await settle();
          },
          SUBMIT_FAILS: async () => {
            submit.reject(new HttpError(500, null));
            await settle();
          },
          SET_VALUE: () => send({ type: 'SET_VALUE', key: 'number', value: 'abc' }),
          SUBMIT_INVALID: async () => {
            await send({ type: 'SET_VALUE', key: 'number', value: '' });
            await send({ type: 'SUBMIT' });
            expect(appGateView(actor.getSnapshot()).validation).toHaveProperty('number');
          },
          SUBMIT: async () => {
            await send({ type: 'SET_VALUE', key: 'number', value: '42' });
            await send({ type: 'SUBMIT' });
          },
          CHECK_AGAIN: () => send({ type: 'CHECK_AGAIN' }),
          RETRY: () => send({ type: 'RETRY' }),
          REQUESTED: () => send({ type: 'REQUESTED' }),
          REFRESH_STARTED: async () => {
            refresh.resolve();
            await settle();
          },
          REFRESH_FAILS: async () => {
            refresh.reject(new TypeError('provider down'));
            await settle();
          },
        },
      });
    });
  }

  it('covered every state and transition of the real machine', () => {
    expect(recorder.missing(appGateMachine)).toEqual({ states: [], transitions: [] });
  });
});
