// "My data" (issue #20.4, GDPR Art. 15 and 20): everything the portal holds about the caller,
// and nothing about anyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@portal/contract';
import { apps, dealerShopLabel, users } from '../src/db/seed/ids.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';
import { matching } from './matchers.ts';

type Export = components['schemas']['MyDataExport'];
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

const exportOf = async (sub: string) => {
  const response = await h.request('GET', '/My/Export', { token: await token({ sub }) });
  return { response, body: (await response.json()) as Export };
};

describe('my data', () => {
  it('holds the profile, attribute values, access, requests and history of the caller, as a download', async () => {
    await h.request('PUT', '/My/Profile', {
      token: await token({ sub: users.customer }),
      body: { firstName: 'Chris', lastName: 'Kunde', companyName: 'Export GmbH', language: 'de' },
    });
    const { response, body } = await exportOf(users.customer);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="hk-portal-meine-daten-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body.profile).toMatchObject({ id: users.customer, companyName: 'Export GmbH' });
    expect(body.accessRequests.map((r) => r.application).sort()).toEqual(['Küchenplaner', 'Marketing-Downloads']);
    expect(body.applications.length).toBeGreaterThan(0);
    expect(body.applications.every((a) => a.roles.every((r) => !/^[0-9a-f-]{36}$/.test(r)))).toBe(true);
    expect(
      body.history.some((e) => e.about && e.madeByYou && e.field === 'companyName' && e.value?.includes('Export GmbH')),
    ).toBe(true);
    expect(body.historyMadeTruncated).toBe(false);
  });

  it("holds the launcher's favourites and launches of the caller (#20.1)", async () => {
    const as = await token({ sub: users.partner });
    await h.request('PUT', '/My/Favourites', {
      token: as,
      body: { applicationIds: [apps.servicePortal, apps.dealerOrdering] },
    });
    await h.request('POST', `/My/Applications/${apps.servicePortal}/Launch`, { token: as });
    const { body } = await exportOf(users.partner);
    expect(body.launcher.favourites).toEqual(['Serviceportal', dealerShopLabel]);
    expect(body.launcher.launches).toEqual([{ application: 'Serviceportal', at: matching(/^\d{4}-/) }]);
    expect((await exportOf(users.customer)).body.launcher).toEqual({ favourites: [], launches: [] });
  });

  it('holds nothing of anyone else', async () => {
    const { body } = await exportOf(users.partner);
    const text = JSON.stringify(body);
    for (const other of [users.customer, users.newUser, users.globalAdmin]) expect(text).not.toContain(other);
    expect(body.accessRequests.every((r) => r.application !== 'Marketing-Downloads')).toBe(true);
    expect(body.history.every((e) => e.about || e.madeByYou)).toBe(true);
  });

  it('needs a signed-in caller', async () => {
    expect((await h.request('GET', '/My/Export')).status).toBe(401);
  });
});
