// #30.5: an application's login-initiation URL (OpenID Connect Core 1.0 §4, third-party
// initiated login). It is an http(s) address like the application's other URLs, kept when a
// save omits it, recorded in the history, and named in the gate's answer, where the portal
// server takes it from to send a user it lets through (the demo shop has one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf } from '../src/services/access.ts';
import { apps, users } from '../src/db/seed/ids.ts';
import type { ApiError, AuthCheckResult, Schema } from '@portal/contract';
import { checkedCall } from './openapi.ts';
import { harness, internalToken, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin: string;
let partner: string;

type Application = Schema<'Application'>;

/** The answer, checked against the document and read as `T` (the contract's type for the status the test expects). */
const call = <T = unknown>(method: string, path: string, init: { body?: unknown; as?: string; lang?: string } = {}) =>
  checkedCall<T>(h, method, path, {
    token: init.as ?? admin,
    body: init.body,
    ...(init.lang === undefined ? {} : { headers: { lang: init.lang } }),
  });

const newApp = { label: 'Login-Start', url: 'https://start.example.test/app' };

beforeAll(async () => {
  h = await harness();
  const claims = await claimsOf(h.db, users.globalAdmin);
  admin = await token({ sub: users.globalAdmin, permissions: claims.hkData.permissions });
  partner = await token({ sub: users.partner, permissions: [] });
});
afterAll(() => h.close());

describe("an application's login-initiation URL (#30.5)", () => {
  it('the demo shop has one, under its own address; the other demo applications none', async () => {
    const shop = (await call<Application>('GET', `/Applications/${apps.dealerOrdering}`)).body;
    expect(shop.initiateLoginUri).toBe('http://localhost:4992/login-initiate');
    expect((await call<Application>('GET', `/Applications/${apps.kitchenPlanner}`)).body.initiateLoginUri).toBeNull();
  });

  it('is stored, kept when a save omits it, cleared with null, and each change is in the history', async () => {
    const created = await call<Application>('POST', '/Applications', {
      body: { ...newApp, initiateLoginUri: 'https://start.example.test/oidc/initiate?tenant=a' },
    });
    expect(created.status).toBe(201);
    const path = `/Applications/${created.body.id}`;
    expect(created.body.initiateLoginUri).toBe('https://start.example.test/oidc/initiate?tenant=a');

    // A client that does not know the field (it omits it) does not clear it.
    const kept = await call<Application>('PUT', path, { body: { ...newApp, label: 'Login-Start 2' } });
    expect(kept.status).toBe(200);
    expect(kept.body.initiateLoginUri).toBe('https://start.example.test/oidc/initiate?tenant=a');

    const changed = await call<Application>('PUT', path, {
      body: { ...newApp, initiateLoginUri: 'https://login.example.test/initiate' },
    });
    expect(changed.body.initiateLoginUri).toBe('https://login.example.test/initiate');
    const cleared = await call<Application>('PUT', path, { body: { ...newApp, initiateLoginUri: null } });
    expect(cleared.body.initiateLoginUri).toBeNull();

    const { items } = (await call<Schema<'HistoryList'>>('GET', `${path}/History`)).body;
    const changes = items
      .filter((entry) => entry.mode === 'UPDATE' && entry.field === 'initiateLoginUri')
      .map((entry) => [entry.oldValue, entry.value]);
    expect(changes).toEqual([
      ['https://login.example.test/initiate', null],
      ['https://start.example.test/oidc/initiate?tenant=a', 'https://login.example.test/initiate'],
    ]);
  });

  it('an address that is not http(s) is refused on its field, in the caller’s language, and nothing is stored', async () => {
    const before = (await call<Schema<'ApplicationList'>>('GET', '/Applications?pageSize=100')).body.total;
    for (const initiateLoginUri of [
      'javascript:alert(1)',
      'ftp://start.example.test/x',
      '//start.example.test/x',
      '',
    ]) {
      const refused = await call<ApiError>('POST', '/Applications', {
        body: { ...newApp, initiateLoginUri },
        lang: 'en',
      });
      expect(refused.status, initiateLoginUri).toBe(400);
      expect(refused.body.error.errors[0]).toMatchObject({ field: 'initiateLoginUri' });
    }
    const german = await call<ApiError>('POST', '/Applications', {
      body: { ...newApp, initiateLoginUri: 'javascript:alert(1)' },
      lang: 'de',
    });
    expect(german.body.error.errors[0]?.message).toBe('javascript:alert(1) muss eine gültige URL sein');
    expect((await call<Schema<'ApplicationList'>>('GET', '/Applications?pageSize=100')).body.total).toBe(before);
  });

  it("the gate's answer names it, for the portal and for the identity provider", async () => {
    const mine = (await call<AuthCheckResult>('GET', `/AuthCheck?clientId=${apps.dealerOrdering}`, { as: partner }))
      .body;
    expect(mine.application).toMatchObject({
      url: 'http://localhost:4992',
      initiateLoginUri: 'http://localhost:4992/login-initiate',
    });
    const idp = await internalToken();
    const internal = (
      await call<AuthCheckResult>(
        'GET',
        `/Internal/AuthCheck?userId=${users.partner}&clientId=${apps.dealerOrdering}`,
        { as: idp },
      )
    ).body;
    expect(internal.application.initiateLoginUri).toBe('http://localhost:4992/login-initiate');
    const planner = (await call<AuthCheckResult>('GET', `/AuthCheck?clientId=${apps.kitchenPlanner}`, { as: partner }))
      .body;
    expect(planner.application.initiateLoginUri).toBeNull();
  });
});
