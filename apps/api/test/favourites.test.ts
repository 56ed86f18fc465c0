// The launcher's favourites (#20.1): each user reads and writes only their own, in their
// order; only applications the user can open may be pinned; the list carries each tile's place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, users } from '../src/db/seed/ids.ts';
import type { ApiError, Schema } from '@portal/contract';
import { harness, json, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

const as = async (sub: string) => token({ sub });
// The answer read as `T`: the favourites by default, `ApiError` where the test expects a refusal.
const put = async <T = Schema<'MyFavourites'>>(sub: string, applicationIds: unknown, lang = 'de') => {
  const response = await h.request('PUT', '/My/Favourites', {
    token: await as(sub),
    body: { applicationIds },
    headers: { lang },
  });
  return { status: response.status, body: await json<T>(response) };
};
const favourites = async (sub: string) =>
  (await json<Schema<'MyFavourites'>>(await h.request('GET', '/My/Favourites', { token: await as(sub) })))
    .applicationIds;
const positions = async (sub: string) => {
  const list = await json<Schema<'MyApplicationList'>>(
    await h.request('GET', '/My/Applications', { token: await as(sub) }),
  );
  return Object.fromEntries(list.items.map((a) => [a.id, a.favouritePosition]));
};

describe('favourites', () => {
  it("keeps the order the user gave, and the list shows each tile's place", async () => {
    expect(await favourites(users.partner)).toEqual([]);
    expect((await put(users.partner, [apps.servicePortal, apps.dealerOrdering])).body).toEqual({
      applicationIds: [apps.servicePortal, apps.dealerOrdering],
    });
    expect(await favourites(users.partner)).toEqual([apps.servicePortal, apps.dealerOrdering]);
    expect(await positions(users.partner)).toEqual({
      [apps.servicePortal]: 0,
      [apps.dealerOrdering]: 1,
      [apps.kitchenPlanner]: null,
    });
    await put(users.partner, [apps.dealerOrdering, apps.servicePortal]);
    expect(await favourites(users.partner)).toEqual([apps.dealerOrdering, apps.servicePortal]);
    await put(users.partner, [apps.servicePortal]);
    expect(await positions(users.partner)).toMatchObject({ [apps.servicePortal]: 0, [apps.dealerOrdering]: null });
  });

  it("are each user's own: one user's write does not touch another's favourites", async () => {
    await put(users.customer, [apps.servicePortal]);
    await put(users.partner, [apps.dealerOrdering]);
    expect(await favourites(users.customer)).toEqual([apps.servicePortal]);
    expect(await favourites(users.partner)).toEqual([apps.dealerOrdering]);
    expect(await positions(users.customer)).toMatchObject({ [apps.servicePortal]: 0 });
  });

  it('refuses applications the user cannot open, naming each, and changes nothing', async () => {
    await put(users.partner, [apps.servicePortal]);
    // Requested only, someone else's, the portal itself, unknown.
    const refused = await put<ApiError>(users.partner, [
      apps.dealerOrdering,
      apps.kitchenPlanner,
      apps.hr,
      apps.portal,
      'no-such-app',
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('favourites.unknownApplication');
    expect(refused.body.error.errors.map((e) => e.field)).toEqual([
      'applicationIds.1',
      'applicationIds.2',
      'applicationIds.3',
      'applicationIds.4',
    ]);
    expect(refused.body.error.errors[0]?.message).toBe(`„${apps.kitchenPlanner}“ ist keine Ihrer Anwendungen.`);
    expect((await put<ApiError>(users.partner, ['no-such-app'], 'en')).body.error.message).toBe(
      '"no-such-app" is not one of your applications.',
    );
    expect(await favourites(users.partner)).toEqual([apps.servicePortal]);
  });

  it('refuses an application given twice and a list that is not one', async () => {
    const twice = await put<ApiError>(users.partner, [apps.servicePortal, apps.servicePortal]);
    expect(twice.status).toBe(400);
    expect(twice.body.error.errors[0]?.message).toBe('Doppelter Eintrag');
    expect((await put(users.partner, 'x')).status).toBe(400);
    expect(await favourites(users.partner)).toEqual([apps.servicePortal]);
  });

  it('leaves out a favourite whose access was taken away', async () => {
    await put(users.customer, [apps.servicePortal]);
    await h.db
      .deleteFrom('application_users')
      .where('user_id', '=', users.customer)
      .where('application_id', '=', apps.servicePortal)
      .execute();
    expect(await favourites(users.customer)).toEqual([]);
  });

  it('written by two tabs at once: one list wins whole, no error', async () => {
    const [a, b] = await Promise.all([
      put(users.partner, [apps.servicePortal, apps.dealerOrdering]),
      put(users.partner, [apps.dealerOrdering]),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([[apps.servicePortal, apps.dealerOrdering], [apps.dealerOrdering]]).toContainEqual(
      await favourites(users.partner),
    );
  });

  it('need a signed-in caller', async () => {
    expect((await h.request('GET', '/My/Favourites')).status).toBe(401);
    expect((await h.request('PUT', '/My/Favourites', { body: { applicationIds: [] } })).status).toBe(401);
  });
});
