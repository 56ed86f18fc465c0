// Model-based test: an abstract model of the round trip (the requests and the provider's
// answers as events), every transition of it taken against the real machine with fake ports;
// the real machine's every state and transition must be covered by the end.

import { describe, expect, it } from 'vitest';
import { createActor, createMachine, toPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { authFlowMachine, provideAuthFlow, runAuthFlow } from './auth-flow.machine.ts';
import { createTestPorts, queryOf, testAuthConfig } from '../../testing/index.ts';
import type { TestPorts } from '../../testing/index.ts';
import type { AuthFlow } from '../../domain/auth.ts';
import type { AuthFlowEvent } from './sign-in.types.ts';
import { createCoverageRecorder, everyTransition } from '../../testing/model-coverage.ts';

const model = createMachine({
  id: 'authFlowModel',
  initial: 'idle',
  states: {
    idle: {
      on: {
        START_SIGN_IN: 'redirect',
        START_CLAIMS_REFRESH: 'redirect',
        START_PASSWORD_CHANGE: 'redirect',
        START_PROVIDER_DOWN: 'failed',
        START_NO_POLICY: 'failed',
        CALLBACK_SIGN_IN: 'done',
        CALLBACK_CLAIMS_REFRESH: 'done',
        CALLBACK_EMAIL_CHANGE: 'done',
        CALLBACK_UNKNOWN_STATE: 'failed',
        CALLBACK_CANCELLED: 'cancelled',
        CALLBACK_EXPIRED: 'restart',
        CALLBACK_EXPIRED_AGAIN: 'failed',
        CALLBACK_PROVIDER_ERROR: 'failed',
        CALLBACK_EMPTY_CODE: 'failed',
        CALLBACK_EXCHANGE_FAILS: 'failed',
      },
    },
    redirect: { type: 'final' },
    done: { type: 'final' },
    cancelled: { type: 'final' },
    restart: { type: 'final' },
    failed: { type: 'final' },
  },
});

const recorder = createCoverageRecorder();
const input = { config: testAuthConfig, signedIn: true };

interface Sut {
  ports: TestPorts;
  actor?: ReturnType<typeof createActor<ReturnType<typeof provideAuthFlow>>>;
}

async function drive(sut: Sut, event: AuthFlowEvent) {
  const actor = createActor(provideAuthFlow(sut.ports), { input, inspect: recorder.inspect });
  sut.actor = actor;
  const done = toPromise(actor);
  actor.start();
  actor.send(event);
  await done;
}

/** A started round trip of `flow`; the provider's answer to it from `answer`. */
async function callbackWith(
  sut: Sut,
  flow: AuthFlow,
  answer: (ports: TestPorts, state: string) => string,
  restarted = false,
) {
  const started = await runAuthFlow(sut.ports, input, {
    type: 'START',
    flow,
    returnPath: '/settings',
    ...(restarted ? { restarted } : {}),
  });
  const state = started.status === 'redirect' ? (queryOf(started.url).state ?? '') : '';
  await drive(sut, { type: 'CALLBACK', url: answer(sut.ports, state) });
}
const ok = (ports: TestPorts, state: string) => ports.identityProvider.callbackUrlFor(state);
const expired = (ports: TestPorts, state: string) =>
  ports.identityProvider.errorCallbackUrlFor(
    state,
    'access_denied',
    'AADB2C90208: The provided session has expired. Please start the flow again.',
  );

describe('round-trip model', () => {
  const paths = createTestModel(model, everyTransition).getShortestPaths({ allowDuplicatePaths: true });

  it('has a path for every model transition', () => {
    expect(paths.length).toBeGreaterThanOrEqual(15);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const sut: Sut = { ports: createTestPorts() };
      const is = (value: string) => () => {
        expect(sut.actor === undefined ? 'idle' : sut.actor.getSnapshot().value).toBe(value);
      };
      await path.test({
        states: {
          idle: is('idle'),
          redirect: is('redirect'),
          done: is('done'),
          cancelled: is('cancelled'),
          restart: is('restart'),
          failed: is('failed'),
        },
        events: {
          START_SIGN_IN: () => drive(sut, { type: 'START', flow: 'signIn' }),
          START_CLAIMS_REFRESH: () =>
            drive(sut, { type: 'START', flow: 'claimsRefresh', refresh: { redirectUri: '/', sleep: 0 } }),
          START_PASSWORD_CHANGE: () => drive(sut, { type: 'START', flow: 'passwordChange' }),
          START_PROVIDER_DOWN: () => {
            sut.ports.identityProvider.discover = async () => {
              throw new TypeError('down');
            };
            return drive(sut, { type: 'START', flow: 'signIn' });
          },
          START_NO_POLICY: () => {
            const actor = createActor(provideAuthFlow(sut.ports), {
              input: { ...input, config: { ...testAuthConfig, policies: { signIn: 'a', refresh: 'a' } } },
              inspect: recorder.inspect,
            });
            sut.actor = actor;
            const done = toPromise(actor);
            actor.start();
            actor.send({ type: 'START', flow: 'emailChange' });
            return done.then(() => undefined);
          },
          CALLBACK_SIGN_IN: () => callbackWith(sut, 'signIn', ok),
          CALLBACK_CLAIMS_REFRESH: () => callbackWith(sut, 'claimsRefresh', ok),
          CALLBACK_EMAIL_CHANGE: () => callbackWith(sut, 'emailChange', ok),
          CALLBACK_UNKNOWN_STATE: () =>
            drive(sut, { type: 'CALLBACK', url: 'http://localhost:5173/auth/login?code=c&state=AAAAAAAAAAAAAAAA' }),
          CALLBACK_CANCELLED: () =>
            callbackWith(sut, 'signIn', (ports, state) =>
              ports.identityProvider.errorCallbackUrlFor(state, 'access_denied', 'AADB2C90091: cancelled'),
            ),
          CALLBACK_EXPIRED: () => callbackWith(sut, 'signIn', expired),
          CALLBACK_EXPIRED_AGAIN: () => callbackWith(sut, 'signIn', expired, true),
          CALLBACK_PROVIDER_ERROR: () =>
            callbackWith(sut, 'signIn', (ports, state) =>
              ports.identityProvider.errorCallbackUrlFor(state, 'server_error', 'AADB2C90000: broken'),
            ),
          CALLBACK_EMPTY_CODE: () =>
            callbackWith(sut, 'signIn', (ports, state) => ok(ports, state).replace(/code=[^&]*/, 'code=')),
          CALLBACK_EXCHANGE_FAILS: () =>
            callbackWith(sut, 'signIn', (ports, state) => {
              ports.identityProvider.answerNext(null);
              return ok(ports, state);
            }),
        },
      });
    });
  }

  it('covered every state and transition of the real machine', () => {
    expect(recorder.missing(authFlowMachine)).toEqual({ states: [], transitions: [] });
  });
});
