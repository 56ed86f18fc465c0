import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { appGateMachine, provideAppGate } from './app-gate.machine.ts';
import { appGateView } from './app-gate.view.ts';
import { createDeferred, createTestPorts, flushPromises, testAuthConfig } from '../../testing/index.ts';
import type { TestPorts } from '../../testing/index.ts';
import { createCoverageRecorder, everyTransition } from '../../testing/model-coverage.ts';
import type { AuthCheckResult } from '../../ports/ports.ts';
import type { AppGateEvent, AppGateInput } from './app-gate.types.ts';
import { HttpError } from '../../errors/errors.ts';

// The model: the gate starts asking (`START`), or from the first check's answer the portal server
// already knew (`START_KNOWN_*`, #28.10: used once, asking again asks the API); `checking`,
// `submittingAttributes` and `refreshingClaims` wait for the fake port until the model says how
// it answers. The request itself is the request form machine's (its own
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

/** The gate started with a known first answer: the same outcomes as asking, without the call. */
const knownStarts = {
  START_KNOWN_OK: 'refreshingClaims',
  START_KNOWN_BAD_URL: 'failed',
  START_KNOWN_ATTRIBUTES: 'needsAttributes',
  START_KNOWN_ATTRIBUTES_TYPED: 'needsAttributes',
  START_KNOWN_CUSTOM_FLOW: 'needsCustomFlow',
  START_KNOWN_REQUESTED: 'requested',
  START_KNOWN_NO_ACCESS: 'noAccess',
  START_KNOWN_NO_ACCESS_INTERNAL: 'noAccessInternal',
} as const;

const model = createMachine({
  id: 'appGateModel',
  initial: 'new',
  states: {
    new: { on: { START: 'checking', ...knownStarts } },
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
      const checks: string[] = [];
      ports.api.authCheck = () => {
        checks.push('check');
        return (check = createDeferred<AuthCheckResult>()).promise;
      };
      ports.api.submitAttributes = () => (submit = createDeferred<AuthCheckResult>()).promise;
      // The start at the portal server, held until the model says how it went.
      const start = () => (refresh = createDeferred<void>()).promise;
      const settle = () => flushPromises(60);
      const sut: { actor?: ReturnType<typeof createActor<ReturnType<typeof provideAppGate>>> } = {};
      const actorOf = () => {
        if (sut.actor === undefined) throw new Error('the gate has not started');
        return sut.actor;
      };
      const begin = (known?: AuthCheckResult, typed?: Pick<AppGateInput, 'values' | 'validation'>) => async () => {
        const actor = createActor(provideAppGate(ports, start), {
          input: {
            target: { clientId: 'shop' },
            config: testAuthConfig,
            ...(known === undefined ? {} : { known }),
            ...typed,
          },
          inspect: recorder.inspect,
        });
        sut.actor = actor;
        actor.start();
        await settle();
        // A known answer is not asked again.
        expect(checks).toEqual(known === undefined ? ['check'] : []);
        if (typed !== undefined) expect(appGateView(actor.getSnapshot())).toMatchObject(typed);
      };
      const answer = (key: keyof typeof answers) => async () => {
        (actorOf().getSnapshot().matches('submittingAttributes') ? submit : check).resolve(results[key]);
        await settle();
      };
      const send = async (event: AppGateEvent) => {
        actorOf().send(event);
        await settle();
      };
      const is = (value: string) => () => {
        if (value === 'new') {
          expect(sut.actor).toBeUndefined();
          return;
        }
        const actor = actorOf();
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
          START: begin(),
          START_KNOWN_OK: begin(results.ANSWER_OK),
          START_KNOWN_BAD_URL: begin(results.ANSWER_BAD_URL),
          START_KNOWN_ATTRIBUTES: begin(results.ANSWER_ATTRIBUTES),
          START_KNOWN_ATTRIBUTES_TYPED: begin(results.ANSWER_ATTRIBUTES, {
            values: { number: 'abc' },
            validation: { number: { code: 'validations.numeric' } },
          }),
          START_KNOWN_CUSTOM_FLOW: begin(results.ANSWER_CUSTOM_FLOW),
          START_KNOWN_REQUESTED: begin(results.ANSWER_REQUESTED),
          START_KNOWN_NO_ACCESS: begin(results.ANSWER_NO_ACCESS),
          START_KNOWN_NO_ACCESS_INTERNAL: begin(results.ANSWER_NO_ACCESS_INTERNAL),
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
            expect(appGateView(actorOf().getSnapshot()).validation).toHaveProperty('number');
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
