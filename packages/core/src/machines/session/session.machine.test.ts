import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createAccessTokenSource, provideSession, sessionMachine } from './session.machine.ts';
import type { AccessTokenSource } from './session.types.ts';
import { refreshDueIn, userFromSession } from './session.restore.ts';
import { sessionView } from './session.view.ts';
import { signInWith } from './session.test-helpers.ts';
import { createFakeIdentityProvider, createTestPorts, fakeJwt, flushPromises, testAuthConfig } from '../../testing/index.ts';
import type { TestPorts } from '../../testing/index.ts';
import { IdentityProviderError } from '../../errors/errors.ts';
import { retryDecision } from '../../errors/retry.ts';
import { refreshLeadMs } from '../../domain/constants.ts';

function sessionActor(ports: TestPorts) {
  const actor = createActor(provideSession(ports), { input: { config: testAuthConfig }, clock: ports.clock });
  actor.start();
  return actor;
}

type SessionState = 'loading' | 'signedOut' | 'signedIn' | 'refreshing' | 'expired' | 'signingOut';
const settledIn = (actor: ReturnType<typeof sessionActor>, value: SessionState) => waitFor(actor, (s) => s.matches(value));

describe('session: loading', () => {
  it('no stored session → signedOut', async () => {
    const ports = createTestPorts();
    const actor = sessionActor(ports);
    expect(sessionView(actor.getSnapshot()).status).toBe('loading');
    await settledIn(actor, 'signedOut');
    expect(sessionView(actor.getSnapshot())).toEqual({ status: 'signedOut', isSignedIn: false, initials: '' });
  });

  it('a stored session → signedIn with the user from its ID token', async () => {
    const ports = createTestPorts();
    await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    expect(sessionView(actor.getSnapshot())).toMatchObject({ status: 'signedIn', isSignedIn: true, initials: 'DD', user: { fullName: 'Dana Dealer' } });
  });

  it('a broken stored session or unreadable ID token → signedOut', async () => {
    const ports = createTestPorts();
    await ports.sessionStore.write({ accessToken: 'a', accessTokenIsIdToken: false, idToken: 'not-a-jwt', expiresAt: ports.clock.now() + 10_000_000 });
    await settledIn(sessionActor(ports), 'signedOut');
    ports.sessionStore.read = async () => { throw new Error('cookies blocked'); };
    await settledIn(sessionActor(ports), 'signedOut');
  });

  it('a stored session that is due → refreshed first', async () => {
    const ports = createTestPorts();
    await signInWith(ports);
    ports.clock.advance(3600_000);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    expect(ports.identityProvider.calls.refresh).toHaveLength(1);
    expect(actor.getSnapshot().context.session?.expiresAt).toBe(ports.clock.now() + 3600_000);
  });
});

describe('session: refresh', () => {
  it('refreshes before expiry, on the clock', async () => {
    const ports = createTestPorts();
    const { session } = await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    expect(refreshDueIn(session, ports.clock.now())).toBe(3600_000 - refreshLeadMs);
    ports.clock.advance(3600_000 - refreshLeadMs - 1);
    expect(ports.identityProvider.calls.refresh).toHaveLength(0);
    ports.clock.advance(1);
    expect(actor.getSnapshot().value).toBe('refreshing');
    await settledIn(actor, 'signedIn');
    expect(ports.identityProvider.calls.refresh).toHaveLength(1);
    expect(actor.getSnapshot().context.session?.accessToken).not.toBe(session.accessToken);
  });

  it('ten parallel calls with an expired access token: one refresh, each gets the new token', async () => {
    const ports = createTestPorts();
    const { session } = await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    const tokens = createAccessTokenSource(actor, ports.clock);
    ports.identityProvider.hold();
    const calls = Array.from({ length: 10 }, () => tokens.refreshAfterUnauthorized(session.accessToken));
    await flushPromises();
    ports.identityProvider.release();
    const results = await Promise.all(calls);
    expect(ports.identityProvider.calls.refresh).toHaveLength(1);
    expect(new Set(results).size).toBe(1);
    expect(results[0]).not.toBe(session.accessToken);
    // A call that comes later with the old token gets the refreshed one without a new refresh.
    expect(await tokens.refreshAfterUnauthorized(session.accessToken)).toBe(results[0]);
    expect(ports.identityProvider.calls.refresh).toHaveLength(1);
  });

  it('getAccessToken refreshes a due token first, and answers undefined when signed out', async () => {
    const ports = createTestPorts();
    const { session } = await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    const tokens = createAccessTokenSource(actor, ports.clock);
    expect(await tokens.getAccessToken()).toBe(session.accessToken);
    ports.clock.pendingTimers();
    // Time passes without the timer (e.g. a suspended laptop): the token is due on use.
    const due = session.expiresAt - refreshLeadMs;
    (ports.clock as { now: () => number }).now = () => due;
    expect(await tokens.getAccessToken()).not.toBe(session.accessToken);
    actor.send({ type: 'SIGN_OUT' });
    expect(await tokens.getAccessToken()).toBeUndefined();
    expect(await tokens.refreshAfterUnauthorized('x')).toBeUndefined();
  });

  it('two tabs: one refresh (the second tab takes the stored result)', async () => {
    const ports = createTestPorts();
    await signInWith(ports);
    const tabA = sessionActor(ports);
    const tabB = sessionActor(ports);
    await settledIn(tabA, 'signedIn');
    await settledIn(tabB, 'signedIn');
    tabA.send({ type: 'REFRESH' });
    tabB.send({ type: 'REFRESH' });
    await settledIn(tabA, 'signedIn');
    await settledIn(tabB, 'signedIn');
    await flushPromises();
    expect(ports.identityProvider.calls.refresh).toHaveLength(1);
    expect(tabB.getSnapshot().context.session?.accessToken).toBe(tabA.getSnapshot().context.session?.accessToken);
  });

  it('a refresh answer without a refresh token keeps the old one; with one, replaces it', async () => {
    const ports = createTestPorts();
    const { session } = await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    ports.identityProvider.setTokenOptions({ refreshToken: false });
    actor.send({ type: 'REFRESH' });
    await settledIn(actor, 'signedIn');
    expect(ports.sessionStore.current()?.refreshToken).toBe(session.refreshToken);
    ports.identityProvider.setTokenOptions({ refreshToken: true });
    actor.send({ type: 'REFRESH' });
    await settledIn(actor, 'signedIn');
    expect(ports.sessionStore.current()?.refreshToken).not.toBe(session.refreshToken);
    expect(ports.sessionStore.current()?.refreshToken).toMatch(/^refresh-/);
  });

  it('a refresh answer without an ID token keeps the ID token and user; without access token uses the ID token', async () => {
    const ports = createTestPorts();
    const { session } = await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    ports.identityProvider.answerNext({ access_token: 'new-access', expires_in: 60 });
    actor.send({ type: 'REFRESH' });
    await settledIn(actor, 'signedIn');
    expect(ports.sessionStore.current()).toMatchObject({ accessToken: 'new-access', idToken: session.idToken, refreshToken: session.refreshToken });
    ports.identityProvider.setTokenOptions({ accessToken: false });
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('signedIn') && s.context.session?.accessTokenIsIdToken === true);
  });

  it.each([
    ['another sub', { sub: 'someone-else' }],
    ['another iss', { iss: 'https://other-issuer/' }],
  ])('a refreshed ID token with %s → signed out, session cleared', async (_label, patch) => {
    const ports = createTestPorts();
    const { session } = await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    const now = Math.floor(ports.clock.now() / 1000);
    const claims = { iss: ports.identityProvider.issuer, sub: 'user-1', aud: 'hk-portal', iat: now, exp: now + 3600, ...patch };
    ports.identityProvider.answerNext({ access_token: 'a2', id_token: fakeJwt(claims), refresh_token: 'r2', expires_in: 3600, idTokenClaims: claims });
    actor.send({ type: 'REFRESH' });
    await settledIn(actor, 'signedOut');
    expect(ports.sessionStore.current()).toBeUndefined();
    expect(sessionView(actor.getSnapshot())).toMatchObject({ status: 'signedOut', reason: 'auth.subjectChanged' });
    expect(session.accessToken).toBeDefined();
  });

  it('after a claims refresh the tokens are refreshed at the policy that issued them (each policy is its own issuer)', async () => {
    const ports = createTestPorts();
    await signInWith(ports);
    const refreshIssuer = 'http://localhost:4001/b2c_1a_refresh/v2.0';
    const discover = ports.identityProvider.discover.bind(ports.identityProvider);
    ports.identityProvider.discover = async (policy) => ({ ...(await discover(policy)), ...(policy === testAuthConfig.policies.refresh ? { issuer: refreshIssuer } : {}) });
    const now = Math.floor(ports.clock.now() / 1000);
    const claims = { iss: refreshIssuer, sub: 'user-1', aud: 'hk-portal', iat: now, exp: now + 3600 };
    await ports.sessionStore.write({ accessToken: 'a1', accessTokenIsIdToken: false, idToken: fakeJwt(claims), refreshToken: 'r1', expiresAt: ports.clock.now() + 3600_000 });
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    ports.identityProvider.answerNext({ access_token: 'a2', id_token: fakeJwt(claims), refresh_token: 'r2', expires_in: 3600, idTokenClaims: claims });
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('signedIn') && s.context.session?.accessToken === 'a2');
    expect(ports.identityProvider.calls.refresh.at(-1)?.policy).toBe(testAuthConfig.policies.refresh);
  });

  it('a refreshed ID token that fails its checks → signed out', async () => {
    const ports = createTestPorts();
    await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    ports.identityProvider.answerNext({ access_token: 'a2', id_token: 'x.y.z', expires_in: 3600, idTokenClaims: { iss: ports.identityProvider.issuer, sub: 'user-1', aud: 'other', iat: 0, exp: 0 } });
    actor.send({ type: 'REFRESH' });
    await settledIn(actor, 'signedOut');
    expect(sessionView(actor.getSnapshot()).reason).toBe('auth.invalidIdToken');
  });

  it('invalid_grant → expired and cleared; network failure or a broken answer → expired, tokens kept', async () => {
    const ports = createTestPorts();
    await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    ports.identityProvider.failNext(new TypeError('Failed to fetch'));
    actor.send({ type: 'REFRESH' });
    await settledIn(actor, 'expired');
    expect(sessionView(actor.getSnapshot())).toMatchObject({ status: 'expired', isSignedIn: false, reason: 'auth.network' });
    expect(ports.sessionStore.current()).toBeDefined();
    ports.identityProvider.answerNext('<html>502</html>');
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('expired') && s.context.error?.kind === 'auth' && s.context.error.code === 'auth.invalidTokenResponse');
    ports.identityProvider.failNext(new IdentityProviderError('invalid_grant'));
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('expired') && s.context.error?.kind === 'auth' && s.context.error.code === 'auth.sessionExpired');
    expect(ports.sessionStore.current()).toBeUndefined();
  });

  it('no refresh token → expired; a new sign-in recovers', async () => {
    const ports = createTestPorts();
    ports.identityProvider.setTokenOptions({ refreshToken: false });
    const loaded = await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    actor.send({ type: 'REFRESH' });
    await settledIn(actor, 'expired');
    expect(sessionView(actor.getSnapshot()).reason).toBe('auth.sessionExpired');
    actor.send({ type: 'SIGNED_IN', ...loaded });
    await settledIn(actor, 'signedIn');
  });
});

describe('session: sign-in and sign-out', () => {
  it('SIGNED_IN from signedOut and again from signedIn', async () => {
    const ports = createTestPorts();
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedOut');
    const loaded = await signInWith(ports);
    actor.send({ type: 'SIGNED_IN', ...loaded });
    expect(actor.getSnapshot().value).toBe('signedIn');
    actor.send({ type: 'SIGNED_IN', ...loaded });
    expect(actor.getSnapshot().context.user?.id).toBe('user-1');
  });

  it('sign-out clears the session and ends the provider session with id_token_hint', async () => {
    const ports = createTestPorts();
    const { session } = await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    actor.send({ type: 'SIGN_OUT' });
    await settledIn(actor, 'signedOut');
    expect(ports.sessionStore.current()).toBeUndefined();
    expect(ports.identityProvider.calls.endSession[0]).toEqual({ policy: 'b2c_1a_signin', idTokenHint: session.idToken, postLogoutRedirectUri: 'http://localhost:5173/auth/logout-success' });
    expect(ports.navigator.log.at(-1)?.url).toMatch(/^http:\/\/localhost:4001\/b2c_1a_signin\/oauth2\/v2.0\/logout\?/);
  });

  it('sign-out works when the provider is down, and from expired or refreshing', async () => {
    const ports = createTestPorts();
    await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    ports.identityProvider.endSessionUrl = async () => { throw new TypeError('down'); };
    ports.sessionStore.clear = async () => { throw new Error('blocked'); };
    ports.identityProvider.hold();
    actor.send({ type: 'REFRESH' });
    actor.send({ type: 'SIGN_OUT' });
    await settledIn(actor, 'signedOut');
    ports.identityProvider.release();
    expect(ports.navigator.log.at(-1)).toEqual({ kind: 'redirect', url: 'http://localhost:5173/auth/logout-success' });
  });

  it('sign-out from expired, without a session, and with a provider that has no end-session endpoint', async () => {
    const ports = createTestPorts();
    ports.identityProvider.endSessionUrl = async () => undefined;
    const actor = createActor(provideSession(ports), { input: { config: testAuthConfig, postLogoutRedirectUri: 'http://localhost:5173/bye' }, clock: ports.clock });
    actor.start();
    await settledIn(actor, 'signedOut');
    const loaded = await signInWith(ports);
    actor.send({ type: 'SIGNED_IN', ...loaded });
    ports.identityProvider.failNext(new TypeError('x'));
    actor.send({ type: 'REFRESH' });
    await settledIn(actor, 'expired');
    actor.send({ type: 'REFRESH' });
    await settledIn(actor, 'signedIn');
    ports.identityProvider.failNext(new TypeError('x'));
    actor.send({ type: 'REFRESH' });
    await settledIn(actor, 'expired');
    actor.send({ type: 'SIGN_OUT' });
    await settledIn(actor, 'signedOut');
    expect(ports.navigator.log.at(-1)).toEqual({ kind: 'redirect', url: 'http://localhost:5173/bye' });
  });

  it('helpers', () => {
    expect(refreshDueIn(undefined, 0)).toBe(2_147_483_647);
    expect(userFromSession({ accessToken: 'a', accessTokenIsIdToken: false, idToken: 'bad', expiresAt: 0 })).toBeUndefined();
    expect(createFakeIdentityProvider({ clock: createTestPorts().clock }).issuer).toMatch(/^http/);
  });

  it('the unprovided machine refuses to run', () => {
    const actor = createActor(sessionMachine, { input: { config: testAuthConfig } });
    actor.start();
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe('session: API 401 with many calls', () => {
  /** A call as the HTTP adapter runs it: core's `retryDecision` after every answer, the session's token source. */
  async function call(tokens: AccessTokenSource, answer: (token: string | undefined) => number, now: number) {
    let token = await tokens.getAccessToken();
    let refreshed = false;
    for (;;) {
      const decision = retryDecision({ method: 'GET', status: answer(token), retries: 0, authorised: true, refreshed, now });
      if (decision.action !== 'refresh') return { decision: decision.action, token };
      refreshed = true;
      const renewed = await tokens.refreshAfterUnauthorized(token);
      if (renewed === undefined) return { decision: 'unauthenticated', token };
      token = renewed;
    }
  }

  it('ten parallel calls answered 401: one refresh, each call retried once with the new token', async () => {
    const ports = createTestPorts();
    const { session } = await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    const tokens = createAccessTokenSource(actor, ports.clock);
    const seen: (string | undefined)[] = [];
    const answer = (token: string | undefined) => {
      seen.push(token);
      return token === session.accessToken ? 401 : 200;
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => call(tokens, answer, ports.clock.now())));
    expect(ports.identityProvider.calls.refresh).toHaveLength(1);
    expect(seen).toHaveLength(20);
    expect(new Set(results.map((result) => result.token)).size).toBe(1);
    expect(results.every((result) => result.decision === 'answer')).toBe(true);
    expect(results[0]?.token).not.toBe(session.accessToken);
  });

  it('still 401 after the refresh: unauthenticated, after one refresh for all', async () => {
    const ports = createTestPorts();
    await signInWith(ports);
    const actor = sessionActor(ports);
    await settledIn(actor, 'signedIn');
    const tokens = createAccessTokenSource(actor, ports.clock);
    const results = await Promise.all(Array.from({ length: 3 }, () => call(tokens, () => 401, ports.clock.now())));
    expect(results.map((result) => result.decision)).toEqual(['unauthenticated', 'unauthenticated', 'unauthenticated']);
    expect(ports.identityProvider.calls.refresh).toHaveLength(1);
  });
});
