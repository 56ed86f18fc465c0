// LemonLDAP::NG as started by scripts/lemonldap.ts is a real provider for the portal server: a
// confidential client's authorization code flow with PKCE S256 (oauth4webapi, as the portal's
// adapters), through LLNG's own HTML login form, ID and access tokens verified against its
// published keys, the userinfo endpoint, a refresh, and RP-initiated logout back to the portal.
// hk-portal authenticates with client_secret_post: LLNG 2.16 does not form-decode a Basic header
// (RFC 6749 §2.3.1), so hk-portal's `-` sent as `%2D` is refused (pinned below); a client id
// without such characters authenticates with client_secret_basic. Loopback only. No skip:
// without LemonLDAP::NG installed the test fails and says what to install.
import { createServer } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, isPage, type Page, type Step } from '@portal/tooling/browser';
import { apiAudience, apiScope, portalClientId, startLemonldap, type RunningLemonldap } from './lemonldap.ts';

const PORTAL = 'http://localhost:5173';
const insecure = { [oauth.allowInsecureRequests]: true };

/** A port on 127.0.0.1 that nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** One running LLNG and the portal's view of it (oauth4webapi's discovery, client, authentication). */
interface Provider {
  readonly llng: RunningLemonldap;
  readonly as: oauth.AuthorizationServer;
  readonly client: oauth.Client;
  readonly clientAuth: oauth.ClientAuth;
}

/** Starts LLNG for `clientId` before the tests of the enclosing describe, stops it after them. */
function provider(clientId: string, auth: (secret: string) => oauth.ClientAuth): () => Provider {
  let started: Provider | undefined;
  let llng: RunningLemonldap | undefined;
  beforeAll(async () => {
    llng = await startLemonldap({ port: await freePort(), portalUrl: PORTAL, clientId });
    const issuer = new URL(llng.issuer);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
    started = { llng, as, client: { client_id: llng.clientId }, clientAuth: auth(llng.clientSecret) };
  }, 60_000);
  afterAll(async () => {
    await llng?.stop();
  });
  return () => {
    if (!started) throw new Error('LemonLDAP::NG did not start');
    return started;
  };
}

function page(step: Step): Page {
  if (!isPage(step)) throw new Error(`expected a page, was sent to ${step.stoppedAt}`);
  return step;
}

function redirect(step: Step): URL {
  if (isPage(step))
    throw new Error(`expected a redirect to the portal, got ${step.status} ${step.url}: ${step.html.slice(0, 400)}`);
  return new URL(step.stoppedAt);
}

function authorizationUrl({ llng, as }: Provider, params: Record<string, string>): string {
  const url = new URL(as.authorization_endpoint ?? '');
  url.search = new URLSearchParams({
    client_id: llng.clientId,
    response_type: 'code',
    redirect_uri: llng.redirectUris[0] ?? '',
    scope: llng.scopes.join(' '),
    ...params,
  }).toString();
  return url.href;
}

/** Up to the portal's callback: through LLNG's login form as `username` (unless the browser has a session there). */
async function authorize(p: Provider, browser: Browser, username: string) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  let step = await browser.go(
    authorizationUrl(p, { state, nonce, code_challenge: challenge, code_challenge_method: 'S256' }),
    [PORTAL],
  );
  if (isPage(step)) {
    expect(step.html).toContain('name="password"');
    const user = p.llng.users.find((u) => u.username === username);
    step = await browser.submit(step, { user: username, password: user?.password ?? '' }, [PORTAL]);
  }
  const callback = redirect(step);
  expect(callback.origin + callback.pathname).toBe(`${PORTAL}/auth/login`);
  return { params: oauth.validateAuthResponse(p.as, p.client, callback, state), verifier, nonce };
}

const exchange = (p: Provider, params: URLSearchParams, verifier: string) =>
  oauth.authorizationCodeGrantRequest(
    p.as,
    p.client,
    p.clientAuth,
    params,
    p.llng.redirectUris[0] ?? '',
    verifier,
    insecure,
  );

/** The code flow as the portal server runs it. */
async function signIn(p: Provider, browser: Browser, username: string) {
  const { params, verifier, nonce } = await authorize(p, browser, username);
  const tokens = await oauth.processAuthorizationCodeResponse(p.as, p.client, await exchange(p, params, verifier), {
    expectedNonce: nonce,
    requireIdToken: true,
  });
  return { tokens, nonce };
}

/** Sign-in, both tokens verified, userinfo, refresh, RP-initiated logout: what the portal server does with a provider. */
async function portalsDay(p: Provider) {
  const { llng, as, client, clientAuth } = p;
  const browser = new Browser();
  const { tokens, nonce } = await signIn(p, browser, 'dwho');
  const keys = createRemoteJWKSet(new URL(as.jwks_uri ?? ''));

  // The ID token: signed with the provider's published key, for the portal.
  const id = await jwtVerify(tokens.id_token ?? '', keys, {
    issuer: llng.issuer,
    audience: llng.clientId,
    algorithms: ['RS256'],
  });
  const dwho = {
    sub: 'dwho',
    email: 'dwho@badwolf.org',
    name: 'Doctor Who',
    given_name: 'Doctor',
    family_name: 'Who',
    preferred_username: 'dwho',
  };
  expect(id.payload).toMatchObject({ ...dwho, nonce, azp: llng.clientId, aud: [llng.clientId, apiAudience] });

  // The access token: a JWT for the API's audience, with the API's scope, verifiable the same way.
  expect(tokens.token_type.toLowerCase()).toBe('bearer');
  const access = await jwtVerify(tokens.access_token, keys, {
    issuer: llng.issuer,
    audience: apiAudience,
    algorithms: ['RS256'],
  });
  expect(access.payload).toMatchObject({ ...dwho, aud: [llng.clientId, apiAudience], client_id: llng.clientId });
  // LLNG keeps offline_access out of the token's scope (the refresh token is what it granted).
  expect(String(access.payload.scope).split(' ').sort()).toEqual([apiScope, 'email', 'openid', 'profile']);

  // Userinfo with the access token.
  const userinfo = await oauth.processUserInfoResponse(
    as,
    client,
    'dwho',
    await oauth.userInfoRequest(as, client, tokens.access_token, insecure),
  );
  expect(userinfo).toMatchObject(dwho);

  // A refresh: a new access token and ID token, no new refresh token (the first one stays valid).
  expect(tokens.refresh_token).toEqual(expect.any(String));
  const refreshed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token ?? '', insecure),
  );
  expect(refreshed.access_token).not.toBe(tokens.access_token);
  expect(refreshed.refresh_token).toBeUndefined();
  expect(
    (await jwtVerify(refreshed.id_token ?? '', keys, { issuer: llng.issuer, audience: llng.clientId })).payload.sub,
  ).toBe('dwho');
  await jwtVerify(refreshed.access_token, keys, { issuer: llng.issuer, audience: apiAudience });

  // RP-initiated logout: LLNG asks to confirm, then sends the user to the portal's page.
  const state = oauth.generateRandomState();
  const logout = new URL(as.end_session_endpoint ?? '');
  logout.search = new URLSearchParams({
    id_token_hint: tokens.id_token ?? '',
    post_logout_redirect_uri: llng.postLogoutRedirectUri,
    state,
  }).toString();
  const confirm = page(await browser.go(logout.href, [PORTAL]));
  const back = redirect(await browser.submit(confirm, {}, [PORTAL]));
  expect(back.origin + back.pathname).toBe(llng.postLogoutRedirectUri);
  expect(back.searchParams.get('state')).toBe(state);

  // The refresh token of offline_access outlives the provider's session (one without it would not):
  // signing out at LLNG leaves the portal to forget its tokens itself.
  const afterLogout = await oauth.refreshTokenGrantRequest(
    as,
    client,
    clientAuth,
    tokens.refresh_token ?? '',
    insecure,
  );
  expect(afterLogout.status).toBe(200);

  // The provider's session is gone: a new authorization shows the login form again.
  const again = page(
    await browser.go(
      authorizationUrl(p, {
        state: oauth.generateRandomState(),
        code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
        code_challenge_method: 'S256',
      }),
      [PORTAL],
    ),
  );
  expect(again.html).toContain('name="password"');
}

describe('LemonLDAP::NG with hk-portal (client_secret_post)', () => {
  const p = provider(portalClientId, (secret) => oauth.ClientSecretPost(secret));

  it('publishes a discovery document for a confidential client with PKCE S256 and RP-initiated logout', () => {
    const { as, llng } = p();
    expect(as.issuer).toBe(llng.issuer);
    expect(as.code_challenge_methods_supported).toContain('S256');
    expect(as.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    );
    expect(as.end_session_endpoint).toBe(`${llng.issuer}/oauth2/logout`);
    expect(as.grant_types_supported).toContain('refresh_token');
  });

  it('signs dwho in, verifies both tokens, answers userinfo, refreshes and signs out at the provider', async () => {
    await portalsDay(p());
  });

  it('refuses an authorization without PKCE, a code with another verifier and a wrong client secret', async () => {
    const provider = p();
    const browser = new Browser();
    await signIn(provider, browser, 'rtyler');
    const withoutPkce = redirect(await browser.go(authorizationUrl(provider, { state: 'x' }), [PORTAL]));
    expect(withoutPkce.searchParams.get('error')).toBe('invalid_request');

    const { params } = await authorize(provider, browser, 'rtyler');
    const otherVerifier = await exchange(provider, params, oauth.generateRandomCodeVerifier());
    expect(otherVerifier.status).toBe(400);
    expect(await otherVerifier.json()).toMatchObject({ error: 'invalid_grant' });

    const { tokens } = await signIn(provider, browser, 'rtyler');
    const wrongSecret = await oauth.refreshTokenGrantRequest(
      provider.as,
      provider.client,
      oauth.ClientSecretPost('not-the-secret'),
      tokens.refresh_token ?? '',
      insecure,
    );
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses hk-portal’s client_secret_basic as RFC 6749 encodes it (LLNG 2.16 reads hk%2Dportal)', async () => {
    const provider = p();
    const { params, verifier } = await authorize(provider, new Browser(), 'msmith');
    const basic = await oauth.authorizationCodeGrantRequest(
      provider.as,
      provider.client,
      oauth.ClientSecretBasic(provider.llng.clientSecret),
      params,
      provider.llng.redirectUris[0] ?? '',
      verifier,
      insecure,
    );
    expect(basic.status).toBe(401);
    expect(await basic.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('LemonLDAP::NG with a client id that form-encoding leaves alone (client_secret_basic)', () => {
  const p = provider('hkportal', (secret) => oauth.ClientSecretBasic(secret));

  it('signs dwho in, verifies both tokens, answers userinfo, refreshes and signs out at the provider', async () => {
    await portalsDay(p());
  });
});
