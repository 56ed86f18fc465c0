import { describe, expect, it, vi } from 'vitest';
import { refreshSession, signOut } from './session.actors.ts';
import { refreshDueIn, refreshLead, userFromSession } from './session.restore.ts';
import { signInWith } from './session.test-helpers.ts';
import {
  createFakeIdentityProvider,
  createMemoryLock,
  createMemorySessionStore,
  createTestPorts,
  fakeJwt,
  testAuthConfig,
} from '../../testing/index.ts';
import type { TestPorts } from '../../testing/index.ts';
import { IdentityProviderError, toPortalError } from '../../errors/errors.ts';
import { refreshLeadMs } from '../../domain/constants.ts';

// The steps the portal server runs over its session store (issue #15): refresh under the
// lock, sign out. The store here is core's in-memory fake, the provider core's fake.

async function signedIn() {
  const ports = createTestPorts();
  const loaded = await signInWith(ports);
  return { ports, ...loaded };
}

const refresh = (ports: TestPorts, loaded: Awaited<ReturnType<typeof signedIn>>) =>
  refreshSession(ports, { config: testAuthConfig, session: loaded.session, user: loaded.user });

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    const failure = toPortalError(error);
    return failure.kind === 'auth' ? failure.code : failure.kind;
  }
};

describe('refreshSession', () => {
  it('refreshes, stores the new tokens and keeps the user', async () => {
    const given = await signedIn();
    const next = await refresh(given.ports, given);
    expect(next.session.accessToken).not.toBe(given.session.accessToken);
    expect(next.user.id).toBe(given.user.id);
    expect(given.ports.sessionStore.current()).toEqual(next.session);
    expect(given.ports.identityProvider.calls.refresh).toHaveLength(1);
  });

  it('a second caller with the old session takes what the first stored: one refresh', async () => {
    const given = await signedIn();
    const [a, b] = await Promise.all([refresh(given.ports, given), refresh(given.ports, given)]);
    expect(b.session.accessToken).toBe(a.session.accessToken);
    expect(given.ports.identityProvider.calls.refresh).toHaveLength(1);
  });

  it('two sessions, each under its own lock, refresh side by side: the second is answered while the first is held at the provider', async () => {
    const a = await signedIn();
    const portsB: TestPorts = { ...a.ports, sessionStore: createMemorySessionStore(), lock: createMemoryLock() };
    const b = { ports: portsB, ...(await signInWith(portsB)) };
    const provider = a.ports.identityProvider;
    const slow = provider.holdNext();
    let aDone = false;
    const first = refresh(a.ports, a).then((next) => {
      aDone = true;
      return next;
    });
    await vi.waitFor(() => expect(provider.calls.refresh).toHaveLength(1));
    const second = await refresh(b.ports, b);
    expect(second.session.accessToken).not.toBe(b.session.accessToken);
    expect(aDone).toBe(false);
    slow.resolve();
    expect((await first).session.accessToken).not.toBe(a.session.accessToken);
    expect(provider.calls.refresh).toHaveLength(2);
  });

  it("a session's own lock is held through the provider's answer: its second refresh waits, then takes the first's tokens", async () => {
    const given = await signedIn();
    const slow = given.ports.identityProvider.holdNext();
    const first = refresh(given.ports, given);
    const second = refresh(given.ports, given);
    await vi.waitFor(() => expect(given.ports.identityProvider.calls.refresh).toHaveLength(1));
    slow.resolve();
    const [a, b] = await Promise.all([first, second]);
    expect(b.session).toEqual(a.session);
    expect(given.ports.identityProvider.calls.refresh).toHaveLength(1);
  });

  it('a refreshed session records when it was granted (the lifetime that caps the lead)', async () => {
    const given = await signedIn();
    given.ports.clock.advance(5_000);
    const next = await refresh(given.ports, given);
    expect(next.session.issuedAt).toBe(given.ports.clock.now());
    expect(next.session.expiresAt - (next.session.issuedAt ?? 0)).toBe(3_600_000);
  });

  it('an answer without a refresh token keeps the old one; with one, replaces it', async () => {
    const given = await signedIn();
    given.ports.identityProvider.setTokenOptions({ refreshToken: false });
    const kept = await refresh(given.ports, given);
    expect(kept.session.refreshToken).toBe(given.session.refreshToken);
    given.ports.identityProvider.setTokenOptions({ refreshToken: true });
    const replaced = await refresh(given.ports, { ...given, session: kept.session });
    expect(replaced.session.refreshToken).toMatch(/^refresh-/);
    expect(replaced.session.refreshToken).not.toBe(given.session.refreshToken);
  });

  it('an answer without an ID token keeps ID token and user; without an access token uses the ID token', async () => {
    const given = await signedIn();
    given.ports.identityProvider.answerNext({ access_token: 'new-access', expires_in: 60 });
    const next = await refresh(given.ports, given);
    expect(next.session).toMatchObject({
      accessToken: 'new-access',
      idToken: given.session.idToken,
      refreshToken: given.session.refreshToken,
    });
    given.ports.identityProvider.setTokenOptions({ accessToken: false });
    const idOnly = await refresh(given.ports, { ...given, session: next.session });
    expect(idOnly.session.accessTokenIsIdToken).toBe(true);
  });

  it.each([
    ['another sub', { sub: 'someone-else' }],
    ['another iss', { iss: 'https://other-issuer/' }],
  ])('a refreshed ID token of %s → auth.subjectChanged, store cleared', async (_label, patch) => {
    const given = await signedIn();
    const now = Math.floor(given.ports.clock.now() / 1000);
    const claims = {
      iss: given.ports.identityProvider.issuer,
      sub: 'user-1',
      aud: 'hk-portal',
      iat: now,
      exp: now + 3600,
      ...patch,
    };
    given.ports.identityProvider.answerNext({
      access_token: 'a2',
      id_token: fakeJwt(claims),
      refresh_token: 'r2',
      expires_in: 3600,
      idTokenClaims: claims,
    });
    expect(await codeOf(refresh(given.ports, given))).toBe('auth.subjectChanged');
    expect(given.ports.sessionStore.current()).toBeUndefined();
  });

  it('a refreshed ID token without the data claim keeps the data the session had (a standard provider)', async () => {
    const given = await signedIn();
    const now = Math.floor(given.ports.clock.now() / 1000);
    const claims = { iss: given.user.issuer, sub: 'user-1', aud: 'hk-portal', iat: now, exp: now + 3600 };
    const withData = { ...given.user, hkData: { ...given.user.hkData, permissions: ['roles.read'] } };
    given.ports.identityProvider.answerNext({
      access_token: 'a2',
      id_token: fakeJwt(claims),
      expires_in: 3600,
      idTokenClaims: claims,
    });
    const next = await refreshSession(given.ports, { config: testAuthConfig, session: given.session, user: withData });
    expect(next.user.hkData.permissions).toEqual(['roles.read']);
  });

  it('a refreshed ID token that fails its checks → auth.invalidIdToken', async () => {
    const given = await signedIn();
    given.ports.identityProvider.answerNext({
      access_token: 'a2',
      id_token: 'x.y.z',
      expires_in: 3600,
      idTokenClaims: { iss: given.ports.identityProvider.issuer, sub: 'user-1', aud: 'other', iat: 0, exp: 0 },
    });
    expect(await codeOf(refresh(given.ports, given))).toBe('auth.invalidIdToken');
  });

  it('after a claims refresh the tokens are refreshed at the policy that issued them', async () => {
    const ports = createTestPorts();
    await signInWith(ports);
    const refreshIssuer = 'http://localhost:4001/b2c_1a_refresh/v2.0';
    const discover = ports.identityProvider.discover.bind(ports.identityProvider);
    ports.identityProvider.discover = async (policy) => ({
      ...(await discover(policy)),
      ...(policy === testAuthConfig.policies.refresh ? { issuer: refreshIssuer } : {}),
    });
    const now = Math.floor(ports.clock.now() / 1000);
    const claims = { iss: refreshIssuer, sub: 'user-1', aud: 'hk-portal', iat: now, exp: now + 3600 };
    const session = {
      accessToken: 'a1',
      accessTokenIsIdToken: false,
      idToken: fakeJwt(claims),
      refreshToken: 'r1',
      expiresAt: ports.clock.now() + 3600_000,
      // Recorded by the claims refresh: the tokens' policy, never guessed from their issuer.
      policy: testAuthConfig.policies.refresh,
    };
    await ports.sessionStore.write(session);
    const user = userFromSession(session, ports.userIds);
    if (user === undefined) throw new Error('no user');
    ports.identityProvider.answerNext({
      access_token: 'a2',
      id_token: fakeJwt(claims),
      refresh_token: 'r2',
      expires_in: 3600,
      idTokenClaims: claims,
    });
    const next = await refreshSession(ports, { config: testAuthConfig, session, user });
    expect(next.session.accessToken).toBe('a2');
    expect(ports.identityProvider.calls.refresh.at(-1)?.policy).toBe(testAuthConfig.policies.refresh);
  });

  it('a B2C tenant names one issuer for every policy: the recorded policy decides where to refresh', async () => {
    const ports = createTestPorts();
    const { session, user } = await signInWith(ports);
    expect(session.policy).toBe(testAuthConfig.policies.signIn);
    const afterClaimsRefresh = { ...session, policy: testAuthConfig.policies.refresh };
    const now = Math.floor(ports.clock.now() / 1000);
    const claims = { iss: user.issuer, sub: user.id, aud: 'hk-portal', iat: now, exp: now + 3600 };
    ports.identityProvider.answerNext({ access_token: 'a2', expires_in: 3600, idTokenClaims: claims });
    const next = await refreshSession(ports, { config: testAuthConfig, session: afterClaimsRefresh, user });
    expect(ports.identityProvider.calls.refresh.at(-1)?.policy).toBe(testAuthConfig.policies.refresh);
    expect(next.session.policy).toBe(testAuthConfig.policies.refresh);
  });

  it('invalid_grant → auth.sessionExpired and cleared; a network failure or a broken answer keeps the tokens', async () => {
    const given = await signedIn();
    given.ports.identityProvider.failNext(new TypeError('Failed to fetch'));
    expect(await codeOf(refresh(given.ports, given))).toBe('auth.network');
    expect(given.ports.sessionStore.current()).toBeDefined();
    given.ports.identityProvider.answerNext('<html>502</html>');
    expect(await codeOf(refresh(given.ports, given))).toBe('auth.invalidTokenResponse');
    expect(given.ports.sessionStore.current()).toBeDefined();
    given.ports.identityProvider.failNext(new IdentityProviderError('invalid_grant'));
    expect(await codeOf(refresh(given.ports, given))).toBe('auth.sessionExpired');
    expect(given.ports.sessionStore.current()).toBeUndefined();
  });

  it('no refresh token → auth.sessionExpired without asking the provider', async () => {
    const ports = createTestPorts();
    ports.identityProvider.setTokenOptions({ refreshToken: false });
    const given = { ports, ...(await signInWith(ports)) };
    expect(await codeOf(refresh(ports, given))).toBe('auth.sessionExpired');
    expect(ports.identityProvider.calls.refresh).toHaveLength(0);
  });
});

describe('signOut', () => {
  it('clears the session and answers the end-session URL with id_token_hint', async () => {
    const given = await signedIn();
    const to = await signOut(given.ports, {
      config: testAuthConfig,
      idToken: given.session.idToken,
      postLogoutRedirectUri: 'http://localhost:5173/auth/logout-success',
    });
    expect(given.ports.sessionStore.current()).toBeUndefined();
    expect(given.ports.identityProvider.calls.endSession[0]).toEqual({
      policy: 'b2c_1a_signin',
      idTokenHint: given.session.idToken,
      postLogoutRedirectUri: 'http://localhost:5173/auth/logout-success',
    });
    expect(to).toMatch(/^http:\/\/localhost:4001\/b2c_1a_signin\/oauth2\/v2.0\/logout\?/);
  });

  it('with the provider down, a store that fails, or no end-session endpoint: the sign-out page', async () => {
    const given = await signedIn();
    given.ports.identityProvider.endSessionUrl = async () => {
      throw new TypeError('down');
    };
    given.ports.sessionStore.clear = async () => {
      throw new Error('blocked');
    };
    expect(
      await signOut(given.ports, { config: testAuthConfig, postLogoutRedirectUri: 'http://localhost:5173/bye' }),
    ).toBe('http://localhost:5173/bye');
    given.ports.identityProvider.endSessionUrl = async () => undefined;
    expect(
      await signOut(given.ports, { config: testAuthConfig, postLogoutRedirectUri: 'http://localhost:5173/bye' }),
    ).toBe('http://localhost:5173/bye');
  });
});

describe('the refresh lead, capped by the token lifetime', () => {
  /** Signed in at the fake provider with access tokens of `seconds`. */
  async function signedInFor(seconds: number) {
    const base = createTestPorts();
    const ports: TestPorts = {
      ...base,
      identityProvider: createFakeIdentityProvider({ clock: base.clock, expiresIn: seconds }),
    };
    return { ports, ...(await signInWith(ports)) };
  }

  it('60-second tokens: not due 10 s after the grant, due 40 s after it; the refreshed ones again after half their life', async () => {
    const given = await signedInFor(60);
    const granted = given.ports.clock.now();
    expect(refreshLead(given.session)).toBe(30_000);
    given.ports.clock.advance(10_000);
    expect(refreshDueIn(given.session, given.ports.clock.now())).toBe(20_000);
    given.ports.clock.advance(30_000);
    expect(refreshDueIn(given.session, given.ports.clock.now())).toBe(0);
    const next = await refresh(given.ports, given);
    expect(given.ports.identityProvider.calls.refresh).toHaveLength(1);
    expect(next.session.expiresAt).toBe(granted + 100_000);
    given.ports.clock.advance(10_000);
    expect(refreshDueIn(next.session, given.ports.clock.now())).toBe(20_000);
    given.ports.clock.advance(20_000);
    expect(refreshDueIn(next.session, given.ports.clock.now())).toBe(0);
  });

  it('a long-lived token keeps the full lead; 90-second tokens get 45 s', async () => {
    expect(refreshLead((await signedInFor(3600)).session)).toBe(refreshLeadMs);
    expect(refreshLead((await signedInFor(121)).session)).toBe(refreshLeadMs);
    expect(refreshLead((await signedInFor(90)).session)).toBe(45_000);
  });

  it("the grant time: the stored one, else the access token's iat (a JWT), else the ID token's; unknown: the full lead", () => {
    const at = Date.UTC(2026, 0, 15, 9, 0, 0);
    const jwt = (iatMs: number) => fakeJwt({ sub: 'u', iat: iatMs / 1000, exp: iatMs / 1000 + 60 });
    const session = {
      accessToken: jwt(at),
      accessTokenIsIdToken: false,
      idToken: jwt(at - 20_000),
      expiresAt: at + 60_000,
    };
    expect(refreshLead({ ...session, issuedAt: at + 20_000 })).toBe(20_000);
    expect(refreshLead(session)).toBe(30_000);
    expect(refreshLead({ ...session, accessToken: 'opaque' })).toBe(40_000);
    expect(refreshLead({ ...session, accessToken: 'opaque', idToken: 'not-a-jwt' })).toBe(refreshLeadMs);
    expect(refreshLead({ ...session, issuedAt: at + 70_000 })).toBe(0);
  });
});

describe('restore helpers', () => {
  it('refresh is due refreshLeadMs before expiry, never negative, at most the longest timer', async () => {
    const { ports, session } = await signedIn();
    const now = ports.clock.now();
    expect(refreshDueIn(session, now)).toBe(session.expiresAt - refreshLeadMs - now);
    expect(refreshDueIn({ ...session, expiresAt: now }, now)).toBe(0);
    expect(refreshDueIn(undefined, 0)).toBe(2_147_483_647);
    expect(
      userFromSession({ accessToken: 'a', accessTokenIsIdToken: false, idToken: 'bad', expiresAt: 0 }, ports.userIds),
    ).toBeUndefined();
  });
});
