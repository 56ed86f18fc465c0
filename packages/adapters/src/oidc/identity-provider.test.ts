import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import { identityError, isIdentityProviderError } from '@portal/core';
import { canonicalClaims, createOidcIdentityProvider, toProviderError } from './identity-provider.ts';
import { providerPortalOverviewUrl } from './provider-portal.ts';
import type { OidcCodeExchangeRequest } from './identity-provider.ts';

// A provider made of a fake fetch: discovery, keys and a scripted token endpoint. The
// point of these tests is the checks on the answers; the real provider is exercised by
// src/integration/.

const authority = 'https://login.example/tenant';
const policy = 'B2C_1A_SIGNIN';
const issuer = `${authority}/${policy}/v2.0`;
/** The policy's discovery location under `base` and the issuer its document names. */
const at = (base: string, named = `${base.replace(/\/+$/, '')}/${policy}/v2.0`) => ({
  policies: { [policy]: { discovery: `${base.replace(/\/+$/, '')}/${policy}/v2.0`, issuer: named } },
});
const clientId = 'hk-portal';
const nonce = 'n'.repeat(32);
type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let keys: KeyPair;
let otherKeys: KeyPair;

beforeAll(async () => {
  keys = await generateKeyPair('RS256', { extractable: true });
  otherKeys = await generateKeyPair('RS256', { extractable: true });
});

const now = () => Math.floor(Date.now() / 1000);

/** Claims over the usual ones; a claim given as `undefined` is left out of the token. */
type Claims = { readonly [Name in keyof JWTPayload]?: JWTPayload[Name] | undefined };

async function idToken(
  claims: Claims = {},
  options: { readonly key?: KeyPair; readonly alg?: string; readonly kid?: string } = {},
) {
  const alg = options.alg ?? 'RS256';
  const key = alg === 'HS256' ? new TextEncoder().encode('s'.repeat(32)) : (options.key ?? keys).privateKey;
  const all = { iss: issuer, aud: clientId, sub: 'user-1', iat: now(), exp: now() + 3600, nonce, ...claims };
  const payload: JWTPayload = Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined));
  return new SignJWT(payload).setProtectedHeader({ alg, kid: options.kid ?? 'k1' }).sign(key);
}

interface Fake {
  readonly fetch: typeof fetch;
  readonly requests: { url: string; body: string; authorization?: string | null }[];
  token: () => Promise<Response>;
  discoveryFailures: number;
}

function fakeProvider(metadata: Record<string, unknown> = {}): Fake {
  const requests: Fake['requests'] = [];
  const fake: Fake = {
    requests,
    discoveryFailures: 0,
    token: async () =>
      Response.json({
        access_token: 'at',
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: await idToken(),
        refresh_token: 'rt',
      }),
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      const body = init?.body === undefined || init.body === null ? '' : await new Response(init.body).text();
      requests.push({ url, body, authorization: new Headers(init?.headers).get('authorization') });
      if (url === `${issuer}/.well-known/openid-configuration`) {
        if (fake.discoveryFailures > 0) {
          fake.discoveryFailures -= 1;
          throw new TypeError('fetch failed');
        }
        return Response.json({
          issuer,
          authorization_endpoint: `${authority}/${policy}/oauth2/v2.0/authorize`,
          token_endpoint: `${authority}/${policy}/oauth2/v2.0/token`,
          end_session_endpoint: `${authority}/${policy}/oauth2/v2.0/logout`,
          jwks_uri: `${authority}/${policy}/discovery/v2.0/keys`,
          authorization_response_iss_parameter_supported: true,
          ...metadata,
        });
      }
      if (url === `${authority}/${policy}/discovery/v2.0/keys`) {
        return Response.json({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] });
      }
      if (url === `${authority}/${policy}/oauth2/v2.0/token`) return fake.token();
      return new Response('not found', { status: 404 });
    },
  };
  return fake;
}

const codeExchange: OidcCodeExchangeRequest = {
  policy,
  tokenEndpoint: `${authority}/${policy}/oauth2/v2.0/token`,
  clientId,
  redirectUri: 'https://portal.example/auth/login',
  code: 'the-code',
  codeVerifier: 'v'.repeat(128),
  nonce,
};

const exchangeExactly = (fake: Fake, request: OidcCodeExchangeRequest) =>
  createOidcIdentityProvider({ ...at(authority), clientId, fetch: fake.fetch }).exchangeCode(request);

const exchange = (fake: Fake, extra: Partial<OidcCodeExchangeRequest> = {}) =>
  exchangeExactly(fake, { ...codeExchange, ...extra });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('discovery and URLs', () => {
  it('discovers each policy at its configured location, once', async () => {
    const fake = fakeProvider();
    const provider = createOidcIdentityProvider({ ...at(`${authority}/`), clientId, fetch: fake.fetch });
    expect(await provider.discover(policy)).toEqual({
      issuer,
      authorizationEndpoint: `${authority}/${policy}/oauth2/v2.0/authorize`,
      tokenEndpoint: `${authority}/${policy}/oauth2/v2.0/token`,
      endSessionEndpoint: `${authority}/${policy}/oauth2/v2.0/logout`,
      authorizationResponseIssParameterSupported: true,
    });
    await provider.discover(policy);
    expect(fake.requests).toHaveLength(1);
  });

  it('a failed discovery is not remembered', async () => {
    const fake = fakeProvider();
    fake.discoveryFailures = 1;
    const provider = createOidcIdentityProvider({ ...at(authority), clientId, fetch: fake.fetch });
    await expect(provider.discover(policy)).rejects.toThrow();
    await expect(provider.discover(policy)).resolves.toMatchObject({ issuer });
  });

  it('a discovery document of another issuer is refused', async () => {
    const provider = createOidcIdentityProvider({
      ...at(authority),
      clientId,
      fetch: fakeProvider({ issuer: 'https://evil.example/v2.0' }).fetch,
    });
    expect(isIdentityProviderError(toProviderError(await failureOf(provider.discover(policy))))).toBe(true);
  });

  it("a B2C tenant names another issuer than the document's location: accepted when configured", async () => {
    const tenantIssuer = 'https://login.example/0000-tenant/v2.0/';
    const fake = fakeProvider({ issuer: tenantIssuer });
    const strict = createOidcIdentityProvider({ ...at(authority), clientId, fetch: fake.fetch });
    await expect(strict.discover(policy)).rejects.toThrow();
    const b2c = createOidcIdentityProvider({ ...at(authority, tenantIssuer), clientId, fetch: fake.fetch });
    expect(await b2c.discover(policy)).toMatchObject({ issuer: tenantIssuer });
  });

  it('http:// is refused unless the provider is on loopback', async () => {
    const remote = createOidcIdentityProvider({
      ...at('http://login.example'),
      clientId,
      fetch: fakeProvider().fetch,
    });
    await expect(remote.discover(policy)).rejects.toThrow();
  });

  it('the authorization URL: code, state, S256 challenge, nonce, scope, exact redirect_uri, ui_locales', async () => {
    const provider = createOidcIdentityProvider({
      ...at(authority),
      clientId,
      fetch: fakeProvider().fetch,
    });
    const url = new URL(
      await provider.authorizationUrl({
        policy,
        clientId,
        redirectUri: 'https://portal.example/auth/login',
        scope: 'openid offline_access api://portal-api/access',
        state: 's'.repeat(16),
        nonce,
        codeChallenge: 'c'.repeat(43),
        codeChallengeMethod: 'S256',
        responseType: 'code',
        uiLocales: 'fr',
      }),
    );
    expect(url.origin + url.pathname).toBe(`${authority}/${policy}/oauth2/v2.0/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: clientId,
      redirect_uri: 'https://portal.example/auth/login',
      response_type: 'code',
      scope: 'openid offline_access api://portal-api/access',
      state: 's'.repeat(16),
      nonce,
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
      ui_locales: 'fr',
    });
  });

  it('the end-session URL: id_token_hint and post_logout_redirect_uri (client_id without a hint); none without an endpoint', async () => {
    const provider = createOidcIdentityProvider({ ...at(authority), clientId, fetch: fakeProvider().fetch });
    const url = new URL(
      (await provider.endSessionUrl({
        policy,
        idTokenHint: 'idt',
        postLogoutRedirectUri: 'https://portal.example/auth/logout-success',
      })) ?? '',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id_token_hint: 'idt',
      post_logout_redirect_uri: 'https://portal.example/auth/logout-success',
    });
    const bare = new URL(
      (await provider.endSessionUrl({ policy, postLogoutRedirectUri: 'https://portal.example/' })) ?? '',
    );
    expect(bare.searchParams.get('client_id')).toBe(clientId);
    const without = createOidcIdentityProvider({
      ...at(authority),
      clientId,
      fetch: fakeProvider({ end_session_endpoint: undefined }).fetch,
    });
    expect(await without.endSessionUrl({ policy, postLogoutRedirectUri: 'https://portal.example/' })).toBeUndefined();
  });

  it('a silent claims refresh asks with prompt=none', async () => {
    const provider = createOidcIdentityProvider({ ...at(authority), clientId, fetch: fakeProvider().fetch });
    const url = new URL(
      await provider.authorizationUrl({
        policy,
        clientId,
        redirectUri: 'https://portal.example/flows/auth-refresh',
        scope: 'openid',
        state: 's'.repeat(16),
        nonce,
        codeChallenge: 'c'.repeat(43),
        codeChallengeMethod: 'S256',
        responseType: 'code',
        prompt: 'none',
      }),
    );
    expect(url.searchParams.get('prompt')).toBe('none');
  });

  it('the provider portal overview link from an application id', () => {
    expect(providerPortalOverviewUrl('a1000000-0000-4000-8000-000000000001')).toBe(
      'https://portal.azure.com/#view/Microsoft_AAD_RegisteredApps/ApplicationMenuBlade/~/Overview/appId/a1000000-0000-4000-8000-000000000001',
    );
    expect(providerPortalOverviewUrl('x/y', 'hk.onmicrosoft.com')).toBe(
      'https://portal.azure.com/#@hk.onmicrosoft.com/view/Microsoft_AAD_RegisteredApps/ApplicationMenuBlade/~/Overview/appId/x%2Fy',
    );
  });
});

describe('code exchange', () => {
  it('form-encoded authorization_code grant with verifier and exact redirect_uri; verified claims handed to core', async () => {
    const fake = fakeProvider();
    const tokens = await exchange(fake, { iss: issuer });
    const request = fake.requests.find((r) => r.url.endsWith('/token'));
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      code_verifier: 'v'.repeat(128),
      redirect_uri: 'https://portal.example/auth/login',
      client_id: clientId,
    });
    expect(tokens).toMatchObject({
      access_token: 'at',
      refresh_token: 'rt',
      expires_in: 3600,
      token_type: 'bearer',
      idTokenClaims: { sub: 'user-1', nonce },
    });
  });

  it("without the nonce from the caller, the token's own nonce passes here (core compares it with the record)", async () => {
    const { nonce: _callersNonce, ...withoutNonce } = codeExchange;
    const tokens = await exchangeExactly(fakeProvider(), withoutNonce);
    expect(tokens.idTokenClaims).toMatchObject({ nonce });
  });

  const refused = async (claims: Claims, options: Parameters<typeof idToken>[1] = {}) => {
    const fake = fakeProvider();
    const token = await idToken(claims, options);
    fake.token = async () =>
      Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: token });
    const failure = await failureOf(exchange(fake));
    expect(failure).toMatchObject({ _tag: 'IdentityProviderError' });
    return failure;
  };

  it('a bad signature is refused', async () => {
    await refused({}, { key: otherKeys });
  });
  it('an unexpected algorithm is refused', async () => {
    await refused({}, { alg: 'HS256' });
  });
  it('a wrong issuer is refused', async () => {
    await refused({ iss: 'https://evil.example/v2.0' });
  });
  it('a wrong audience is refused', async () => {
    await refused({ aud: 'other-client' });
  });
  it('several audiences without our azp are refused', async () => {
    await refused({ aud: [clientId, 'other'], azp: 'other' });
  });
  it('a wrong nonce is refused', async () => {
    await refused({ nonce: 'x'.repeat(32) });
  });
  it('expired beyond 30 s of skew is refused; within the skew it passes', async () => {
    await refused({ exp: now() - 45, iat: now() - 3600 });
    const fake = fakeProvider();
    const token = await idToken({ exp: now() - 15, iat: now() - 3600 });
    fake.token = async () =>
      Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: token });
    await expect(exchange(fake)).resolves.toMatchObject({ idTokenClaims: { sub: 'user-1' } });
  });
  it('iat missing is refused', async () => {
    await refused({ iat: undefined });
  });
  it('a response without an ID token is refused', async () => {
    const fake = fakeProvider();
    fake.token = async () => Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600 });
    expect(await failureOf(exchange(fake))).toMatchObject({ _tag: 'IdentityProviderError' });
  });

  it("an OAuth error keeps error and AADB2C description for core's identity-error rules", async () => {
    const fake = fakeProvider();
    fake.token = async () =>
      Response.json(
        { error: 'invalid_grant', error_description: 'AADB2C90080: The provided grant has expired.' },
        { status: 400 },
      );
    const failure = await failureOf(exchange(fake));
    expect(failure).toMatchObject({
      _tag: 'IdentityProviderError',
      error: 'invalid_grant',
      errorDescription: 'AADB2C90080: The provided grant has expired.',
    });
    expect(
      identityError(
        { error: 'invalid_grant', error_description: 'AADB2C90080: The provided grant has expired.' },
        { signedIn: false, currentUrl: 'https://p/' },
      ),
    ).toMatchObject({ kind: 'auth', code: 'auth.identityProvider' });
  });

  it.each([
    ['an HTML 502', () => new Response('<html>502</html>', { status: 502, headers: { 'content-type': 'text/html' } })],
    ['null', () => Response.json(null)],
    ['broken JSON', () => new Response('{"access_token":', { headers: { 'content-type': 'application/json' } })],
    ['a non-numeric expires_in', () => Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: 'soon' })],
  ])('%s is a clean provider error', async (_label, answer) => {
    const fake = fakeProvider();
    fake.token = async () => answer();
    expect(await failureOf(exchange(fake))).toMatchObject({ _tag: 'IdentityProviderError' });
  });

  it('the iss response parameter: wrong is refused before the token request; missing while advertised passes only because core checked it', async () => {
    const fake = fakeProvider();
    expect(await failureOf(exchange(fake, { iss: 'https://evil.example/v2.0' }))).toMatchObject({
      _tag: 'IdentityProviderError',
      error: 'invalid_response',
    });
    expect(fake.requests.some((r) => r.url.endsWith('/token'))).toBe(false);
  });

  it("a token endpoint other than the policy's (a tampered record) is refused", async () => {
    const fake = fakeProvider();
    expect(await failureOf(exchange(fake, { tokenEndpoint: 'https://evil.example/token' }))).toMatchObject({
      _tag: 'IdentityProviderError',
      error: 'invalid_request',
    });
    expect(fake.requests.some((r) => r.url.endsWith('/token'))).toBe(false);
  });

  it('a transport failure stays a transport failure (core: auth.network)', async () => {
    const fake = fakeProvider();
    fake.token = async () => {
      throw new TypeError('fetch failed');
    };
    const failure = await failureOf(exchange(fake));
    expect(failure).toBeInstanceOf(TypeError);
  });
});

describe('refresh grant', () => {
  it('form-encoded refresh_token grant with scope; the ID token (without nonce) is verified', async () => {
    const fake = fakeProvider();
    const token = await idToken({ nonce: undefined });
    fake.token = async () =>
      Response.json({
        access_token: 'at2',
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: token,
        refresh_token: 'rt2',
      });
    const provider = createOidcIdentityProvider({ ...at(authority), clientId, fetch: fake.fetch });
    const tokens = await provider.refresh({
      policy,
      clientId,
      refreshToken: 'rt1',
      scope: 'openid offline_access api://portal-api/access',
    });
    expect(tokens).toMatchObject({ access_token: 'at2', refresh_token: 'rt2', idTokenClaims: { sub: 'user-1' } });
    const request = fake.requests.find((r) => r.url.endsWith('/token'));
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt1',
      scope: 'openid offline_access api://portal-api/access',
      client_id: clientId,
    });
  });

  it('a refresh answer without ID token or refresh token is handed over as it is (core keeps the old ones)', async () => {
    const fake = fakeProvider();
    fake.token = async () => Response.json({ access_token: 'at2', token_type: 'Bearer', expires_in: 3600 });
    const tokens = await createOidcIdentityProvider({ ...at(authority), clientId, fetch: fake.fetch }).refresh({
      policy,
      clientId,
      refreshToken: 'rt1',
      scope: 'openid',
    });
    expect(tokens).toEqual({ access_token: 'at2', token_type: 'bearer', expires_in: 3600 });
  });

  it('a refreshed ID token with a bad signature is refused', async () => {
    const fake = fakeProvider();
    const token = await idToken({ nonce: undefined }, { key: otherKeys });
    fake.token = async () =>
      Response.json({ access_token: 'at2', token_type: 'Bearer', expires_in: 3600, id_token: token });
    const failure = await failureOf(
      createOidcIdentityProvider({ ...at(authority), clientId, fetch: fake.fetch }).refresh({
        policy,
        clientId,
        refreshToken: 'rt1',
        scope: 'openid',
      }),
    );
    expect(failure).toMatchObject({ _tag: 'IdentityProviderError', error: 'invalid_id_token' });
  });

  it('invalid_grant (a reused refresh token) is an IdentityProviderError', async () => {
    const fake = fakeProvider();
    fake.token = async () =>
      Response.json(
        { error: 'invalid_grant', error_description: 'AADB2C90129: The provided grant has been revoked.' },
        { status: 400 },
      );
    const failure = await failureOf(
      createOidcIdentityProvider({ ...at(authority), clientId, fetch: fake.fetch }).refresh({
        policy,
        clientId,
        refreshToken: 'old',
        scope: 'openid',
      }),
    );
    expect(failure).toMatchObject({ _tag: 'IdentityProviderError', error: 'invalid_grant' });
  });
});

describe('sign-in round trip: fewer sequential requests', () => {
  const discoveryUrl = `${issuer}/.well-known/openid-configuration`;
  const keysUrl = `${authority}/${policy}/discovery/v2.0/keys`;
  const tokenUrl = `${authority}/${policy}/oauth2/v2.0/token`;
  const request = {
    policy,
    tokenEndpoint: tokenUrl,
    clientId,
    redirectUri: 'https://portal.example/auth/login',
    code: 'c',
    codeVerifier: 'v'.repeat(128),
    nonce,
  };
  it('the key set is requested while the token request is still open', async () => {
    const fake = fakeProvider();
    const answer = fake.token;
    // The token endpoint answers only once the key set has been asked for.
    fake.token = async () => {
      // (Bounded: without the prefetch the order assertion below fails instead of hanging.)
      await new Promise<void>((resolve) => {
        let turns = 0;
        const check = () =>
          fake.requests.some((r) => r.url === keysUrl) || (turns += 1) > 10_000 ? resolve() : queueMicrotask(check);
        check();
      });
      return answer();
    };
    const provider = createOidcIdentityProvider({ ...at(authority), clientId, fetch: fake.fetch });
    await provider.discover(policy);
    const result = await provider.exchangeCode(request);
    expect(result.idTokenClaims).toMatchObject({ sub: 'user-1' });
    expect(fake.requests.map((r) => r.url)).toEqual([discoveryUrl, keysUrl, tokenUrl]);
    // A fresh key set is not asked for again.
    await provider.exchangeCode(request);
    expect(fake.requests.filter((r) => r.url === keysUrl)).toHaveLength(1);
  });

  it('the refresh grant loads the key set alongside, too; a failed prefetch is retried by the verification', async () => {
    const fake = fakeProvider();
    let keyFailures = 1;
    const flaky = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url === keysUrl && keyFailures > 0) {
        keyFailures -= 1;
        fake.requests.push({ url, body: '' });
        throw new TypeError('fetch failed');
      }
      return fake.fetch(input, init);
    }) as typeof fetch;
    fake.token = async () =>
      Response.json({
        access_token: 'at2',
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: await idToken({ nonce: undefined }),
      });
    const provider = createOidcIdentityProvider({ ...at(authority), clientId, fetch: flaky });
    const result = await provider.refresh({ policy, clientId, refreshToken: 'rt', scope: 'openid' });
    expect(result.idTokenClaims).toMatchObject({ sub: 'user-1' });
    expect(fake.requests.filter((r) => r.url === keysUrl)).toHaveLength(2);
  });
});

describe('a confidential client', () => {
  const tokenRequest = (fake: Fake) => fake.requests.find((r) => r.url.endsWith('/oauth2/v2.0/token'));

  it('a client secret goes in the Authorization header (client_secret_basic), never in the body', async () => {
    const fake = fakeProvider();
    await createOidcIdentityProvider({
      ...at(authority),
      clientId,
      fetch: fake.fetch,
      clientAuthentication: { method: 'client_secret_basic', secret: 's3cr:t' },
    }).exchangeCode(codeExchange);
    const sent = tokenRequest(fake);
    const [scheme, credentials] = (sent?.authorization ?? '').split(' ');
    expect(scheme).toBe('Basic');
    // RFC 6749 §2.3.1: each part form-encoded, then joined by a colon.
    expect(
      atob(credentials ?? '')
        .split(':')
        .map(decodeURIComponent),
    ).toEqual([clientId, 's3cr:t']);
    expect(sent?.body).not.toContain('s3cr');
  });

  it('client_secret_post sends the secret in the body instead', async () => {
    const fake = fakeProvider();
    await createOidcIdentityProvider({
      ...at(authority),
      clientId,
      fetch: fake.fetch,
      clientAuthentication: { method: 'client_secret_post', secret: 's3cret' },
    }).exchangeCode(codeExchange);
    const sent = tokenRequest(fake);
    expect(sent?.authorization).toBeNull();
    expect(new URLSearchParams(sent?.body).get('client_secret')).toBe('s3cret');
    expect(new URLSearchParams(sent?.body).get('client_id')).toBe(clientId);
  });

  it('a private key signs a client assertion (private_key_jwt) for the token endpoint, also for a refresh', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid: 'portal-1', alg: 'ES256' };
    const fake = fakeProvider();
    const provider = createOidcIdentityProvider({
      ...at(authority),
      clientId,
      fetch: fake.fetch,
      clientAuthentication: { method: 'private_key_jwt', privateJwk },
    });
    await provider.exchangeCode(codeExchange);
    await provider.refresh({ policy, clientId, refreshToken: 'rt', scope: 'openid' });
    const bodies = fake.requests
      .filter((r) => r.url.endsWith('/oauth2/v2.0/token'))
      .map((r) => new URLSearchParams(r.body));
    expect(bodies).toHaveLength(2);
    for (const body of bodies) {
      expect(body.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
      const { payload, protectedHeader } = await jwtVerify(body.get('client_assertion') ?? '', pair.publicKey);
      expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'portal-1' });
      expect(payload).toMatchObject({ iss: clientId, sub: clientId });
    }
  });
});

describe("claims by the provider's names", () => {
  it('hands core the e-mail, names and data claim under the names it reads', () => {
    expect(
      canonicalClaims(
        { sub: 'u', mail: 'a@example.com', firstName: 'Ada', lastName: 'L', portal: { permissions: [] } },
        { email: 'mail', givenName: 'firstName', familyName: 'lastName', data: 'portal' },
      ),
    ).toEqual({
      sub: 'u',
      mail: 'a@example.com',
      firstName: 'Ada',
      lastName: 'L',
      portal: { permissions: [] },
      email: 'a@example.com',
      given_name: 'Ada',
      family_name: 'L',
      hkData: { permissions: [] },
    });
    // B2C sends the addresses as an array; a configured name that is absent leaves no claim behind.
    expect(
      canonicalClaims({ sub: 'u', emails: ['b@example.com'], email: 'spoof@example.com' }, { email: 'upn' }),
    ).toEqual({
      sub: 'u',
      emails: ['b@example.com'],
      email: 'b@example.com',
    });
  });
});
