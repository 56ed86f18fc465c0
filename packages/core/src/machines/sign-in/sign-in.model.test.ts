// Model-based test: an abstract model of the sign-in (user actions and port outcomes as
// events), every transition of it taken against the real machine with fake ports; the
// real machine's every state and transition must be covered by the end.

import { describe, expect, it } from 'vitest';
import { createActor, createMachine, toPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { provideSignIn, signInMachine } from './sign-in.machine.ts';
import { createTestPorts, queryOf, testAuthConfig } from '../../testing/index.ts';
import type { TestPorts } from '../../testing/index.ts';
import { createCoverageRecorder, everyTransition } from '../../testing/model-coverage.ts';

const model = createMachine({
  id: 'signInModel',
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: 'redirected',
        START_PROVIDER_DOWN: 'failed',
        CALLBACK_OK: 'signedIn',
        CALLBACK_UNKNOWN_STATE: 'failed',
        CALLBACK_CANCELLED: 'cancelled',
        CALLBACK_PROVIDER_ERROR: 'failed',
        CALLBACK_EMPTY_CODE: 'failed',
        CALLBACK_EXCHANGE_FAILS: 'failed',
        CALLBACK_STORE_FAILS: 'failed',
      },
    },
    redirected: { type: 'final' },
    signedIn: { type: 'final' },
    cancelled: { type: 'final' },
    failed: { type: 'final' },
  },
});

const recorder = createCoverageRecorder();

interface Sut {
  ports: TestPorts;
  actor?: ReturnType<typeof createActor<ReturnType<typeof provideSignIn>>>;
}

async function startIn(ports: TestPorts): Promise<string> {
  const actor = createActor(provideSignIn(ports), { input: { config: testAuthConfig } });
  actor.start();
  actor.send({ type: 'START', returnPath: '/settings' });
  const output = await toPromise(actor);
  return output.status === 'redirected' ? (queryOf(output.url).state ?? '') : '';
}

async function drive(sut: Sut, event: { type: 'START' } | { type: 'CALLBACK'; url: string }) {
  const actor = createActor(provideSignIn(sut.ports), { input: { config: testAuthConfig }, inspect: recorder.inspect });
  sut.actor = actor;
  actor.start();
  actor.send(event);
  await toPromise(actor);
}

async function callbackWith(sut: Sut, prepare: (ports: TestPorts, state: string) => string) {
  const state = await startIn(sut.ports);
  await drive(sut, { type: 'CALLBACK', url: prepare(sut.ports, state) });
}

describe('sign-in model', () => {
  const testModel = createTestModel(model, everyTransition);
  const paths = testModel.getShortestPaths({ allowDuplicatePaths: true });

  it('has a path for every model transition', () => {
    expect(paths.length).toBeGreaterThanOrEqual(9);
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
          redirected: is('redirected'),
          signedIn: is('signedIn'),
          cancelled: is('cancelled'),
          failed: is('failed'),
        },
        events: {
          START: () => drive(sut, { type: 'START' }),
          START_PROVIDER_DOWN: () => {
            sut.ports.identityProvider.discover = async () => {
              throw new TypeError('down');
            };
            return drive(sut, { type: 'START' });
          },
          CALLBACK_OK: () => callbackWith(sut, (ports, state) => ports.identityProvider.callbackUrlFor(state)),
          CALLBACK_UNKNOWN_STATE: () =>
            drive(sut, { type: 'CALLBACK', url: 'http://localhost:5173/auth/login?code=c&state=AAAAAAAAAAAAAAAA' }),
          CALLBACK_CANCELLED: () =>
            callbackWith(sut, (ports, state) =>
              ports.identityProvider.errorCallbackUrlFor(state, 'access_denied', 'AADB2C90091: cancelled'),
            ),
          CALLBACK_PROVIDER_ERROR: () =>
            callbackWith(sut, (ports, state) =>
              ports.identityProvider.errorCallbackUrlFor(state, 'server_error', 'AADB2C90000: broken'),
            ),
          CALLBACK_EMPTY_CODE: () =>
            callbackWith(sut, (ports, state) =>
              ports.identityProvider.callbackUrlFor(state).replace(/code=[^&]*/, 'code='),
            ),
          CALLBACK_EXCHANGE_FAILS: () =>
            callbackWith(sut, (ports, state) => {
              ports.identityProvider.answerNext(null);
              return ports.identityProvider.callbackUrlFor(state);
            }),
          CALLBACK_STORE_FAILS: () =>
            callbackWith(sut, (ports, state) => {
              ports.sessionStore.write = async () => {
                throw new Error('full');
              };
              return ports.identityProvider.callbackUrlFor(state);
            }),
        },
      });
    });
  }

  it('covered every state and transition of the real machine', () => {
    expect(recorder.missing(signInMachine)).toEqual({ states: [], transitions: [] });
  });
});
