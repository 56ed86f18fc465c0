// The whole code flow against the running provider, over real HTTP on loopback. The API's
// internal endpoints are a stub (a peer, not the system under test); every token is checked
// with jose against the provider's published key set.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };
import { AccountStore } from './accounts/store.ts';
import { configFromEnv, type PolicyKind } from './config.ts';
import { startIdp, type Idp } from './server.ts';
import { startApiStub, type ApiStub } from './testing/api-stub.ts';
import { Browser, isPage } from '@portal/tooling/browser';
import {
  callback,
  type HkClaims,
  LOGIN_CB,
  page,
  PASSWORD,
  PORTAL,
  portalFlow,
  REFRESH_CB,
  SCOPE,
  SHOP,
} from './testing/flow.ts';

const admin = identities.accounts[0] ?? { id: '', email: '' };
const partner = identities.accounts[2] ?? { id: '', email: '' };
const employee = identities.accounts[4] ?? { id: '', email: '' };
const customer = identities.accounts[3] ?? { id: '', email: '' };
const shopId = identities.clients.dealerShop.clientId;

let stub: ApiStub;
let idp: Idp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hk-idp-test-'));
  stub = await startApiStub();
  idp = await startIdp({
    ...configFromEnv({}),
    port: 0,
    dataDir,
    apiUrl: stub.url,
    portalUrl: PORTAL,
    dealerShopUrl: SHOP,
  });
  stub.trust(idp.config.authority, idp.policies.signin.urls.jwks, idp.config.apiAudience);
});

afterAll(async () => {
  await idp.close();
  await stub.close();
  await rm(dataDir, { recursive: true, force: true });
});

const { authorize, signIn, token, exchange } = portalFlow(() => idp);

/** Verifies ID and access token with jose against the policy's JWKS; returns both payloads. */
async function verifyTokens(kind: PolicyKind, tokens: Record<string, string>, nonce?: string) {
  const { issuer, jwks } = idp.policies[kind].urls;
  const keySet = createRemoteJWKSet(new URL(jwks));
  const id = await jwtVerify<HkClaims>(tokens.id_token ?? '', keySet, {
    issuer,
    audience: identities.clients.portal.clientId,
    algorithms: ['RS256'],
  });
  if (nonce) expect(id.payload.nonce).toBe(nonce);
  const access = await jwtVerify<HkClaims>(tokens.access_token ?? '', keySet, {
    issuer,
    audience: idp.config.apiAudience,
    algorithms: ['RS256'],
    typ: 'at+jwt',
  });
  // The API verifies with the one key set of the sign-in policy, whatever the policy.
  await jwtVerify(tokens.access_token ?? '', createRemoteJWKSet(new URL(idp.policies.signin.urls.jwks)), {
    audience: idp.config.apiAudience,
  });
  return { id: id.payload, access: access.payload };
}

describe('discovery', () => {
  it('publishes one issuer per policy, B2C style, all with the same key set', async () => {
    const keySets = new Set<string>();
    for (const policy of Object.values(idp.policies)) {
      const response = await fetch(policy.urls.discovery, { headers: { origin: PORTAL } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeTruthy();
      const doc = (await response.json()) as Record<string, unknown>;
      expect(doc.issuer).toBe(`${idp.config.authority}/${policy.name}/v2.0`);
      expect(doc.jwks_uri).toBe(`${idp.config.authority}/${policy.name}/discovery/v2.0/keys`);
      expect(doc.authorization_endpoint).toBe(`${idp.config.authority}/${policy.name}/oauth2/v2.0/authorize`);
      expect(doc.token_endpoint).toBe(`${idp.config.authority}/${policy.name}/oauth2/v2.0/token`);
      expect(doc.end_session_endpoint).toBe(`${idp.config.authority}/${policy.name}/oauth2/v2.0/logout`);
      expect(doc.code_challenge_methods_supported).toEqual(['S256']);
      expect(doc.response_types_supported).toEqual(['code']);
      const keys = await fetch(doc.jwks_uri as string);
      const body = (await keys.json()) as { keys: Record<string, unknown>[] };
      expect(body.keys.every((k) => k.d === undefined && k.p === undefined)).toBe(true);
      keySets.add(JSON.stringify(body));
    }
    expect(keySets.size).toBe(1);
    const viaOauth4webapi = await oauth.processDiscoveryResponse(
      new URL(idp.policies.signin.urls.issuer),
      await oauth.discoveryRequest(new URL(idp.policies.signin.urls.issuer), { [oauth.allowInsecureRequests]: true }),
    );
    expect(viaOauth4webapi.issuer).toBe(idp.policies.signin.urls.issuer);
  });

  it('keeps the key set in the data directory across restarts', async () => {
    const again = await startIdp({ ...idp.config, port: 0 });
    try {
      const a: unknown = await (await fetch(idp.policies.signin.urls.jwks)).json();
      const b: unknown = await (await fetch(again.policies.refresh.urls.jwks)).json();
      expect(b).toEqual(a);
    } finally {
      await again.close();
    }
  });
});

describe('sign-in with the code flow', () => {
  it('refuses a wrong password with a message, then issues verified tokens with claims', async () => {
    const browser = new Browser();
    const started = await authorize(browser, 'signin');
    const form = page(started.result);
    expect(form.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(form.html).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>|\sstyle=|\son\w+=/);
    const wrong = page(
      await browser.submit(form, { email: admin.email, password: 'nope', action: 'submit' }, [PORTAL]),
    );
    expect(wrong.status).toBe(200);
    expect(wrong.html).toContain('E-Mail-Adresse oder Passwort ist falsch.');
    expect(wrong.html).toContain('role="alert"');
    const cb = callback(
      await browser.submit(wrong, { email: admin.email, password: PASSWORD, action: 'submit' }, [PORTAL]),
    );
    expect(cb.origin + cb.pathname).toBe(LOGIN_CB);
    expect(cb.searchParams.get('state')).toBe(started.state);
    expect(cb.searchParams.get('iss')).toBe(idp.policies.signin.urls.issuer);
    const tokens = await exchange('signin', cb.searchParams.get('code') ?? '', started.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toBeTruthy();
    const { id, access } = await verifyTokens('signin', tokens.body, started.nonce);
    expect(id.sub).toBe(admin.id);
    expect(id.name).toBe('Greta Gruber');
    expect(id.given_name).toBe('Greta');
    expect(id.family_name).toBe('Gruber');
    expect(id.email).toBe(admin.email);
    expect(id.internal).toBe(true);
    expect(id.hkData.attributes.firstName).toBe('Greta');
    expect(id.hkData.permissions).toContain('applications.read');
    expect(access.sub).toBe(admin.id);
    expect(access.scp).toBe('access');
    expect(access.hkData).toEqual(id.hkData);
  });

  it('marks only internal company accounts as internal', async () => {
    const { cb, verifier } = await signIn(new Browser(), partner.email);
    const tokens = await exchange('signin', cb.searchParams.get('code') ?? '', verifier);
    const { id } = await verifyTokens('signin', tokens.body);
    expect(id.internal).toBe(false);
  });

  it('answers CORS for the portal on token, keys and end-session, and for nobody else on token', async () => {
    const preflight = (origin: string) =>
      fetch(idp.policies.signin.urls.token, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    expect((await preflight(PORTAL)).headers.get('access-control-allow-origin')).toBe(PORTAL);
    const keys = await fetch(idp.policies.signin.urls.jwks, { headers: { origin: PORTAL } });
    expect(keys.headers.get('access-control-allow-origin')).toBeTruthy();
    const endSession = await fetch(
      `${idp.policies.signin.urls.endSession}?client_id=${identities.clients.portal.clientId}`,
      { headers: { origin: PORTAL } },
    );
    expect(endSession.headers.get('access-control-allow-origin')).toBe(PORTAL);
    const { cb, verifier } = await signIn(new Browser(), customer.email);
    const evil = await token(
      'signin',
      {
        grant_type: 'authorization_code',
        code: cb.searchParams.get('code') ?? '',
        code_verifier: verifier,
        redirect_uri: LOGIN_CB,
      },
      { origin: 'http://evil.test' },
    );
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.body.error).toBe('invalid_request');
  });

  it('rotates refresh tokens and refuses a reused one (invalid_grant), revoking the chain', async () => {
    const { cb, verifier } = await signIn(new Browser(), partner.email);
    const first = await exchange('signin', cb.searchParams.get('code') ?? '', verifier);
    const r1 = first.body.refresh_token ?? '';
    // The portal repeats the scope of the authorization request, offline_access included.
    const second = await token('signin', { grant_type: 'refresh_token', refresh_token: r1, scope: SCOPE });
    expect(second.status).toBe(200);
    const r2 = second.body.refresh_token ?? '';
    expect(r2).toBeTruthy();
    expect(r2).not.toBe(r1);
    await verifyTokens('signin', second.body);
    const reused = await token('signin', { grant_type: 'refresh_token', refresh_token: r1 });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    expect(reused.body.error_description).toMatch(/^AADB2C/);
    const afterTheft = await token('signin', { grant_type: 'refresh_token', refresh_token: r2 });
    expect(afterTheft.body.error).toBe('invalid_grant');
  });
});

describe('claims refresh', () => {
  it('re-issues tokens with fresh claims, silently while the user has a session', async () => {
    const browser = new Browser();
    const { cb, verifier } = await signIn(browser, customer.email);
    const first = await exchange('signin', cb.searchParams.get('code') ?? '', verifier);
    expect((await verifyTokens('signin', first.body)).id.hkData.permissions).toEqual([]);

    stub.setPermissions(customer.id, ['orders.read']);
    const refresh = await authorize(browser, 'refresh');
    const back = callback(refresh.result);
    expect(back.origin + back.pathname).toBe(REFRESH_CB);
    expect(back.searchParams.get('state')).toBe(refresh.state);
    const fresh = await exchange('refresh', back.searchParams.get('code') ?? '', refresh.verifier);
    expect(fresh.status).toBe(200);
    const { id, access } = await verifyTokens('refresh', fresh.body, refresh.nonce);
    expect(id.sub).toBe(customer.id);
    expect(id.hkData.permissions).toEqual(['orders.read']);
    expect(access.hkData.permissions).toEqual(['orders.read']);

    // The refresh-token grant reads the claims again too.
    stub.setPermissions(customer.id, ['orders.read', 'orders.write']);
    const rotated = await token('signin', {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token ?? '',
    });
    expect((await verifyTokens('signin', rotated.body)).id.hkData.permissions).toEqual(['orders.read', 'orders.write']);
    stub.setPermissions(customer.id, []);
  });

  it('ends the whole tenant session at the sign-in policy, even with an ID token of the refresh policy', async () => {
    const browser = new Browser();
    await signIn(browser, partner.email);
    const refresh = await authorize(browser, 'refresh');
    const back = callback(refresh.result);
    const fresh = await exchange('refresh', back.searchParams.get('code') ?? '', refresh.verifier);
    // Refresh tokens are tenant-wide (one store): redeemed at a policy's token endpoint, the
    // new tokens carry that policy's issuer.
    const cross = await token('signin', { grant_type: 'refresh_token', refresh_token: fresh.body.refresh_token ?? '' });
    expect(cross.status).toBe(200);
    expect((await verifyTokens('signin', cross.body)).id.sub).toBe(partner.id);
    const rotated = await token('refresh', {
      grant_type: 'refresh_token',
      refresh_token: cross.body.refresh_token ?? '',
    });
    expect(rotated.status).toBe(200);
    expect(decodeJwt(rotated.body.id_token ?? '').iss).toBe(idp.policies.refresh.urls.issuer);
    const url = new URL(idp.policies.signin.urls.endSession);
    url.search = new URLSearchParams({
      id_token_hint: rotated.body.id_token ?? '',
      post_logout_redirect_uri: `${PORTAL}/auth/logout-success`,
    }).toString();
    const done = callback(await browser.submit(page(await browser.go(url.href, [PORTAL])), {}, [PORTAL]));
    expect(done.origin + done.pathname).toBe(`${PORTAL}/auth/logout-success`);
    expect(page((await authorize(browser, 'signin')).result).html).toContain('name="password"');
    expect(page((await authorize(browser, 'refresh')).result).html).toContain('name="password"');
    const refused = await token('refresh', {
      grant_type: 'refresh_token',
      refresh_token: rotated.body.refresh_token ?? '',
    });
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('asks for the password again with prompt=login or max_age=0, despite the session', async () => {
    const browser = new Browser();
    await signIn(browser, customer.email);
    expect(page((await authorize(browser, 'signin', { prompt: 'login' })).result).html).toContain('name="password"');
    expect(page((await authorize(browser, 'refresh', { max_age: '0' })).result).html).toContain('name="password"');
    expect(isPage((await authorize(browser, 'refresh')).result)).toBe(false);
  });

  it('asks for the password when there is no session', async () => {
    const started = await authorize(new Browser(), 'refresh');
    expect(page(started.result).html).toContain('name="password"');
  });
});

describe('cancel, errors and logout', () => {
  it('cancel ends with access_denied and AADB2C90091, keeping the state', async () => {
    const browser = new Browser();
    const started = await authorize(browser, 'signin');
    const cb = callback(await browser.submit(page(started.result), { action: 'cancel' }, [PORTAL]));
    expect(cb.searchParams.get('error')).toBe('access_denied');
    expect(cb.searchParams.get('error_description')).toBe(
      'AADB2C90091: The user has cancelled entering self-asserted information.',
    );
    expect(cb.searchParams.get('state')).toBe(started.state);
    expect(cb.searchParams.get('code')).toBeNull();
  });

  it('Back to a used sign-in page: on to the client’s sign-in start, never the expired error (#30.10)', async () => {
    const browser = new Browser();
    const started = await authorize(browser, 'signin');
    const form = page(started.result);
    callback(await browser.submit(form, { email: partner.email, password: PASSWORD, action: 'submit' }, [PORTAL]));
    // The browser shows the sign-in page again (Back): the portal starts a new round trip (signed in: straight on).
    const back = await browser.go(form.url, [PORTAL]);
    expect(back).toEqual({ stoppedAt: `${PORTAL}/auth/login` });
    // The dealer shop's used page: its own sign-in start.
    const shop = await browser.go(
      `${idp.policies.signin.urls.authorization}?${new URLSearchParams({
        client_id: shopId,
        response_type: 'code',
        redirect_uri: `${SHOP}/callback`,
        scope: 'openid',
        state: 'shop-state-1234',
        nonce: 'n',
        code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
        code_challenge_method: 'S256',
        prompt: 'login',
      })}`,
      [PORTAL, SHOP],
    );
    const shopForm = page(shop);
    await browser.submit(shopForm, { action: 'cancel' }, [PORTAL, SHOP]);
    expect(await browser.go(shopForm.url, [PORTAL, SHOP])).toEqual({ stoppedAt: `${SHOP}/login` });
  });

  it('an unknown sign-in page: the expired error in the browser’s language, with the way to the portal’s sign-in', async () => {
    const interaction = page(await authorize(new Browser(), 'signin').then((s) => s.result)).url.replace(
      /interaction\/[^/?#]+/,
      'interaction/unknown-uid-1234',
    );
    const response = await fetch(interaction, { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('AADB2C90208');
    expect(html).toContain(`<a class="button primary" href="${PORTAL}/auth/login">Sign in again</a>`);
  });

  it('fails the sign-in with an AADB2C error and no code when the API is unreachable', async () => {
    const browser = new Browser();
    const started = await authorize(browser, 'signin');
    stub.setDown(true);
    try {
      const cb = callback(
        await browser.submit(page(started.result), { email: partner.email, password: PASSWORD, action: 'submit' }, [
          PORTAL,
        ]),
      );
      expect(cb.searchParams.get('error')).toBe('server_error');
      expect(cb.searchParams.get('error_description')).toMatch(/^AADB2C90075: /);
      expect(cb.searchParams.get('code')).toBeNull();
    } finally {
      stub.setDown(false);
    }
  });

  it('signs the internal bearer token so that the API accepts it', () => {
    expect(stub.refused).toBe(0);
    expect(stub.calls).toContain(`GET /Internal/Users/${admin.id}/Claims`);
  });

  it('logs out (RP-initiated): back to the portal with state, session and refresh token ended', async () => {
    const browser = new Browser();
    const { cb, verifier } = await signIn(browser, partner.email);
    const tokens = await exchange('signin', cb.searchParams.get('code') ?? '', verifier);
    const url = new URL(idp.policies.signin.urls.endSession);
    url.search = new URLSearchParams({
      id_token_hint: tokens.body.id_token ?? '',
      post_logout_redirect_uri: `${PORTAL}/auth/logout-success`,
      state: 'bye',
    }).toString();
    const confirm = page(await browser.go(url.href, [PORTAL]));
    expect(confirm.html).toContain('data-autosubmit');
    const done = callback(await browser.submit(confirm, {}, [PORTAL]));
    expect(done.origin + done.pathname).toBe(`${PORTAL}/auth/logout-success`);
    expect(done.searchParams.get('state')).toBe('bye');
    const again = await authorize(browser, 'refresh');
    expect(page(again.result).html).toContain('name="password"');
    const refused = await token('signin', {
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token ?? '',
    });
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('refuses an unregistered post-logout redirect', async () => {
    const url = new URL(idp.policies.signin.urls.endSession);
    url.search = new URLSearchParams({
      client_id: identities.clients.portal.clientId,
      post_logout_redirect_uri: 'http://evil.test/',
    }).toString();
    const response = await new Browser().request(url.href);
    expect(response.status).toBe(400);
    expect(response.html).toContain('AADB2C');
  });
});

describe('refusals as the standards say', () => {
  it('a wrong PKCE verifier: invalid_grant', async () => {
    const { cb } = await signIn(new Browser(), partner.email);
    const result = await exchange('signin', cb.searchParams.get('code') ?? '', oauth.generateRandomCodeVerifier());
    expect(result.status).toBe(400);
    expect(result.body.error).toBe('invalid_grant');
    expect(result.body.error_description).toMatch(/^AADB2C90184: /);
  });

  it('a wrong redirect URI at the token endpoint: invalid_grant', async () => {
    const { cb, verifier } = await signIn(new Browser(), partner.email);
    const result = await exchange('signin', cb.searchParams.get('code') ?? '', verifier, REFRESH_CB);
    expect(result.body.error).toBe('invalid_grant');
  });

  it('an unregistered redirect URI at authorize: an error page, never a redirect', async () => {
    const { result } = await authorize(new Browser(), 'signin', { redirect_uri: `${PORTAL}/auth/login/evil` });
    const p = page(result);
    expect(p.status).toBe(400);
    expect(p.html).toContain('AADB2C90006');
  });

  it('a reused code: invalid_grant, and the tokens of the first use are revoked', async () => {
    const { cb, verifier } = await signIn(new Browser(), partner.email);
    const code = cb.searchParams.get('code') ?? '';
    const first = await exchange('signin', code, verifier);
    expect(first.status).toBe(200);
    const second = await exchange('signin', code, verifier);
    expect(second.body.error).toBe('invalid_grant');
    const refresh = await token('signin', {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token ?? '',
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('no PKCE challenge: invalid_request back to the client with an AADB2C code', async () => {
    const { result, state } = await authorize(new Browser(), 'signin', {
      code_challenge: '',
      code_challenge_method: '',
    });
    const cb = callback(result);
    expect(cb.searchParams.get('error')).toBe('invalid_request');
    expect(cb.searchParams.get('error_description')).toMatch(/^AADB2C/);
    expect(cb.searchParams.get('state')).toBe(state);
  });

  it('prompt=none without a session: login_required with AADB2C90077', async () => {
    const { result } = await authorize(new Browser(), 'signin', { prompt: 'none' });
    const cb = callback(result);
    expect(cb.searchParams.get('error')).toBe('login_required');
    expect(cb.searchParams.get('error_description')).toMatch(/^AADB2C90077: /);
  });
});

describe('app access gate', () => {
  async function shopAuthorize(browser: Browser) {
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(idp.policies.signin.urls.authorization);
    url.search = new URLSearchParams({
      client_id: shopId,
      response_type: 'code',
      redirect_uri: `${SHOP}/callback`,
      scope: 'openid',
      state: 's1',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();
    return { verifier, result: await browser.go(url.href, [PORTAL, SHOP]) };
  }

  it('sends the user to the portal when something stands between them and the application', async () => {
    stub.setAuthCheck(partner.id, shopId, 'missingAttributes');
    const browser = new Browser();
    const form = page((await shopAuthorize(browser)).result);
    expect(form.html).toContain('Anmeldung für Händlerbestellung');
    const gated = callback(
      await browser.submit(form, { email: partner.email, password: PASSWORD, action: 'submit' }, [PORTAL, SHOP]),
    );
    expect(gated.href).toBe(`${PORTAL}/flows/auth?client_id=${shopId}`);
    expect(stub.calls).toContain('GET /Internal/AuthCheck');
    // Once the portal has cleared the way, the application's next sign-in passes silently.
    stub.setAuthCheck(partner.id, shopId, 'ok');
    const again = await shopAuthorize(browser);
    const cb = callback(again.result);
    expect(cb.origin + cb.pathname).toBe(`${SHOP}/callback`);
    const tokens = await token('signin', {
      client_id: shopId,
      grant_type: 'authorization_code',
      code: cb.searchParams.get('code') ?? '',
      code_verifier: again.verifier,
      redirect_uri: `${SHOP}/callback`,
    });
    expect(tokens.status).toBe(200);
    const keys = createRemoteJWKSet(new URL(idp.policies.signin.urls.jwks));
    const { payload } = await jwtVerify<HkClaims>(tokens.body.id_token ?? '', keys, {
      issuer: idp.policies.signin.urls.issuer,
      audience: shopId,
    });
    expect(payload.sub).toBe(partner.id);
    expect(payload.hkData.attributes.firstName).toBe('Dana');
    // It did not ask for the API scope, so it holds no access token for the API.
    expect(tokens.body.access_token?.split('.').length ?? 0).not.toBe(3);
    expect(tokens.body.refresh_token).toBeUndefined();
  });

  it('refuses an application the API does not know, with access_denied and AADB2C90018', async () => {
    stub.setClientKnown(shopId, false);
    try {
      const browser = new Browser();
      const cb = callback(
        await browser.submit(
          page((await shopAuthorize(browser)).result),
          { email: customer.email, password: PASSWORD, action: 'submit' },
          [PORTAL, SHOP],
        ),
      );
      expect(cb.searchParams.get('error')).toBe('access_denied');
      expect(cb.searchParams.get('error_description')).toMatch(/^AADB2C90018: /);
      expect(cb.searchParams.get('state')).toBe('s1');
    } finally {
      stub.setClientKnown(shopId, true);
    }
  });

  it('does not ask for the portal itself', async () => {
    const before = stub.calls.filter((c) => c === 'GET /Internal/AuthCheck').length;
    await signIn(new Browser(), partner.email);
    expect(stub.calls.filter((c) => c === 'GET /Internal/AuthCheck').length).toBe(before);
  });
});

describe('password and e-mail change policies', () => {
  it('changes the password, persisted, and signs in with the new one only', async () => {
    const browser = new Browser();
    const account = identities.accounts[5] ?? { id: '', email: '' };
    const started = await authorize(browser, 'password');
    const form = page(started.result);
    expect(form.html).toContain('Passwort ändern');
    const weak = page(
      await browser.submit(
        form,
        {
          email: account.email,
          currentPassword: PASSWORD,
          newPassword: 'short',
          repeatPassword: 'short',
          action: 'submit',
        },
        [PORTAL],
      ),
    );
    expect(weak.html).toContain('8 bis 64 Zeichen');
    const cb = callback(
      await browser.submit(
        weak,
        {
          email: account.email,
          currentPassword: PASSWORD,
          newPassword: 'Neu-Passwort-2026',
          repeatPassword: 'Neu-Passwort-2026',
          action: 'submit',
        },
        [PORTAL],
      ),
    );
    const tokens = await exchange('password', cb.searchParams.get('code') ?? '', started.verifier);
    expect((await verifyTokens('password', tokens.body)).id.sub).toBe(account.id);

    const reopened = await AccountStore.open(dataDir);
    expect(await reopened.authenticate(account.email, 'Neu-Passwort-2026')).toBeTruthy();
    expect(await reopened.authenticate(account.email, PASSWORD)).toBeUndefined();
  });

  it('refuses both changes for internal company accounts', async () => {
    for (const kind of ['password', 'email'] as const) {
      const browser = new Browser();
      const started = await authorize(browser, kind);
      const fields: Record<string, string> =
        kind === 'password'
          ? {
              email: employee.email,
              currentPassword: PASSWORD,
              newPassword: 'Other-Passw0rd',
              repeatPassword: 'Other-Passw0rd',
            }
          : { email: employee.email, password: PASSWORD, newEmail: 'ilse@example.test' };
      const refused = page(await browser.submit(page(started.result), { ...fields, action: 'submit' }, [PORTAL]));
      expect(refused.status).toBe(200);
      expect(refused.html).toContain('Firmenkonten');
    }
  });

  it('changes the e-mail address at the API and for sign-in', async () => {
    const browser = new Browser();
    const account = identities.accounts[1] ?? { id: '', email: '' };
    const started = await authorize(browser, 'email', { ui_locales: 'en' });
    const form = page(started.result);
    expect(form.html).toContain('Change e-mail address');
    const cb = callback(
      await browser.submit(
        form,
        { email: account.email, password: PASSWORD, newEmail: 'paul.planer@hk-demo.test', action: 'submit' },
        [PORTAL],
      ),
    );
    expect(stub.calls).toContain(`PUT /Internal/Users/${account.id}/Email`);
    const tokens = await exchange('email', cb.searchParams.get('code') ?? '', started.verifier);
    expect((await verifyTokens('email', tokens.body)).id.email).toBe('paul.planer@hk-demo.test');
    expect(await idp.accounts.authenticate('paul.planer@hk-demo.test', PASSWORD)).toBeTruthy();
    expect(await idp.accounts.authenticate(account.email, PASSWORD)).toBeUndefined();
  });
});

describe('the sign-in page', () => {
  it('speaks the language of ui_locales, then of Accept-Language', async () => {
    const en = page((await authorize(new Browser(), 'signin', { ui_locales: 'en-GB' })).result);
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain('>Sign in<');
    const browser = new Browser();
    browser.acceptLanguage = 'pl-PL, fr;q=0.8';
    const pl = page((await authorize(browser, 'signin')).result);
    expect(pl.html).toContain('<html lang="pl">');
    expect(pl.html).toContain('Anuluj');
  });

  it('lists the demo accounts in development only', async () => {
    const dev = page((await authorize(new Browser(), 'signin')).result);
    expect(dev.html).toContain(admin.email);
    expect(dev.html).toContain(PASSWORD);
    const prod = await startIdp({ ...idp.config, port: 0, production: true });
    try {
      const url = new URL(prod.policies.signin.urls.authorization);
      url.search = new URLSearchParams({
        client_id: identities.clients.portal.clientId,
        response_type: 'code',
        redirect_uri: LOGIN_CB,
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }).toString();
      const p = page(await new Browser().go(url.href, [PORTAL]));
      expect(p.html).toContain('name="password"');
      expect(p.html).not.toContain(PASSWORD);
    } finally {
      await prod.close();
    }
  });
});
