// The b2c-tenant shape (IDP_SHAPE=b2c-tenant): the provider laid out as a real Azure AD B2C
// tenant. Discovery under `<tenant>.onmicrosoft.com/<policy>/v2.0`, ONE issuer
// `<authority>/<tenant id>/v2.0/` for every policy, the policy in `tfp` (or `acr`), `emails` as an
// array. The relying party's side is oauth4webapi (issuer, `iss` parameter, ID token checks)
// and jose (signatures against the published key set).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };
import { Browser } from '@portal/tooling/browser';
import { configFromEnv, defaultTenant, type PolicyKind } from './config.ts';
import { startIdp, type Idp } from './server.ts';
import { startApiStub, type ApiStub } from './testing/api-stub.ts';
import {
  callback,
  type HkClaims,
  LOGIN_CB,
  page,
  PORTAL,
  portalFlow,
  portalId,
  redirectUriOf,
  SHOP,
} from './testing/flow.ts';

const admin = identities.accounts[0] ?? { id: '', email: '' };
const partner = identities.accounts[2] ?? { id: '', email: '' };
const customer = identities.accounts[3] ?? { id: '', email: '' };
const kinds: PolicyKind[] = ['signin', 'refresh', 'password', 'email'];
const insecure = { [oauth.allowInsecureRequests]: true } as const;
const client: oauth.Client = { client_id: portalId };

interface Running {
  idp: Idp;
  stub: ApiStub;
  dataDir: string;
}

async function start(env: Record<string, string>): Promise<Running> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hk-idp-b2c-test-'));
  const stub = await startApiStub();
  const idp = await startIdp({
    ...configFromEnv(env),
    port: 0,
    dataDir,
    apiUrl: stub.url,
    portalUrl: PORTAL,
    dealerShopUrl: SHOP,
  });
  stub.trust(idp.config.authority, idp.policies.signin.urls.jwks, idp.config.apiAudience);
  return { idp, stub, dataDir };
}

async function stop(r: Running | undefined): Promise<void> {
  if (!r) return;
  await r.idp.close();
  await r.stub.close();
  await rm(r.dataDir, { recursive: true, force: true });
}

/** The authorization server as the relying party knows it: the policy's discovery document. */
async function discover(idp: Idp, kind: PolicyKind): Promise<oauth.AuthorizationServer> {
  const { issuer, discovery } = idp.policies[kind].urls;
  // The document is not at `${issuer}/.well-known/…` (B2C's is not either): fetched from the
  // policy's location, its issuer is checked against the tenant's.
  return oauth.processDiscoveryResponse(new URL(issuer), await fetch(discovery));
}

/** A code flow with PKCE as the portal runs it: scripted browser, oauth4webapi, jose. */
function relyingParty(current: () => Idp) {
  const flow = portalFlow(current);

  async function verify(tokens: { id_token?: string; access_token: string }, nonce?: string) {
    const idp = current();
    const keys = createRemoteJWKSet(new URL(idp.policies.signin.urls.jwks));
    const issuer = idp.policies.signin.urls.issuer;
    const id = await jwtVerify<HkClaims>(tokens.id_token ?? '', keys, {
      issuer,
      audience: portalId,
      algorithms: ['RS256'],
    });
    if (nonce) expect(id.payload.nonce).toBe(nonce);
    const access = await jwtVerify<HkClaims>(tokens.access_token, keys, {
      issuer,
      audience: idp.config.apiAudience,
      algorithms: ['RS256'],
      typ: 'at+jwt',
    });
    return { id: id.payload, access: access.payload };
  }

  /** Authorize at `kind` (signing in on the page unless the session passes silently), then redeem the code. */
  async function codeFlow(browser: Browser, kind: PolicyKind, email?: string) {
    const as = await discover(current(), kind);
    const started = await flow.authorize(browser, kind);
    const step = email
      ? await browser.submit(page(started.result), { email, password: identities.password, action: 'submit' }, [PORTAL])
      : started.result;
    const cb = callback(step);
    // oauth4webapi checks the `iss` parameter (RFC 9207) against the tenant issuer.
    const params = oauth.validateAuthResponse(as, client, cb, started.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      redirectUriOf(kind),
      started.verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: started.nonce,
      requireIdToken: true,
    });
    return { cb, tokens, ...(await verify(tokens, started.nonce)) };
  }

  async function refresh(kind: PolicyKind, refreshToken: string) {
    const as = await discover(current(), kind);
    const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, insecure);
    const tokens = await oauth.processRefreshTokenResponse(as, client, response);
    return { tokens, ...(await verify(tokens)) };
  }

  return { ...flow, codeFlow, refresh, verify };
}

describe('the b2c-tenant shape, policy in tfp', () => {
  let running: Running | undefined;
  const idp = () => {
    if (!running) throw new Error('not started');
    return running.idp;
  };
  const rp = relyingParty(idp);
  const tenantIssuer = () => `${idp().config.authority}/${defaultTenant.id}/v2.0/`;
  const tenantBase = () => `${idp().config.authority}/${defaultTenant.name}.onmicrosoft.com`;

  beforeAll(async () => {
    running = await start({ IDP_SHAPE: 'b2c-tenant' });
  });
  afterAll(() => stop(running));

  it('publishes each policy under <tenant>.onmicrosoft.com with the one tenant issuer (trailing slash) and one key set', async () => {
    const issuers = new Set<string>();
    const keySets = new Set<string>();
    for (const kind of kinds) {
      const name = idp().config.policies[kind];
      const base = `${tenantBase()}/${name}`;
      const response = await fetch(`${base}/v2.0/.well-known/openid-configuration`, { headers: { origin: PORTAL } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeTruthy();
      const doc = (await response.json()) as Record<string, unknown>;
      expect(doc.issuer).toBe(tenantIssuer());
      expect(doc.authorization_endpoint).toBe(`${base}/oauth2/v2.0/authorize`);
      expect(doc.token_endpoint).toBe(`${base}/oauth2/v2.0/token`);
      expect(doc.end_session_endpoint).toBe(`${base}/oauth2/v2.0/logout`);
      expect(doc.jwks_uri).toBe(`${base}/discovery/v2.0/keys`);
      expect(doc.code_challenge_methods_supported).toEqual(['S256']);
      expect(doc.claims_supported).toEqual(expect.arrayContaining(['tfp', 'emails', 'email', 'hkData']));
      expect(doc.claims_supported).not.toContain('acr');
      expect(idp().policies[kind].urls.discovery).toBe(`${base}/v2.0/.well-known/openid-configuration`);
      issuers.add(String(doc.issuer));
      keySets.add(JSON.stringify(await (await fetch(String(doc.jwks_uri))).json()));
    }
    expect([...issuers]).toEqual([tenantIssuer()]);
    expect(tenantIssuer()).toMatch(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/v2\.0\/$/);
    expect(keySets.size).toBe(1);
    // A relying party that knows the tenant issuer accepts every policy's document.
    for (const kind of kinds) expect((await discover(idp(), kind)).issuer).toBe(tenantIssuer());
  });

  it('has no policy-issuer routes and no other tenant', async () => {
    const name = idp().config.policies.signin;
    for (const url of [
      `${idp().config.authority}/${name}/v2.0/.well-known/openid-configuration`,
      `${idp().config.authority}/other.onmicrosoft.com/${name}/v2.0/.well-known/openid-configuration`,
      `${tenantBase()}/b2c_1a_unknown/v2.0/.well-known/openid-configuration`,
    ]) {
      const response = await fetch(url);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error_description: string }).error_description).toMatch(/^AADB2C90068: /);
    }
  });

  it('signs in with the code flow and PKCE: tfp and the tenant issuer in ID and access token, emails as an array', async () => {
    const browser = new Browser();
    const started = await rp.authorize(browser, 'signin');
    // The provider's own page lives under the tenant and policy too.
    expect(page(started.result).url).toContain(
      `/${defaultTenant.name}.onmicrosoft.com/${idp().config.policies.signin}/interaction/`,
    );
    const { cb, tokens, id, access } = await rp.codeFlow(browser, 'signin', admin.email);
    expect(cb.origin + cb.pathname).toBe(LOGIN_CB);
    expect(cb.searchParams.get('iss')).toBe(tenantIssuer());
    expect(tokens.refresh_token).toBeTruthy();
    expect(id.iss).toBe(tenantIssuer());
    expect(id.sub).toBe(admin.id);
    expect(id.tfp).toBe(idp().config.policies.signin);
    expect(id.acr).toBeUndefined();
    expect(id.emails).toEqual([admin.email]);
    expect(id.email).toBe(admin.email);
    expect(id.hkData.permissions).toContain('applications.read');
    expect(access.iss).toBe(tenantIssuer());
    expect(access.tfp).toBe(idp().config.policies.signin);
    expect(access.emails).toEqual([admin.email]);
    expect(access.scp).toBe('access');
    expect(access.hkData).toEqual(id.hkData);
  });

  it('issues the same issuer for two policies, each token naming its policy in tfp', async () => {
    const browser = new Browser();
    const first = await rp.codeFlow(browser, 'signin', customer.email);
    running?.stub.setPermissions(customer.id, ['orders.read']);
    // The claims refresh passes silently with the tenant session.
    const fresh = await rp.codeFlow(browser, 'refresh');
    expect(fresh.cb.origin + fresh.cb.pathname).toBe(redirectUriOf('refresh'));
    expect(fresh.id.iss).toBe(first.id.iss);
    expect(fresh.access.iss).toBe(first.access.iss);
    expect(first.id.tfp).toBe(idp().config.policies.signin);
    expect(fresh.id.tfp).toBe(idp().config.policies.refresh);
    expect(fresh.access.tfp).toBe(idp().config.policies.refresh);
    expect(fresh.id.hkData.permissions).toEqual(['orders.read']);
    running?.stub.setPermissions(customer.id, []);
  });

  it('refreshes with rotation; a refresh token redeemed at another policy gives tokens of that policy', async () => {
    const { tokens } = await rp.codeFlow(new Browser(), 'signin', partner.email);
    const same = await rp.refresh('signin', tokens.refresh_token ?? '');
    expect(same.tokens.refresh_token).toBeTruthy();
    expect(same.tokens.refresh_token).not.toBe(tokens.refresh_token);
    expect(same.id.iss).toBe(tenantIssuer());
    expect(same.id.tfp).toBe(idp().config.policies.signin);
    const cross = await rp.refresh('refresh', same.tokens.refresh_token ?? '');
    expect(cross.id.iss).toBe(tenantIssuer());
    expect(cross.id.tfp).toBe(idp().config.policies.refresh);
    expect(cross.access.tfp).toBe(idp().config.policies.refresh);
    // The first refresh token was rotated away: reusing it is refused and ends the chain.
    const reused = await rp.token('signin', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    expect(reused.body.error).toBe('invalid_grant');
    expect(reused.body.error_description).toMatch(/^AADB2C/);
  });

  it('logs out at the sign-in policy with an ID token of the refresh policy: tenant session and refresh tokens end', async () => {
    const browser = new Browser();
    await rp.codeFlow(browser, 'signin', partner.email);
    const fresh = await rp.codeFlow(browser, 'refresh');
    expect(fresh.id.tfp).toBe(idp().config.policies.refresh);
    const url = new URL(idp().policies.signin.urls.endSession);
    expect(url.pathname).toBe(
      `/${defaultTenant.name}.onmicrosoft.com/${idp().config.policies.signin}/oauth2/v2.0/logout`,
    );
    url.search = new URLSearchParams({
      id_token_hint: fresh.tokens.id_token ?? '',
      post_logout_redirect_uri: `${PORTAL}/auth/logout-success`,
      state: 'bye',
    }).toString();
    const confirm = page(await browser.go(url.href, [PORTAL]));
    expect(confirm.html).toContain('data-autosubmit');
    const done = callback(await browser.submit(confirm, {}, [PORTAL]));
    expect(done.origin + done.pathname).toBe(`${PORTAL}/auth/logout-success`);
    expect(done.searchParams.get('state')).toBe('bye');
    expect(page((await rp.authorize(browser, 'signin')).result).html).toContain('name="password"');
    expect(page((await rp.authorize(browser, 'refresh')).result).html).toContain('name="password"');
    const refused = await rp.token('refresh', {
      grant_type: 'refresh_token',
      refresh_token: fresh.tokens.refresh_token ?? '',
    });
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('keeps the AADB2C errors: cancel and prompt=none without a session', async () => {
    const browser = new Browser();
    const started = await rp.authorize(browser, 'signin');
    const cancelled = callback(await browser.submit(page(started.result), { action: 'cancel' }, [PORTAL]));
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.searchParams.get('error_description')).toMatch(/^AADB2C90091: /);
    expect(cancelled.searchParams.get('iss')).toBe(tenantIssuer());
    const silent = callback((await rp.authorize(new Browser(), 'refresh', { prompt: 'none' })).result);
    expect(silent.searchParams.get('error')).toBe('login_required');
    expect(silent.searchParams.get('error_description')).toMatch(/^AADB2C90077: /);
  });

  it('runs the password change policy under the tenant', async () => {
    const account = identities.accounts[5] ?? { id: '', email: '' };
    const browser = new Browser();
    const started = await rp.authorize(browser, 'password');
    const form = page(started.result);
    expect(form.html).toContain(
      `action="/${defaultTenant.name}.onmicrosoft.com/${idp().config.policies.password}/interaction/`,
    );
    const cb = callback(
      await browser.submit(
        form,
        {
          email: account.email,
          currentPassword: identities.password,
          newPassword: 'Neu-Passwort-2026',
          repeatPassword: 'Neu-Passwort-2026',
          action: 'submit',
        },
        [PORTAL],
      ),
    );
    const tokens = await rp.exchange('password', cb.searchParams.get('code') ?? '', started.verifier);
    expect(tokens.status).toBe(200);
    const { id } = await rp.verify({
      id_token: tokens.body.id_token ?? '',
      access_token: tokens.body.access_token ?? '',
    });
    expect(id.sub).toBe(account.id);
    expect(id.tfp).toBe(idp().config.policies.password);
  });
});

describe('the b2c-tenant shape, policy in acr (IDP_POLICY_CLAIM=acr)', () => {
  let running: Running | undefined;
  const idp = () => {
    if (!running) throw new Error('not started');
    return running.idp;
  };
  const rp = relyingParty(idp);

  beforeAll(async () => {
    running = await start({
      IDP_SHAPE: 'b2c-tenant',
      IDP_POLICY_CLAIM: 'acr',
      IDP_TENANT_NAME: 'contoso',
      IDP_TENANT_ID: '0b6a1f1e-8c2d-4e57-a3f9-6d1e2c3b4a5f',
      IDP_SIGNIN_POLICY: 'B2C_1A_SIGNIN',
      IDP_REFRESH_POLICY: 'B2C_1A_REFRESH',
    });
  });
  afterAll(() => stop(running));

  it('names the policy in acr (in the configured case), not tfp, also after a refresh at another policy', async () => {
    const issuer = `${idp().config.authority}/0b6a1f1e-8c2d-4e57-a3f9-6d1e2c3b4a5f/v2.0/`;
    expect(idp().policies.signin.urls.discovery).toBe(
      `${idp().config.authority}/contoso.onmicrosoft.com/B2C_1A_SIGNIN/v2.0/.well-known/openid-configuration`,
    );
    const doc = (await (await fetch(idp().policies.signin.urls.discovery)).json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(issuer);
    expect(doc.claims_supported).toContain('acr');
    expect(doc.claims_supported).not.toContain('tfp');
    // Policy names are matched case-insensitively in the path, as B2C does.
    const lower = await fetch(
      `${idp().config.authority}/contoso.onmicrosoft.com/b2c_1a_signin/v2.0/.well-known/openid-configuration`,
    );
    expect(lower.status).toBe(200);

    const browser = new Browser();
    const signedIn = await rp.codeFlow(browser, 'signin', partner.email);
    expect(signedIn.id.iss).toBe(issuer);
    expect(signedIn.id.acr).toBe('B2C_1A_SIGNIN');
    expect(signedIn.id.tfp).toBeUndefined();
    expect(signedIn.access.acr).toBe('B2C_1A_SIGNIN');
    expect(signedIn.access.tfp).toBeUndefined();
    const refreshed = await rp.refresh('refresh', signedIn.tokens.refresh_token ?? '');
    expect(refreshed.id.acr).toBe('B2C_1A_REFRESH');
    expect(refreshed.access.acr).toBe('B2C_1A_REFRESH');
    const again = await rp.refresh('signin', refreshed.tokens.refresh_token ?? '');
    expect(again.id.acr).toBe('B2C_1A_SIGNIN');

    // Logout finds the policy of the hint by acr.
    const url = new URL(idp().policies.signin.urls.endSession);
    url.search = new URLSearchParams({
      id_token_hint: refreshed.tokens.id_token ?? '',
      post_logout_redirect_uri: `${PORTAL}/auth/logout-success`,
    }).toString();
    const done = callback(await browser.submit(page(await browser.go(url.href, [PORTAL])), {}, [PORTAL]));
    expect(done.origin + done.pathname).toBe(`${PORTAL}/auth/logout-success`);
    const refused = await rp.token('signin', {
      grant_type: 'refresh_token',
      refresh_token: again.tokens.refresh_token ?? '',
    });
    expect(refused.body.error).toBe('invalid_grant');
  });
});
