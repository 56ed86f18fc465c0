// Recently used applications (#20.1): a user's own launches from the launcher, the newest
// per application, the last few kept; only the user's own tiles can be launched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { recentLaunchesKept } from '../src/routes/my/applications.ts';
import { apps, users } from '../src/db/seed/ids.ts';
import type { Schema } from '@portal/contract';
import { harness, json, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

const launch = async (sub: string, id: string) =>
  (await h.request('POST', `/My/Applications/${id}/Launch`, { token: await token({ sub }) })).status;
const lastLaunched = async (sub: string): Promise<Record<string, string | null | undefined>> => {
  const list = await json<Schema<'MyApplicationList'>>(
    await h.request('GET', '/My/Applications', { token: await token({ sub }) }),
  );
  return Object.fromEntries(list.items.map((a) => [a.id, a.lastLaunchedAt]));
};

describe('launches', () => {
  it('are recorded per user and application, the newest one counting', async () => {
    expect(await lastLaunched(users.partner)).toEqual({
      [apps.dealerOrdering]: null,
      [apps.kitchenPlanner]: null,
      [apps.servicePortal]: null,
    });
    expect(await launch(users.partner, apps.servicePortal)).toBe(204);
    const first = (await lastLaunched(users.partner))[apps.servicePortal];
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await launch(users.partner, apps.dealerOrdering)).toBe(204);
    expect(await launch(users.partner, apps.servicePortal)).toBe(204);
    const after = await lastLaunched(users.partner);
    expect(Date.parse(after[apps.servicePortal] ?? '')).toBeGreaterThan(Date.parse(first ?? ''));
    expect(Date.parse(after[apps.servicePortal] ?? '')).toBeGreaterThan(Date.parse(after[apps.dealerOrdering] ?? ''));
    // Someone else's list is untouched.
    expect(await lastLaunched(users.customer)).toEqual({
      [apps.servicePortal]: null,
      [apps.kitchenPlanner]: null,
      [apps.marketing]: null,
    });
  });

  it("only of the user's own tiles: requested, someone else's, the portal or unknown applications are 404 and not recorded", async () => {
    for (const id of [apps.kitchenPlanner, apps.hr, apps.portal, 'no-such-app'])
      expect(await launch(users.partner, id)).toBe(404);
    const rows = await h.db
      .selectFrom('user_launches')
      .select('application_id')
      .where('user_id', '=', users.partner)
      .execute();
    expect(rows.map((r) => r.application_id).sort()).toEqual([apps.dealerOrdering, apps.servicePortal].sort());
  });

  it(`keeps the last ${recentLaunchesKept} applications of a user`, async () => {
    const many = Array.from({ length: recentLaunchesKept + 2 }, (_, i) => `launch-test-${i}`);
    // Plain SQL: every other column keeps its default.
    for (const id of many) {
      await sql`INSERT INTO applications (id, label, url, sort_number) VALUES (${id}, ${id}, 'https://app.example.test', 100)`.execute(
        h.db,
      );
      await sql`INSERT INTO application_users (application_id, user_id) VALUES (${id}, ${users.customer})`.execute(
        h.db,
      );
    }
    for (const id of many) expect(await launch(users.customer, id)).toBe(204);
    const kept = await h.db
      .selectFrom('user_launches')
      .select('application_id')
      .where('user_id', '=', users.customer)
      .orderBy('launched_at', 'desc')
      .execute();
    expect(kept.map((r) => r.application_id)).toEqual(many.slice(2).reverse());
    // Launching an older one again brings it back and drops the oldest kept.
    expect(await launch(users.customer, many[0] ?? '')).toBe(204);
    const again = await h.db
      .selectFrom('user_launches')
      .select('application_id')
      .where('user_id', '=', users.customer)
      .orderBy('launched_at', 'desc')
      .execute();
    expect(again.map((r) => r.application_id)).toEqual([many[0], ...many.slice(3).reverse()]);
  });

  it('need a signed-in caller', async () => {
    expect((await h.request('POST', `/My/Applications/${apps.servicePortal}/Launch`)).status).toBe(401);
  });
});
