// The portal as a confidential client (a backend-for-frontend): with IDP_PORTAL_CLIENT_SECRET
// the provider registers `hk-portal` with client_secret_basic, with IDP_PORTAL_CLIENT_JWKS with
// private_key_jwt; a token request without the client's credentials is refused (invalid_client).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };
import { Browser } from '@portal/tooling/browser';
import { configFromEnv } from './config.ts';
import { startIdp, type Idp } from './server.ts';
import { startApiStub, type ApiStub } from './testing/api-stub.ts';
import { LOGIN_CB, PORTAL, portalFlow, portalId, SHOP } from './testing/flow.ts';

const partner = identities.accounts[2] ?? { id: '', email: '' };
const insecure = { [oauth.allowInsecureRequests]: true } as const;
const client: oauth.Client = { client_id: portalId };
const SECRET = 'portal-server-secret-0123456789abcdef';

interface Running {
  idp: Idp;
  stub: ApiStub;
  dataDir: string;
}

async function start(env: Record<string, string>): Promise<Running> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hk-idp-client-test-'));
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

function suite(current: () => Idp) {
  const flow = portalFlow(current);
  const as = async () =>
    oauth.processDiscoveryResponse(
      new URL(current().policies.signin.urls.issuer),
      await fetch(current().policies.signin.urls.discovery),
    );
  /** A signed-in user's code at the sign-in policy, ready for the token endpoint. */
  const code = async () => {
    const { cb, verifier, state, nonce } = await flow.signIn(new Browser(), partner.email);
    const params = oauth.validateAuthResponse(await as(), client, cb, state);
    return { params, verifier, nonce, raw: cb.searchParams.get('code') ?? '' };
  };
  /** The code exchanged with `auth` as the portal server authenticates. */
  const redeem = async (auth: oauth.ClientAuth) => {
    const { params, verifier, nonce } = await code();
    const server = await as();
    const response = await oauth.authorizationCodeGrantRequest(
      server,
      client,
      auth,
      params,
      LOGIN_CB,
      verifier,
      insecure,
    );
    return oauth.processAuthorizationCodeResponse(server, client, response, {
      expectedNonce: nonce,
      requireIdToken: true,
    });
  };
  return { ...flow, as, code, redeem };
}

describe('hk-portal with a client secret (IDP_PORTAL_CLIENT_SECRET)', () => {
  let running: Running | undefined;
  const idp = () => {
    if (!running) throw new Error('not started');
    return running.idp;
  };
  const s = suite(idp);

  beforeAll(async () => {
    running = await start({ IDP_PORTAL_CLIENT_SECRET: SECRET });
  });
  afterAll(() => stop(running));

  it('refuses a token request without the secret or with a wrong one (invalid_client), then redeems the code with it', async () => {
    const { raw, verifier, params, nonce } = await s.code();
    const body = { grant_type: 'authorization_code', code: raw, code_verifier: verifier, redirect_uri: LOGIN_CB };
    const without = await s.token('signin', body);
    expect(without.status).toBe(401);
    expect(without.body.error).toBe('invalid_client');
    expect(without.body.error_description).toMatch(/^AADB2C90011: /);
    const basic = (secret: string) =>
      `Basic ${Buffer.from(`${encodeURIComponent(portalId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const wrong = await s.token('signin', body, { authorization: basic('not-the-secret') });
    expect(wrong.body.error).toBe('invalid_client');
    // The refusals did not use up the code: the portal server, with its secret, redeems it.
    const server = await s.as();
    const response = await oauth.authorizationCodeGrantRequest(
      server,
      client,
      oauth.ClientSecretBasic(SECRET),
      params,
      LOGIN_CB,
      verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(server, client, response, {
      expectedNonce: nonce,
      requireIdToken: true,
    });
    expect(tokens.refresh_token).toBeTruthy();
    expect(oauth.getValidatedIdTokenClaims(tokens)?.sub).toBe(partner.id);

    const refreshWithout = await s.token('signin', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refreshWithout.body.error).toBe('invalid_client');
    const refreshed = await oauth.processRefreshTokenResponse(
      server,
      client,
      await oauth.refreshTokenGrantRequest(
        server,
        client,
        oauth.ClientSecretBasic(SECRET),
        tokens.refresh_token ?? '',
        insecure,
      ),
    );
    expect(refreshed.access_token).toBeTruthy();
  });

  it('registers hk-portal as a confidential client (client_secret_basic) at every policy', async () => {
    expect((await s.as()).token_endpoint_auth_methods_supported).toContain('client_secret_basic');
    expect((await idp().policies.refresh.provider.Client.find(portalId))?.tokenEndpointAuthMethod).toBe(
      'client_secret_basic',
    );
    expect((await idp().policies.signin.provider.Client.find(portalId))?.tokenEndpointAuthMethod).toBe(
      'client_secret_basic',
    );
  });
});

describe('hk-portal with private_key_jwt (IDP_PORTAL_CLIENT_JWKS), in the b2c-tenant shape', () => {
  let running: Running | undefined;
  const idp = () => {
    if (!running) throw new Error('not started');
    return running.idp;
  };
  const s = suite(idp);
  let privateKey: CryptoKey;
  let kid: string;

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    privateKey = pair.privateKey;
    kid = 'portal-server-1';
    const jwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256', use: 'sig' };
    running = await start({ IDP_SHAPE: 'b2c-tenant', IDP_PORTAL_CLIENT_JWKS: JSON.stringify({ keys: [jwk] }) });
  });
  afterAll(() => stop(running));

  it('redeems the code with a client assertion signed by the portal key; refuses none, a foreign key and a replay', async () => {
    const tokens = await s.redeem(oauth.PrivateKeyJwt({ key: privateKey, kid }));
    expect(oauth.getValidatedIdTokenClaims(tokens)?.iss).toBe(idp().policies.signin.urls.issuer);

    const { raw, verifier } = await s.code();
    const body = {
      grant_type: 'authorization_code',
      code: raw,
      code_verifier: verifier,
      redirect_uri: LOGIN_CB,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    };
    const without = await s.token('signin', {
      grant_type: 'authorization_code',
      code: raw,
      code_verifier: verifier,
      redirect_uri: LOGIN_CB,
    });
    expect(without.body.error).toBe('invalid_client');

    const assertion = (key: CryptoKey, jti: string) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid })
        .setIssuer(portalId)
        .setSubject(portalId)
        // The token endpoint as audience (oauth4webapi above sent the tenant issuer).
        .setAudience(idp().policies.signin.urls.token)
        .setJti(jti)
        .setIssuedAt()
        .setExpirationTime('1m')
        .sign(key);
    const foreign = (await generateKeyPair('ES256')).privateKey;
    const byForeignKey = await s.token('signin', { ...body, client_assertion: await assertion(foreign, 'a-1') });
    expect(byForeignKey.body.error).toBe('invalid_client');

    const good = await assertion(privateKey, 'a-2');
    const ok = await s.token('signin', { ...body, client_assertion: good });
    expect(ok.status).toBe(200);
    expect(ok.body.id_token).toBeTruthy();
    // The same assertion again is a replay.
    const replay = await s.token('signin', {
      grant_type: 'refresh_token',
      refresh_token: ok.body.refresh_token ?? '',
      client_assertion_type: body.client_assertion_type,
      client_assertion: good,
    });
    expect(replay.body.error).toBe('invalid_client');
  });
});
