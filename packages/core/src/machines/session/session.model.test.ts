import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { provideSession, sessionMachine } from './session.machine.ts';
import { sessionView } from './session.view.ts';
import { signInWith } from './session.test-helpers.ts';
import { createDeferred, createTestPorts, fakeJwt, flushPromises, testAuthConfig } from '../../testing/index.ts';
import type { Deferred } from '../../testing/index.ts';
import { createCoverageRecorder, everyTransition } from '../../testing/model-coverage.ts';
import type { StoredSession, TokenResponse } from '../../domain/auth.ts';
import { IdentityProviderError } from '../../errors/errors.ts';

const model = createMachine({
  id: 'sessionModel',
  initial: 'loading',
  states: {
    loading: { on: { LOADED_NONE: 'signedOut', LOADED_VALID: 'signedIn', LOADED_DUE: 'refreshing', LOAD_FAILS: 'signedOut' } },
    signedOut: { on: { SIGNED_IN: 'signedIn' } },
    signedIn: { on: { REFRESH: 'refreshing', TIMER: 'refreshing', SIGN_OUT: 'signingOut', SIGNED_IN: 'signedIn' } },
    refreshing: {
      on: {
        GRANT_OK: 'signedIn', GRANT_OTHER_SUBJECT: 'signedOut', GRANT_FAILS: 'expired', REFRESH: 'refreshing', SIGN_OUT: 'signingOut',
      },
    },
    expired: { on: { REFRESH: 'refreshing', SIGN_OUT: 'signingOut', SIGNED_IN: 'signedIn' } },
    signingOut: { on: { ENDED: 'signedOut' } },
  },
});

const recorder = createCoverageRecorder();

describe('session model', () => {
  for (const path of createTestModel(model, everyTransition).getShortestPaths({ allowDuplicatePaths: true })) {
    it(path.description, async () => {
      const ports = createTestPorts();
      const loaded = await signInWith(ports);
      const read = ports.sessionStore.read.bind(ports.sessionStore);
      // The first read (loading) waits for the model; later reads (inside a refresh) are real.
      const load: Deferred<StoredSession | undefined> = createDeferred<StoredSession | undefined>();
      let first = true;
      ports.sessionStore.read = async () => {
        if (!first) return read();
        first = false;
        return load.promise;
      };
      let grant = createDeferred<TokenResponse>();
      ports.identityProvider.refresh = () => (grant = createDeferred<TokenResponse>()).promise;
      let ending = createDeferred<string | undefined>();
      ports.identityProvider.endSessionUrl = () => (ending = createDeferred<string | undefined>()).promise;
      const actor = createActor(provideSession(ports), { input: { config: testAuthConfig }, clock: ports.clock, inspect: recorder.inspect });
      actor.start();
      const settle = () => flushPromises(60);
      const send = async (event: Parameters<typeof actor.send>[0]) => {
        actor.send(event);
        await settle();
      };
      const tokens = (sub: string): TokenResponse => {
        const now = Math.floor(ports.clock.now() / 1000);
        const claims = { iss: ports.identityProvider.issuer, sub, aud: 'hk-portal', iat: now, exp: now + 3600 };
        return { access_token: `a-${now}`, id_token: fakeJwt(claims), refresh_token: 'r-next', expires_in: 3600, idTokenClaims: claims };
      };
      const is = (value: string) => () => {
        expect(actor.getSnapshot().value).toBe(value);
        expect(sessionView(actor.getSnapshot()).status).toBe(value);
      };
      await path.test({
        states: Object.fromEntries(Object.keys(model.config.states ?? {}).map((key) => [key, is(key)])),
        events: {
          LOADED_NONE: async () => {
            load.resolve(undefined);
            await settle();
          },
          LOADED_VALID: async () => {
            load.resolve(loaded.session);
            await settle();
          },
          LOADED_DUE: async () => {
            load.resolve({ ...loaded.session, expiresAt: ports.clock.now() });
            await settle();
          },
          LOAD_FAILS: async () => {
            load.reject(new Error('cookies blocked'));
            await settle();
          },
          SIGNED_IN: () => send({ type: 'SIGNED_IN', ...loaded }),
          REFRESH: () => send({ type: 'REFRESH' }),
          SIGN_OUT: () => send({ type: 'SIGN_OUT' }),
          TIMER: async () => {
            ports.clock.advance(3600_000);
            await settle();
          },
          GRANT_OK: async () => {
            grant.resolve(tokens('user-1'));
            await settle();
          },
          GRANT_OTHER_SUBJECT: async () => {
            grant.resolve(tokens('intruder'));
            await settle();
          },
          GRANT_FAILS: async () => {
            grant.reject(new IdentityProviderError('invalid_grant'));
            await settle();
          },
          ENDED: async () => {
            ending.resolve('http://localhost:4001/logout');
            await settle();
          },
        },
      });
    });
  }

  it('covered every state and transition of the real machine', () => {
    expect(recorder.missing(sessionMachine)).toEqual({ states: [], transitions: [] });
  });
});
