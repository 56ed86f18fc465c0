import { describe, expect, it } from 'vitest';
import { createRemoteSessionHandle, decodeBootError, decodeSignedInUser } from './session.remote.ts';
import type { SignedInUser } from '../../domain/user.ts';
import { flushPromises } from '../../testing/index.ts';

const user: SignedInUser = {
  id: 'u1',
  issuer: 'http://idp/b2c_1a_signin/v2.0',
  fullName: 'Dana Dealer',
  hkData: {
    attributes: { firstName: 'Dana', lastName: 'Dealer' },
    permissions: ['applications.read'],
    internal: false,
  },
};

function handle(signOut: () => Promise<string>, signedIn = true) {
  const who = signedIn ? user : undefined;
  const redirects: string[] = [];
  const session = createRemoteSessionHandle({
    user: who,
    signOut,
    signedOutPath: '/auth/logout-success',
    navigator: { redirect: (url) => redirects.push(url) },
  });
  return { session, redirects };
}

describe('the session kept by the portal server', () => {
  it("starts signed in with the server's user, with no token in the page", async () => {
    const { session } = handle(() => Promise.resolve('/x'));
    expect(session.view()).toMatchObject({ status: 'signedIn', isSignedIn: true, user, initials: 'DD' });
    expect(session).not.toHaveProperty('getAccessToken');
  });

  it('starts signed out without a user', () => {
    expect(handle(() => Promise.resolve('/x'), false).session.view()).toMatchObject({
      status: 'signedOut',
      isSignedIn: false,
    });
  });

  it("a 401 after the server's own refresh ends the session once, with the reason", async () => {
    const { session } = handle(() => Promise.resolve('/x'));
    let changes = 0;
    session.subscribe(() => {
      changes += 1;
    });
    session.ended();
    session.ended();
    expect(session.view()).toMatchObject({ status: 'signedOut', reason: 'auth.sessionExpired' });
    expect(changes).toBe(1);
  });

  it('sign-out asks the server and goes where it says; once', async () => {
    let calls = 0;
    const { session, redirects } = handle(() => {
      calls += 1;
      return Promise.resolve('http://idp/logout?id_token_hint=x');
    });
    session.send({ type: 'SIGN_OUT' });
    session.send({ type: 'SIGN_OUT' });
    expect(session.view().status).toBe('signingOut');
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toBe(1);
    expect(redirects).toEqual(['http://idp/logout?id_token_hint=x']);
  });

  it('when the server cannot be asked, sign-out still ends on the sign-out page', async () => {
    const { session, redirects } = handle(() => Promise.reject(new Error('offline')));
    session.send({ type: 'SIGN_OUT' });
    await flushPromises();
    expect(redirects).toEqual(['/auth/logout-success']);
  });
});

describe('boot data decoders', () => {
  it('a signed-in user, fail-closed', () => {
    expect(decodeSignedInUser({ ...user, email: 'd@x.test' })).toMatchObject({
      id: 'u1',
      email: 'd@x.test',
      hkData: { permissions: ['applications.read'] },
    });
    expect(decodeSignedInUser({ ...user, hkData: 'junk' })?.hkData.permissions).toEqual([]);
    for (const bad of [null, 'x', {}, { ...user, id: '' }, { ...user, issuer: 1 }, { ...user, email: 3 }])
      expect(decodeSignedInUser(bad)).toBeUndefined();
  });

  it('a sign-in error: known auth codes and page statuses, anything else 500', () => {
    expect(decodeBootError({ kind: 'auth', code: 'auth.identityProvider', detail: 'AADB2C90118: forgot' })).toEqual({
      kind: 'auth',
      status: 500,
      code: 'auth.identityProvider',
      detail: 'AADB2C90118: forgot',
    });
    expect(decodeBootError({ kind: 'auth', code: 'auth.nope' })).toEqual({ kind: 'unexpected', status: 500 });
    expect(decodeBootError({ kind: 'page', status: 403 })).toEqual({ kind: 'page', status: 403 });
    expect(decodeBootError('x')).toBeUndefined();
  });
});
