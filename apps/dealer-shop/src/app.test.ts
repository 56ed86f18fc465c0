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
