// The shop's sign-in round trip against the real local provider (in-process, loopback),
// with the API's internal endpoints stubbed.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };
import { configFromEnv as idpConfig, startIdp, type Idp } from '@portal/idp';
import { startApiStub, type ApiStub } from '@portal/idp/testing';
import { Browser, isPage, type Page } from '@portal/tooling/browser';
import { configFromEnv } from './config.ts';
import { startDealerShop, type DealerShop } from './app.ts';

const PORTAL = 'http://localhost:5173';
const partner = identities.accounts[2] ?? { id: '', email: '' };
const customer = identities.accounts[3] ?? { id: '', email: '' };

let stub: ApiStub;
let idp: Idp;
let shop: DealerShop;
let dataDir: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hk-shop-test-'));
  stub = await startApiStub();
  const shopPort = await freePort();
  const shopUrl = `http://127.0.0.1:${shopPort}`;
  idp = await startIdp({
    ...idpConfig({}),
    port: 0,
    dataDir,
    apiUrl: stub.url,
    portalUrl: PORTAL,
    dealerShopUrl: shopUrl,
  });
  stub.trust(idp.config.authority, idp.policies.signin.urls.jwks, idp.config.apiAudience);
  shop = await startDealerShop(
    {
      ...configFromEnv({ IDP_AUTHORITY: idp.config.authority }),
      port: shopPort,
      url: shopUrl,
      portalUrl: PORTAL,
    },
    { host: '127.0.0.1' },
  );
});

afterAll(async () => {
  await shop.close();
  await idp.close();
  await stub.close();
  await rm(dataDir, { recursive: true, force: true });
});

function page(r: Page | { stoppedAt: string }): Page {
  if (!isPage(r)) throw new Error(`expected a page, was sent to ${r.stoppedAt}`);
  return r;
}

describe('dealer shop', () => {
  it('shows the landing page with a sign-in button and the portal link', async () => {
    const home = page(await new Browser().go(`${shop.url}/`));
    expect(home.html).toContain('Händlerbestellung');
    expect(home.html).toContain('href="/login"');
    expect(home.html).toContain(`${PORTAL}/?client_id=${identities.clients.dealerShop.clientId}`);
    expect(home.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(home.headers.get('set-cookie')).toBeNull();
    // Sign-out is a form post that continues to the provider's end-session endpoint.
    expect(home.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${new URL(idp.config.authority).origin}`,
    );
  });

  it('signs in with the code flow and PKCE, shows name and hkData, and signs out', async () => {
    stub.setPermissions(partner.id, ['orders.create']);
    const browser = new Browser();
    const login = page(await browser.go(`${shop.url}/login`, [PORTAL]));
    expect(login.url).toContain(`/${idp.policies.signin.name}/interaction/`);
    const home = page(
      await browser.submit(login, { email: partner.email, password: identities.password, action: 'submit' }, [PORTAL]),
    );
    expect(home.url).toBe(`${shop.url}/`);
    expect(home.html).toContain('<strong id="user-name">Dana Dealer</strong>');
    expect(home.html).toContain('orders.create');
    expect(home.html).toContain('&quot;firstName&quot;: &quot;Dana&quot;');

    const logoutPage = page(
      await browser.request(`${shop.url}/logout`, { method: 'POST' }).then((p) => browser.follow(p, [PORTAL])),
    );
    expect(logoutPage.html).toContain('data-autosubmit');
    const after = page(await browser.submit(logoutPage, {}, [PORTAL]));
    expect(after.url).toBe(`${shop.url}/`);
    expect(after.html).toContain('href="/login"');
    // The provider's session is gone too: the next sign-in asks for the password again.
    const again = page(await browser.go(`${shop.url}/login`, [PORTAL]));
    expect(again.html).toContain('name="password"');
  });

  it('refuses a callback it did not start (no code exchange)', async () => {
    const before = stub.calls.length;
    const home = page(await new Browser().go(`${shop.url}/callback?code=forged&state=forged`));
    expect(home.url).toBe(`${shop.url}/`);
    expect(home.html).toContain('Die Anmeldung ist abgelaufen.');
    expect(stub.calls.length).toBe(before);
  });

  it('shows a cancelled sign-in as such', async () => {
    const browser = new Browser();
    const login = page(await browser.go(`${shop.url}/login`, [PORTAL]));
    const home = page(await browser.submit(login, { action: 'cancel' }, [PORTAL]));
    expect(home.html).toContain('Die Anmeldung wurde abgebrochen.');
  });

  describe('third-party initiated login (OpenID Connect Core §4, #30.5)', () => {
    const initiate = (params: Record<string, string>) =>
      `${shop.url}/login-initiate?${new URLSearchParams(params).toString()}`;
    let issuer = '';
    beforeAll(async () => {
      const discovery = `${idp.config.authority}/${idp.policies.signin.name}/v2.0/.well-known/openid-configuration`;
      issuer = ((await (await fetch(discovery)).json()) as { issuer: string }).issuer;
    });

    it('starts its code flow at its provider and lands on the target signed in; with the provider’s session alive, without a form', async () => {
      stub.setPermissions(partner.id, ['orders.create']);
      const browser = new Browser();
      const login = page(
        await browser.go(initiate({ iss: issuer, target_link_uri: `${shop.url}/?from=portal` }), [PORTAL]),
      );
      expect(login.url).toContain(`/${idp.policies.signin.name}/interaction/`);
      const landed = page(
        await browser.submit(login, { email: partner.email, password: identities.password, action: 'submit' }, [
          PORTAL,
        ]),
      );
      expect(landed.url).toBe(`${shop.url}/?from=portal`);
      expect(landed.html).toContain('<strong id="user-name">Dana Dealer</strong>');

      // The portal's sign-in left the provider's session alive: the next start asks nothing.
      const before = stub.calls.length;
      const again = page(await browser.go(initiate({ iss: issuer, target_link_uri: shop.url }), [PORTAL]));
      expect(again.url).toBe(`${shop.url}/`);
      expect(again.html).toContain('<strong id="user-name">Dana Dealer</strong>');
      expect(again.html).not.toContain('name="password"');
      // The provider asked the API's gate on the way (nothing stands between her and the shop).
      expect(stub.calls.slice(before).some((call) => call.includes('/Internal/AuthCheck'))).toBe(true);
    });

    it('refuses another issuer, a target on another origin and a missing issuer, before any provider is asked', async () => {
      for (const params of [
        { iss: 'https://evil.example/v2.0', target_link_uri: shop.url },
        { iss: `${issuer}/`, target_link_uri: shop.url },
        { target_link_uri: shop.url },
        { iss: issuer, target_link_uri: 'https://evil.example/' },
        { iss: issuer, target_link_uri: `${shop.url}.evil.example/` },
        { iss: issuer, target_link_uri: '//evil.example/' },
        { iss: issuer, target_link_uri: 'javascript:alert(1)' },
      ]) {
        const browser = new Browser();
        const refused = await browser.request(initiate(params));
        expect(refused.status, JSON.stringify(params)).toBe(400);
        expect(refused.headers.get('location')).toBeNull();
        expect(refused.html).toContain('Die Anmeldung kann nicht gestartet werden');
      }
    });

    it('without a target, it lands on the shop’s home; a target with a double slash stays on the shop', async () => {
      const browser = new Browser();
      const start = await browser.request(initiate({ iss: issuer }));
      expect(start.status).toBe(303);
      expect(new URL(start.headers.get('location') ?? '').origin).toBe(new URL(issuer).origin);
      const login = page(await browser.follow(start, [PORTAL]));
      const landed = page(
        await browser.submit(login, { email: partner.email, password: identities.password, action: 'submit' }, [
          PORTAL,
        ]),
      );
      expect(landed.url).toBe(`${shop.url}/`);
      const deep = await browser.follow(
        await browser.request(initiate({ iss: issuer, target_link_uri: `${shop.url}//evil.example/` })),
        [PORTAL],
      );
      expect(page(deep).url).toBe(`${shop.url}//evil.example/`);
    });
  });

  it('sends the user through the portal gate when the API says so', async () => {
    stub.setAuthCheck(customer.id, identities.clients.dealerShop.clientId, 'noAccess');
    const browser = new Browser();
    const login = page(await browser.go(`${shop.url}/login`, [PORTAL]));
    const gated = await browser.submit(
      login,
      { email: customer.email, password: identities.password, action: 'submit' },
      [PORTAL],
    );
    expect(gated).toEqual({ stoppedAt: `${PORTAL}/flows/auth?client_id=${identities.clients.dealerShop.clientId}` });
  });
});
