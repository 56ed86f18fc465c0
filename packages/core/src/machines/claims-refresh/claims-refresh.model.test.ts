import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { claimsRefreshMachine, provideClaimsRefresh } from './claims-refresh.machine.ts';
import { createTestPorts, flushPromises, queryOf, testAuthConfig } from '../../testing/index.ts';
import type { TestPorts } from '../../testing/index.ts';
import { createCoverageRecorder, everyTransition } from '../../testing/model-coverage.ts';

const model = createMachine({
  id: 'claimsRefreshModel',
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: 'redirected',
        START_PROVIDER_DOWN: 'failed',
        CALLBACK_OK: 'sleeping',
        CALLBACK_UNKNOWN_STATE: 'failed',
        CALLBACK_CANCELLED: 'cancelled',
        CALLBACK_PROVIDER_ERROR: 'failed',
        CALLBACK_EXCHANGE_FAILS: 'failed',
        CALLBACK_STORE_FAILS: 'failed',
      },
    },
    sleeping: { on: { SLEEP_ELAPSED: 'refreshed' } },
    redirected: { type: 'final' },
    refreshed: { type: 'final' },
    cancelled: { type: 'final' },
    failed: { type: 'final' },
  },
});

const recorder = createCoverageRecorder();
type Actor = ReturnType<typeof createActor<ReturnType<typeof provideClaimsRefresh>>>;

describe('claims-refresh model', () => {
  const paths = createTestModel(model, everyTransition).getShortestPaths({ allowDuplicatePaths: true });

  for (const path of paths) {
    it(path.description, async () => {
      const ports: TestPorts = createTestPorts();
      let actor: Actor | undefined;
      const drive = async (
        event: { type: 'START'; refresh: { redirectUri: string; sleep: number } } | { type: 'CALLBACK'; url: string },
      ) => {
        actor = createActor(provideClaimsRefresh(ports), {
          input: { config: testAuthConfig },
          clock: ports.clock,
          inspect: recorder.inspect,
        });
        actor.start();
        actor.send(event);
        await flushPromises(60);
      };
      const callbackWith = async (prepare: (state: string) => string) => {
        const starter = createActor(provideClaimsRefresh(ports), {
          input: { config: testAuthConfig },
          clock: ports.clock,
        });
        starter.start();
        starter.send({ type: 'START', refresh: { redirectUri: 'http://localhost:4002/', sleep: 1000 } });
        await flushPromises(60);
        const output = starter.getSnapshot().output;
        const state = output?.status === 'redirected' ? (queryOf(output.url).state ?? '') : '';
        await drive({ type: 'CALLBACK', url: prepare(state) });
      };
      const is = (value: string) => () => {
        expect(actor === undefined ? 'idle' : actor.getSnapshot().value).toBe(value);
      };
      await path.test({
        states: {
          idle: is('idle'),
          sleeping: is('sleeping'),
          redirected: is('redirected'),
          refreshed: is('refreshed'),
          cancelled: is('cancelled'),
          failed: is('failed'),
        },
        events: {
          START: () => drive({ type: 'START', refresh: { redirectUri: '/', sleep: 0 } }),
          START_PROVIDER_DOWN: () => {
            ports.identityProvider.discover = async () => {
              throw new TypeError('down');
            };
            return drive({ type: 'START', refresh: { redirectUri: '/', sleep: 0 } });
          },
          CALLBACK_OK: () => callbackWith((state) => ports.identityProvider.callbackUrlFor(state)),
          CALLBACK_UNKNOWN_STATE: () =>
            drive({ type: 'CALLBACK', url: 'http://localhost:5173/flows/auth-refresh?code=c&state=AAAAAAAAAAAAAAAA' }),
          CALLBACK_CANCELLED: () =>
            callbackWith((state) =>
              ports.identityProvider.errorCallbackUrlFor(state, 'access_denied', 'AADB2C90091: cancelled'),
            ),
          CALLBACK_PROVIDER_ERROR: () =>
            callbackWith((state) =>
              ports.identityProvider.errorCallbackUrlFor(state, 'server_error', 'AADB2C90000: x'),
            ),
          CALLBACK_EXCHANGE_FAILS: () =>
            callbackWith((state) => {
              ports.identityProvider.answerNext('<html>');
              return ports.identityProvider.callbackUrlFor(state);
            }),
          CALLBACK_STORE_FAILS: () =>
            callbackWith((state) => {
              ports.sessionStore.write = async () => {
                throw new Error('full');
              };
              return ports.identityProvider.callbackUrlFor(state);
            }),
          SLEEP_ELAPSED: () => {
            ports.clock.advance(1000);
          },
        },
      });
    });
  }

  it('covered every state and transition of the real machine', () => {
    expect(recorder.missing(claimsRefreshMachine)).toEqual({ states: [], transitions: [] });
  });
});
