/// <reference types="node" />
// The adapters against the REAL local identity provider and reference API (child processes
// on free loopback ports, temporary data): sign-in, refresh with rotation, claims refresh,
// an expired access token healed by one refresh of core's under ten parallel calls (one tab
// and two tabs of one session), sign-out, and every error shape of the API mapped to core's
// errors. The session store is core's in-memory one: the portal server keeps the same tokens
// in PostgreSQL (apps/portal-server), with the same core steps.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, importJWK } from 'jose';
import type { JWTPayload } from 'jose';
import type { AuthConfig, AuthStateData, Lock, PortalError, SessionStore, StoredSession } from '@portal/core';
import {
  checkIdTokenClaims,
  exchangeCode,
  isIdentityProviderError,
  judgeCallback,
  pkceChallenge,
  randomString,
  readCallbackParams,
  refreshSession,
  signOut,
  signedInUserFromClaims,
  startAuthorization,
  takeRecord,
  PortalFailure,
  toPortalError,
  userFromSession,
} from '@portal/core';
import { createMemoryLock, createMemorySessionStore } from '@portal/core/testing';
import { directoryUserId } from '@portal/server';
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };
import { createMemoryCookieJar } from '../cookies/jar.ts';
import type { MemoryCookieJar } from '../cookies/jar.ts';
import { createCookieAuthStateStore } from '../cookies/auth-state-store.ts';
import { createApiClient, unwrap } from '../http/client.ts';
import { uploadApplicationImage } from '../http/image-upload.ts';
import type { FetchLike } from '../http/api-fetch.ts';
import { createPortalApi } from '../http/portal-api.ts';
import { isNetworkError } from '../http/errors.ts';
import { createOidcIdentityProvider } from '../oidc/identity-provider.ts';
import { createCryptoRandom, createSubtleDigest, createSystemClock } from '../platform/browser.ts';
import { Browser, isPage } from '@portal/tooling/browser';
import type { Stack } from './stack.ts';
import { freePort, startStack } from './stack.ts';

/** The directory's user ids, as the portal server and the API name users (ADR 0029). */
const userIds = { of: directoryUserId };
const clientId = identities.clients.portal.clientId;
const password = identities.password;
const account = (kind: string) => {
  const found = identities.accounts.find((a) => a.kind === kind);
  if (found === undefined) throw new Error(kind);
  return found;
};
const apps = {
  kitchenPlanner: 'a1000000-0000-4000-8000-000000000002',
  servicePortal: 'a1000000-0000-4000-8000-000000000003',
  marketing: 'a1000000-0000-4000-8000-000000000004',
  hr: 'a1000000-0000-4000-8000-000000000005',
};

let stack: Stack;
let tokenRequests = 0;
/** Every request of the OIDC adapter, counted at the token endpoint. */
const oidcFetch: typeof fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (url.includes('/oauth2/v2.0/token')) tokenRequests += 1;
  return fetch(input, init);
};

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack.stop();
});

const random = createCryptoRandom();
const digest = createSubtleDigest();
const scope = () => `openid offline_access ${stack.apiScope}`;

/**
 * One portal "tab": its cookies (the sign-in records), provider and the session's tokens (as the
 * portal server keeps them); tabs of one browser share cookies and session.
 */
function portal(jar: MemoryCookieJar = createMemoryCookieJar(), sessions: SessionStore = createMemorySessionStore()) {
  const at = (policy: string) => ({
    discovery: `${stack.authority}/${policy}/v2.0`,
    issuer: `${stack.authority}/${policy}/v2.0`,
  });
  const provider = createOidcIdentityProvider({
    policies: {
      [stack.policies.signIn]: at(stack.policies.signIn),
      [stack.policies.refresh]: at(stack.policies.refresh),
    },
    clientId,
    fetch: oidcFetch,
  });
  return { jar, provider, authStates: createCookieAuthStateStore(jar), sessions };
}
type Portal = ReturnType<typeof portal>;

interface SignedIn {
  readonly session: StoredSession;
  readonly claims: JWTPayload;
}

/** The sign-in as core's machine runs it, through the adapters, driving the provider's form. */
async function signIn(
  tab: Portal,
  browser: Browser,
  email: string,
  flow: 'signIn' | 'claimsRefresh' = 'signIn',
): Promise<SignedIn> {
  const policy = flow === 'signIn' ? stack.policies.signIn : stack.policies.refresh;
  const redirectUri = `${stack.portalUrl}${flow === 'signIn' ? '/auth/login' : '/flows/auth-refresh'}`;
  const state = randomString(random, 16);
  const codeVerifier = randomString(random, 128);
  const nonce = randomString(random, 32);
  const metadata = await tab.provider.discover(policy);
  const data: AuthStateData = {
    tokenPolicyData: { client_id: clientId, scope: scope(), redirect_uri: redirectUri, code_verifier: codeVerifier },
    tokenPolicyUrl: metadata.tokenEndpoint,
    nonce,
    extraData: { flow, referrer: '/settings' },
  };
  await tab.authStates.save(state, data);
  const url = await tab.provider.authorizationUrl({
    policy,
    clientId,
    redirectUri,
    scope: scope(),
    state,
    nonce,
    codeChallenge: await pkceChallenge(digest, codeVerifier),
    codeChallengeMethod: 'S256',
    responseType: 'code',
  });
  let step = await browser.go(url, [stack.portalUrl]);
  if (isPage(step)) step = await browser.submit(step, { email, password, action: 'submit' }, [stack.portalUrl]);
  if (isPage(step)) throw new Error(`sign-in did not return to the portal: ${step.status} ${step.url}`);
  const callback = new URL(step.stoppedAt);
  expect(callback.origin + callback.pathname).toBe(redirectUri);
  const record = await tab.authStates.take(callback.searchParams.get('state') ?? '');
  if (record === undefined) throw new Error('no auth state record');
  const tokens = await tab.provider.exchangeCode({
    policy,
    tokenEndpoint: record.tokenPolicyUrl,
    clientId: record.tokenPolicyData.client_id,
    redirectUri: record.tokenPolicyData.redirect_uri,
    code: callback.searchParams.get('code') ?? '',
    codeVerifier: record.tokenPolicyData.code_verifier,
    nonce: record.nonce,
    ...(callback.searchParams.has('iss') ? { iss: callback.searchParams.get('iss') ?? '' } : {}),
  });
  const checked = checkIdTokenClaims(tokens.idTokenClaims, {
    issuer: metadata.issuer,
    clientId,
    nonce: record.nonce,
    now: Date.now(),
  });
  if (!checked.ok) throw new Error(`ID token refused: ${checked.problem}`);
  const session: StoredSession = {
    accessToken: tokens.access_token ?? '',
    accessTokenIsIdToken: false,
    idToken: tokens.id_token ?? '',
    ...(tokens.refresh_token === undefined ? {} : { refreshToken: tokens.refresh_token }),
    expiresAt: Date.now() + (tokens.expires_in ?? 0) * 1000,
  };
  await tab.sessions.write(session);
  expect(await tab.sessions.read()).toEqual(session);
  return { session, claims: tokens.idTokenClaims as JWTPayload };
}

/** Core's refresh step over the tab's session, as the portal server runs it: true when the tokens were renewed. */
async function refreshTokens(tab: Portal, lock: Lock): Promise<boolean> {
  const current = await tab.sessions.read();
  const user = current === undefined ? undefined : userFromSession(current, userIds);
  if (current === undefined || user === undefined) return false;
  const config: AuthConfig = {
    clientId,
    scopes: scope().split(' '),
    redirectUri: `${stack.portalUrl}/auth/login`,
    refreshRedirectUri: `${stack.portalUrl}/flows/auth-refresh`,
    policies: stack.policies,
  };
  const ports = {
    clock: createSystemClock(),
    sessionStore: tab.sessions,
    lock,
    identityProvider: tab.provider,
    userIds,
  };
  return refreshSession(ports, { config, session: current, user }).then(
    () => true,
    () => false,
  );
}

/**
 * An API client of a tab. The page holds no token: the portal server adds the session's bearer
 * token and, after a 401, refreshes once under the session's lock and sends again (apps/portal-server
 * proxy.ts). `asPortalServer` does the same here, straight at the API, so that core's refresh runs
 * against the real provider and API.
 */
function apiOf(
  tab: Portal,
  options: { readonly lock?: Lock; readonly language?: string; readonly onCall?: (status: number) => void } = {},
) {
  let unauthenticated = 0;
  const lock = options.lock ?? createMemoryLock();
  const asPortalServer: FetchLike = async (request) => {
    const pristine = request.clone();
    const send = async (from: Request) => {
      const token = (await tab.sessions.read())?.accessToken;
      const headers = new Headers(from.headers);
      if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
      const response = await fetch(new Request(from, { headers }));
      options.onCall?.(response.status);
      return { response, token };
    };
    const first = await send(request);
    if (first.response.status !== 401 || first.token === undefined) return first.response;
    const current = (await tab.sessions.read())?.accessToken;
    // Another call refreshed meanwhile: send again with its token, no second refresh.
    const renewed = current !== first.token || (await refreshTokens(tab, lock));
    if (!renewed) return first.response;
    await first.response.body?.cancel();
    return (await send(pristine)).response;
  };
  const client = createApiClient({
    baseUrl: stack.apiUrl,
    fetch: asPortalServer,
    getLanguage: () => options.language ?? 'de',
    onUnauthenticated: () => {
      unauthenticated += 1;
    },
  });
  return { client, api: createPortalApi(client), unauthenticated: () => unauthenticated };
}

/** An access token like the provider's, well signed with its key, but expired an hour ago. */
async function expiredCopy(accessToken: string): Promise<string> {
  const jwk = await stack.signingJwk();
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...decodeJwt(accessToken), iat: now - 7200, nbf: now - 7200, exp: now - 3600 })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: String(jwk.kid) })
    .sign(key);
}

async function portalError(call: Promise<unknown>): Promise<PortalError> {
  const failure = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (failure === undefined) throw new Error('the call succeeded');
  return toPortalError(failure);
}

describe('sign-in against the local provider', () => {
  it("a full sign-in: discovery, authorization URL, the provider's form, code exchange, ID token checks, cookies, API call", async () => {
    const tab = portal();
    const customer = account('customer');
    const metadata = await tab.provider.discover(stack.policies.signIn);
    expect(metadata.issuer).toBe(`${stack.authority}/${stack.policies.signIn}/v2.0`);
    const { session, claims } = await signIn(tab, new Browser(), customer.email);
    expect(claims).toMatchObject({ iss: metadata.issuer, aud: clientId, sub: customer.id });
    expect(decodeIdToken(claims).fullName).toBe('Chris Kunde');
    expect(session.refreshToken).toBeDefined();
    expect(decodeJwt(session.accessToken)).toMatchObject({ aud: stack.apiAudience, sub: customer.id });
    // The auth state cookie was consumed; the tokens are in the session store, not in a cookie.
    expect(tab.jar.cookies().some((c) => c.name.startsWith('hk-id.'))).toBe(false);
    const profile = await apiOf(tab).api.getProfile();
    expect(profile).toMatchObject({
      id: customer.id,
      email: customer.email,
      firstName: 'Chris',
      internal: false,
      canChangeEmail: true,
    });
  });

  it('a wrong code verifier is refused by the provider with invalid_grant (AADB2C90184)', async () => {
    const tab = portal();
    const browser = new Browser();
    const state = randomString(random, 16);
    const verifier = randomString(random, 128);
    const nonce = randomString(random, 32);
    const redirectUri = `${stack.portalUrl}/auth/login`;
    const url = await tab.provider.authorizationUrl({
      policy: stack.policies.signIn,
      clientId,
      redirectUri,
      scope: scope(),
      state,
      nonce,
      codeChallenge: await pkceChallenge(digest, verifier),
      codeChallengeMethod: 'S256',
      responseType: 'code',
    });
    const form = await browser.go(url, [stack.portalUrl]);
    if (!isPage(form)) throw new Error('expected the sign-in form');
    const step = await browser.submit(form, { email: account('partner').email, password, action: 'submit' }, [
      stack.portalUrl,
    ]);
    if (isPage(step)) throw new Error('no callback');
    const callback = new URL(step.stoppedAt);
    const metadata = await tab.provider.discover(stack.policies.signIn);
    const failure = await tab.provider
      .exchangeCode({
        policy: stack.policies.signIn,
        tokenEndpoint: metadata.tokenEndpoint,
        clientId,
        redirectUri,
        code: callback.searchParams.get('code') ?? '',
        codeVerifier: randomString(random, 128),
        nonce,
      })
      .catch((error: unknown) => error);
    expect(isIdentityProviderError(failure)).toBe(true);
    expect(failure).toMatchObject({ error: 'invalid_grant' });
    expect(String((failure as { errorDescription?: string }).errorDescription)).toMatch(/^AADB2C90184/);
  });

  it('a wrong `iss` in the authorization response is refused before any token request', async () => {
    const tab = portal();
    const metadata = await tab.provider.discover(stack.policies.signIn);
    const before = tokenRequests;
    const failure = await tab.provider
      .exchangeCode({
        policy: stack.policies.signIn,
        tokenEndpoint: metadata.tokenEndpoint,
        clientId,
        redirectUri: `${stack.portalUrl}/auth/login`,
        code: 'x',
        codeVerifier: randomString(random, 128),
        iss: 'https://evil.example/v2.0',
      })
      .catch((error: unknown) => error);
    expect(isIdentityProviderError(failure)).toBe(true);
    expect(tokenRequests).toBe(before);
    const tampered = await tab.provider
      .exchangeCode({
        policy: stack.policies.signIn,
        tokenEndpoint: 'https://evil.example/token',
        clientId,
        redirectUri: `${stack.portalUrl}/auth/login`,
        code: 'x',
        codeVerifier: randomString(random, 128),
      })
      .catch((error: unknown) => error);
    expect(isIdentityProviderError(tampered)).toBe(true);
    expect(tokenRequests).toBe(before);
  });

  it('refresh with rotation: a new refresh token each time; a reused one is invalid_grant and ends the chain', async () => {
    const tab = portal();
    const { session } = await signIn(tab, new Browser(), account('partner').email);
    const first = await tab.provider.refresh({
      policy: stack.policies.signIn,
      clientId,
      refreshToken: session.refreshToken ?? '',
      scope: scope(),
    });
    expect(first.refresh_token).toBeDefined();
    expect(first.refresh_token).not.toBe(session.refreshToken);
    expect(first.access_token).not.toBe(session.accessToken);
    expect(first.idTokenClaims).toMatchObject({ sub: account('partner').id, aud: clientId });
    const reused = await tab.provider
      .refresh({ policy: stack.policies.signIn, clientId, refreshToken: session.refreshToken ?? '', scope: scope() })
      .catch((error: unknown) => error);
    expect(reused).toMatchObject({ _tag: 'IdentityProviderError', error: 'invalid_grant' });
    const revoked = await tab.provider
      .refresh({ policy: stack.policies.signIn, clientId, refreshToken: first.refresh_token ?? '', scope: scope() })
      .catch((error: unknown) => error);
    expect(revoked).toMatchObject({ _tag: 'IdentityProviderError', error: 'invalid_grant' });
  });

  it('claims refresh: after a profile change, the refresh policy (silent with the SSO session) issues tokens with the new claims', async () => {
    const tab = portal();
    const browser = new Browser();
    const user = account('app-admin');
    const { claims } = await signIn(tab, browser, user.email);
    expect(claims.given_name).toBe(user.firstName);
    const { api } = apiOf(tab);
    const profile = await api.getProfile();
    await api.updateProfile({ firstName: 'Paula', lastName: profile.lastName, language: profile.language });
    const refreshed = await signIn(tab, browser, user.email, 'claimsRefresh');
    expect(refreshed.claims).toMatchObject({
      iss: `${stack.authority}/${stack.policies.refresh}/v2.0`,
      sub: user.id,
      given_name: 'Paula',
    });
    expect(decodeIdToken(refreshed.claims).hkData).toMatchObject({ attributes: { firstName: 'Paula' } });
    await api.updateProfile({ firstName: user.firstName, lastName: profile.lastName, language: profile.language });
  });

  it('sign-out: the end-session URL with id_token_hint ends the provider session and its refresh tokens', async () => {
    const tab = portal();
    const browser = new Browser();
    const { session } = await signIn(tab, browser, account('partner').email);
    const postLogout = `${stack.portalUrl}/auth/logout-success`;
    const url = await tab.provider.endSessionUrl({
      policy: stack.policies.signIn,
      idTokenHint: session.idToken,
      postLogoutRedirectUri: postLogout,
    });
    expect(new URL(url ?? '').searchParams.get('id_token_hint')).toBe(session.idToken);
    let step = await browser.go(url ?? '', [stack.portalUrl]);
    for (let i = 0; i < 3 && isPage(step); i += 1) step = await browser.submit(step, {}, [stack.portalUrl]);
    expect(isPage(step) ? step.url : step.stoppedAt).toBe(postLogout);
    await tab.sessions.clear();
    const after = await tab.provider
      .refresh({ policy: stack.policies.signIn, clientId, refreshToken: session.refreshToken ?? '', scope: scope() })
      .catch((error: unknown) => error);
    expect(after).toMatchObject({ _tag: 'IdentityProviderError', error: 'invalid_grant' });
  });
});

function decodeIdToken(claims: unknown) {
  const checked = checkIdTokenClaims(claims, { issuer: String((claims as JWTPayload).iss), clientId, now: Date.now() });
  if (!checked.ok) throw new Error(checked.problem);
  return signedInUserFromClaims(checked.claims, userIds);
}

describe('an expired access token', () => {
  it('ten parallel calls: the API refuses the expired token, ONE refresh heals all ten', async () => {
    const tab = portal();
    const { session } = await signIn(tab, new Browser(), account('customer').email);
    await tab.sessions.write({ ...session, accessToken: await expiredCopy(session.accessToken) });
    const statuses: number[] = [];
    const { api } = apiOf(tab, { lock: createMemoryLock(), onCall: (status) => statuses.push(status) });
    const before = tokenRequests;
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.getProfile()));
    expect(answers.every((p) => p.id === account('customer').id)).toBe(true);
    expect(tokenRequests - before).toBe(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    const stored = await tab.sessions.read();
    expect(stored?.refreshToken).not.toBe(session.refreshToken);
  });

  it('two tabs of one session under one lock: one refresh for both', async () => {
    const [jar, sessions] = [createMemoryCookieJar(), createMemorySessionStore()];
    const [tabA, tabB] = [portal(jar, sessions), portal(jar, sessions)];
    const { session } = await signIn(tabA, new Browser(), account('partner').email);
    await tabA.sessions.write({ ...session, accessToken: await expiredCopy(session.accessToken) });
    const lock = createMemoryLock();
    const [a, b] = [apiOf(tabA, { lock }), apiOf(tabB, { lock })];
    const before = tokenRequests;
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => a.api.listMyApplications()),
      ...Array.from({ length: 5 }, () => b.api.listMyApplications()),
    ]);
    expect(answers.every((list) => list.length > 0)).toBe(true);
    expect(tokenRequests - before).toBe(1);
  });
});

describe('API error shapes mapped to core errors', () => {
  let customer: Portal;
  beforeAll(async () => {
    customer = portal();
    await signIn(customer, new Browser(), account('customer').email);
  });

  it('400 with field errors (strict input), in the language of the lang header', async () => {
    const de = await portalError(
      apiOf(customer).api.updateProfile({ firstName: '', lastName: 'Kunde', language: 'de' }),
    );
    expect(de).toMatchObject({ kind: 'http', status: 400, httpStatus: 400 });
    expect(de.kind === 'http' && de.server?.errors.some((e) => e.field === 'firstName')).toBe(true);
    const en = await portalError(
      apiOf(customer, { language: 'en' }).api.updateProfile({ firstName: '', lastName: 'Kunde', language: 'de' }),
    );
    expect(en.kind === 'http' && de.kind === 'http' && en.server?.message !== de.server?.message).toBe(true);
  });

  it('400 with a domain code: a value for an attribute the user may not edit', async () => {
    const employee = portal();
    await signIn(employee, new Browser(), account('internal-employee').email);
    const error = await portalError(
      apiOf(employee).api.updateMyAttributes(apps.hr, [{ key: 'employeeNumber', value: '1' }]),
    );
    expect(error).toMatchObject({ kind: 'http', status: 400, server: { code: 'attribute.notEditable' } });
  });

  it('401 without a session: the unauthenticated outcome', async () => {
    const anonymous = portal();
    const { api, unauthenticated } = apiOf(anonymous);
    const error = await portalError(api.getProfile());
    expect(error).toMatchObject({ kind: 'http', status: 401, httpStatus: 401 });
    expect(unauthenticated()).toBe(1);
  });

  it('403 (no permission): no refresh, the user stays signed in', async () => {
    const before = tokenRequests;
    const { client, unauthenticated } = apiOf(customer);
    const error = await portalError(unwrap(client.GET('/Users', { params: { query: { page: 1, pageSize: 10 } } })));
    expect(error).toMatchObject({ kind: 'http', status: 403, httpStatus: 403 });
    expect(tokenRequests).toBe(before);
    expect(unauthenticated()).toBe(0);
    expect(await customer.sessions.read()).toBeDefined();
  });

  it('403 with a domain code: internal applications cannot be requested', async () => {
    const error = await portalError(apiOf(customer).api.requestAccess({ applicationId: apps.hr }, {}));
    expect(error).toMatchObject({ kind: 'http', status: 403, server: { code: 'accessRequest.notRequestable' } });
  });

  it('404: an unknown application', async () => {
    const error = await portalError(apiOf(customer).api.getMyApplication('no-such-application'));
    expect(error).toMatchObject({ kind: 'http', status: 404, httpStatus: 404, server: { code: '404' } });
  });

  it('409: an access request that is already open (shown as the 500 page code, HTTP status kept)', async () => {
    const error = await portalError(apiOf(customer).api.requestAccess({ applicationId: apps.kitchenPlanner }, {}));
    expect(error).toMatchObject({ kind: 'http', status: 500, httpStatus: 409 });
  });

  it('anonymous branding works without a token; an unknown client id is 404', async () => {
    const { api } = apiOf(portal());
    expect(await api.getApplicationBranding(identities.clients.dealerShop.clientId)).toMatchObject({
      label: identities.clients.dealerShop.label,
    });
    expect(await portalError(api.getApplicationBranding('unknown-client'))).toMatchObject({ status: 404 });
  });

  it('the API unreachable: GET retried with backoff, then a network error (the generic 500)', async () => {
    const closed = await freePort();
    const sleeps: number[] = [];
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${closed}`,
      getLanguage: () => 'de',
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    const failure = await createPortalApi(client)
      .getProfile()
      .catch((error: unknown) => error);
    expect(isNetworkError(failure)).toBe(true);
    expect(sleeps).toEqual([300, 600]);
    expect(toPortalError(failure)).toEqual({ kind: 'unexpected', status: 500 });
  });
});

// ---------------------------------------------------------------------------------------
// Core's own sign-in and session steps, on the adapters, against the real servers: the
// composition the portal server runs.

describe('core on the adapters', () => {
  const config = (): AuthConfig => ({
    clientId,
    scopes: ['openid', 'offline_access', stack.apiScope],
    redirectUri: `${stack.portalUrl}/auth/login`,
    refreshRedirectUri: `${stack.portalUrl}/flows/auth-refresh`,
    policies: stack.policies,
  });
  const clock = createSystemClock();

  function corePorts(tab: Portal) {
    return {
      clock,
      random,
      digest,
      authStateStore: tab.authStates,
      sessionStore: tab.sessions,
      lock: createMemoryLock(),
      identityProvider: tab.provider,
      userIds,
    };
  }
  type CorePorts = ReturnType<typeof corePorts>;

  /** Start a sign-in with core (record saved, URL built) and let the user agent bring back the callback URL. */
  async function startAndReturn(
    ports: CorePorts,
    browser: Browser,
    email: string,
    fields: Record<string, string> = {},
  ): Promise<string> {
    const { url } = await startAuthorization(ports, { config: config(), flow: 'signIn', returnPath: '/settings' });
    let step = await browser.go(url, [stack.portalUrl]);
    if (isPage(step))
      step = await browser.submit(step, { email, password, action: 'submit', ...fields }, [stack.portalUrl]);
    if (isPage(step)) throw new Error(`no callback: ${step.status} ${step.url}`);
    return step.stoppedAt;
  }

  /** Core's callback steps: take the record, judge, exchange (iss and nonce checked by core), store. */
  async function finish(ports: CorePorts, callbackUrl: string) {
    const params = readCallbackParams(callbackUrl);
    const record = await takeRecord(ports, params);
    const verdict = judgeCallback(params, record, { signedIn: false, url: callbackUrl });
    if (verdict.kind === 'error') throw new PortalFailure(verdict.error);
    const result = await exchangeCode(ports, {
      config: config(),
      record,
      params,
      code: verdict.code,
      signedIn: false,
      url: callbackUrl,
    });
    await ports.sessionStore.write(result.session);
    return result;
  }

  it("sign-in with core's steps: the user from the ID token, tokens in the session store; a reload of the callback sends no second token request", async () => {
    const tab = portal();
    const ports = corePorts(tab);
    const callback = await startAndReturn(ports, new Browser(), account('partner').email);
    const result = await finish(ports, callback);
    expect(result.user).toMatchObject({ id: account('partner').id, fullName: 'Dana Dealer' });
    expect(userFromSession((await tab.sessions.read()) ?? result.session, userIds)).toMatchObject({
      id: account('partner').id,
    });
    const before = tokenRequests;
    const reload = await finish(ports, callback).then(
      () => undefined,
      (error: unknown) => toPortalError(error),
    );
    expect(reload).toEqual({ kind: 'auth', status: 500, code: 'auth.missingTemporaryCookie' });
    expect(tokenRequests).toBe(before);
  });

  it('cancel at the provider (AADB2C90091): back to the stored referrer, no token request', async () => {
    const tab = portal();
    const ports = corePorts(tab);
    const callback = await startAndReturn(ports, new Browser(), '', { action: 'cancel' });
    const params = readCallbackParams(callback);
    const record = await takeRecord(ports, params);
    expect(judgeCallback(params, record, { signedIn: false, url: callback })).toEqual({
      kind: 'error',
      error: { kind: 'cancelled', redirectTo: '/settings' },
    });
  });

  it('five sign-ins started in five tabs: the oldest record is dropped, its callback shows the missing-cookie error, the other four finish', async () => {
    const jar = createMemoryCookieJar();
    const browser = new Browser();
    const tabs = Array.from({ length: 5 }, () => corePorts(portal(jar)));
    const [first] = tabs;
    if (first === undefined) throw new Error('no tab');
    const callbacks: string[] = [];
    for (const ports of tabs) callbacks.push(await startAndReturn(ports, browser, account('customer').email));
    expect(jar.cookies().filter((c) => c.name.startsWith('hk-id.auth.'))).toHaveLength(4);
    const outcomes = await Promise.all(
      tabs.map((ports, i) =>
        finish(ports, callbacks[i] ?? '').then(
          (r) => r.user.id,
          (error: unknown) => toPortalError(error),
        ),
      ),
    );
    expect(outcomes[0]).toEqual({ kind: 'auth', status: 500, code: 'auth.missingTemporaryCookie' });
    expect(outcomes.slice(1)).toEqual(Array(4).fill(account('customer').id));
  });

  it('sign-out with core: session cleared, end-session with id_token_hint, the refresh token is dead', async () => {
    const tab = portal();
    const ports = corePorts(tab);
    const browser = new Browser();
    const { session } = await finish(ports, await startAndReturn(ports, browser, account('customer').email));
    const url = await signOut(ports, {
      config: config(),
      idToken: session.idToken,
      postLogoutRedirectUri: `${stack.portalUrl}/auth/logout-success`,
    });
    expect(await tab.sessions.read()).toBeUndefined();
    let step = await browser.go(url, [stack.portalUrl]);
    for (let i = 0; i < 3 && isPage(step); i += 1) step = await browser.submit(step, {}, [stack.portalUrl]);
    expect(isPage(step) ? step.url : step.stoppedAt).toBe(`${stack.portalUrl}/auth/logout-success`);
    const after = await tab.provider
      .refresh({ policy: stack.policies.signIn, clientId, refreshToken: session.refreshToken ?? '', scope: scope() })
      .catch((error: unknown) => error);
    expect(after).toMatchObject({ _tag: 'IdentityProviderError', error: 'invalid_grant' });
  });
});

// ---------------------------------------------------------------------------------------
// Every user-side call of the PortalApi adapter against the real API, mapped to domain types.

describe('user-side calls against the API', () => {
  it('my applications, detail, attributes, custom flow, gate and access request of a signed-in user', async () => {
    const tab = portal();
    await signIn(tab, new Browser(), account('customer').email);
    const { api } = apiOf(tab);
    const mine = await api.listMyApplications();
    expect(mine.find((a) => a.id === apps.servicePortal)).toMatchObject({
      accessStatus: 'granted',
      clientId: apps.servicePortal,
      internal: false,
    });
    expect(mine.find((a) => a.id === apps.kitchenPlanner)).toMatchObject({ accessStatus: 'requested' });
    const withValues = await api.listMyApplications({ onlyWithValues: true });
    expect(withValues.every((a) => mine.some((m) => m.id === a.id))).toBe(true);

    const detail = await api.getMyApplication(apps.servicePortal);
    expect(detail.application.id).toBe(apps.servicePortal);
    const phone = detail.attributes.find((a) => a.key === 'phone');
    expect(phone).toMatchObject({ dataType: 'STRING', editable: true });
    const updated = await api.updateMyAttributes(apps.servicePortal, [{ key: 'phone', value: '+49 5221 1234' }]);
    expect(updated.attributes.find((a) => a.key === 'phone')?.value).toBe('+49 5221 1234');

    expect(await api.getCustomFlow('service-terms')).toMatchObject({ key: 'service-terms', completed: true });
    expect(await api.authCheck({ clientId: apps.servicePortal })).toMatchObject({
      status: 'ok',
      applicationId: apps.servicePortal,
    });
    expect(await api.authCheck({ applicationId: apps.kitchenPlanner })).toEqual({
      status: 'noAccess',
      applicationId: apps.kitchenPlanner,
      internal: false,
      requested: true,
    });
  });

  it('a new user: no access, requestable; the request is sent and the gate then says requested', async () => {
    const tab = portal();
    await signIn(tab, new Browser(), account('new-user').email);
    const { api } = apiOf(tab);
    expect(await api.listMyApplications()).toEqual([]);
    expect(await api.authCheck({ clientId: apps.servicePortal })).toEqual({
      status: 'noAccess',
      applicationId: apps.servicePortal,
      internal: false,
      requested: false,
    });
    expect(await api.authCheck({ clientId: apps.hr })).toMatchObject({ status: 'noAccess', internal: true });
    expect(await api.getAccessRequestOptions(apps.servicePortal)).toMatchObject({
      roleRequired: false,
      accountAccessRequired: false,
      accountAccesses: { total: 0 },
    });
    const planner = await api.getAccessRequestOptions(apps.kitchenPlanner, 'süd');
    expect(planner).toMatchObject({
      accountAccessRequired: true,
      accountAccesses: { total: 1, items: [{ label: 'Möbelhaus Süd AG' }] },
    });
    await expect(api.requestAccess({ clientId: apps.kitchenPlanner }, {})).rejects.toMatchObject({ status: 400 });
    await api.requestAccess({ clientId: apps.servicePortal }, { justification: 'Bitte freischalten' });
    expect(await api.authCheck({ clientId: apps.servicePortal })).toMatchObject({
      status: 'noAccess',
      requested: true,
    });
    expect((await api.listMyApplications()).map((a) => [a.id, a.accessStatus])).toEqual([
      [apps.servicePortal, 'requested'],
    ]);
  });

  it('administrable applications for the sidebar: the app admin sees the applications he administers', async () => {
    const tab = portal();
    await signIn(tab, new Browser(), account('app-admin').email);
    const administrable = await apiOf(tab).api.listAdministrableApplications();
    expect(administrable.map((a) => a.id)).toContain(apps.kitchenPlanner);
    expect(administrable.every((a) => typeof a.accessRequestsAmount === 'number' && a.permissions !== undefined)).toBe(
      true,
    );
    const customer = portal();
    await signIn(customer, new Browser(), account('customer').email);
    expect(await apiOf(customer).api.listAdministrableApplications()).toEqual([]);
  });

  it('POST /Applications/Image: multipart field file, an SVG stored and served; a PNG is refused', async () => {
    const tab = portal();
    await signIn(tab, new Browser(), account('global-admin').email);
    const { client } = apiOf(tab);
    const svg = new Blob(
      ['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'],
      { type: 'image/svg+xml' },
    );
    const { url } = await uploadApplicationImage(client, svg, 'logo.svg');
    // An absolute URL under the API's public URL, so <img src> works from the portal's origin.
    expect(url.startsWith(`${stack.apiUrl}/Applications/Image/`) && url.endsWith('.svg')).toBe(true);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' });
    expect(await portalError(uploadApplicationImage(client, png, 'logo.svg'))).toMatchObject({
      kind: 'http',
      status: 400,
    });
  });
});
