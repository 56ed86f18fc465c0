// The expiry job of time-bound access (#19, ADR 0017): a due grant is removed exactly once even
// when two sweeps (two API instances) run at the same time, a job started after a restart finds
// the due grants in the database, and each removal leaves history, the webhook REMOVE, the
// request's EXPIRED (with its event) and a notification; a reminder comes once before the end.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, accountAccesses, apps, roles, users } from '../src/db/seed/ids.ts';
import { createExpiryJob } from '../src/jobs/expiry.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
const t: Record<string, string> = {};
const day = 24 * 3600 * 1000;

beforeAll(async () => {
  h = await harness();
  for (const [name, id] of Object.entries(users))
    t[name] = await token({ sub: id, permissions: (await claimsOf(h.db, id)).hkData.permissions });
  await h.db
    .insertInto('webhooks')
    .values({
      application_id: apps.kitchenPlanner,
      enabled: true,
      endpoint_url: 'http://127.0.0.1:9/hook',
      username: null,
      password: null,
      on_grant: true,
      on_remove: true,
      on_update: true,
      on_access_request: true,
      headers: '[]',
      key_vault_reference: null,
    })
    .execute();
});
afterAll(() => h.close());

/** newUser asks for the kitchen planner until `endsAt`; the application's administrator accepts it with that end. */
async function grantedUntil(userId: string, endsAt: string): Promise<string> {
  const as = Object.entries(users).find(([, id]) => id === userId)?.[0] ?? '';
  const created = await h.request('POST', `/My/Applications/${apps.kitchenPlanner}/AccessRequest`, {
    token: t[as],
    body: { accountAccessId: accountAccesses.dealerSued, justification: 'Bis Monatsende', endsAt },
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const accepted = await h.request('PUT', `/Admin/Applications/AccessRequests/${id}`, {
    token: t.appAdmin,
    body: { decision: 'ACCEPT', roleIds: [roles.planner], endsAt },
  });
  expect(accepted.status).toBe(200);
  return id;
}

const grantOf = (userId: string) =>
  h.db
    .selectFrom('application_users')
    .selectAll()
    .where('application_id', '=', apps.kitchenPlanner)
    .where('user_id', '=', userId)
    .executeTakeFirst();

describe('the expiry job', () => {
  it('leaves a grant alone until its end, then removes it exactly once across two concurrent sweeps', async () => {
    const requestId = await grantedUntil(users.newUser, new Date(Date.now() + 60 * 60 * 1000).toISOString());
    const first = createExpiryJob({ db: h.db });
    expect((await first.runOnce()).removed).toBe(0);
    expect(await grantOf(users.newUser)).toBeDefined();
    // The clock passes the end date (the job compares with the database's now()).
    await h.db
      .updateTable('application_users')
      .set({ ends_at: sql<Date>`now() - interval '1 second'` })
      .where('application_id', '=', apps.kitchenPlanner)
      .where('user_id', '=', users.newUser)
      .execute();
    let woken = 0;
    const second = createExpiryJob({ db: h.db, onWebhookQueued: () => woken++ });
    const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(a.removed + b.removed).toBe(1);
    expect(woken).toBe(b.removed);
    expect(await grantOf(users.newUser)).toBeUndefined();

    const history = await h.db
      .selectFrom('history')
      .select(['table_name', 'mode', 'field', 'value', 'updated_by'])
      .where((eb) =>
        eb.or([eb('entity', '=', `${apps.kitchenPlanner}:${users.newUser}`), eb('entity', '=', requestId)]),
      )
      .where('updated_by', 'is', null)
      .execute();
    expect(history).toEqual(
      expect.arrayContaining([
        { table_name: 'application_users', mode: 'DELETE', field: null, value: null, updated_by: null },
        { table_name: 'access_requests', mode: 'UPDATE', field: 'status', value: 'EXPIRED', updated_by: null },
      ]),
    );
    const sent = (
      await h.db
        .selectFrom('webhook_deliveries')
        .select('event')
        .where('application_id', '=', apps.kitchenPlanner)
        .where('user_id', '=', users.newUser)
        .orderBy('created_at')
        .execute()
    ).map((d) => d.event);
    expect(sent.filter((e) => e === 'REMOVE')).toHaveLength(1);
    expect(sent.filter((e) => e === 'ACCESS_REQUEST_EXPIRED')).toHaveLength(1);

    const mine = await h.request('GET', `/My/AccessRequests/${requestId}`, { token: t.newUser });
    expect(await mine.json()).toMatchObject({ status: 'EXPIRED', canRequestAgain: true });
    // The latest state per application is unread (#30.6): the end; the reminder and the acceptance before it are read.
    const notes = await h.request('GET', '/My/Notifications?unread=true', { token: t.newUser });
    expect(((await notes.json()) as { items: { kind: string }[] }).items.map((n) => n.kind)).toEqual([
      'ACCESS_EXPIRED',
    ]);
    const all = await h.request('GET', '/My/Notifications', { token: t.newUser });
    expect(((await all.json()) as { items: { kind: string }[] }).items.map((n) => n.kind)).toEqual([
      'ACCESS_EXPIRED',
      'ACCESS_EXPIRING',
      'REQUEST_ACCEPTED',
    ]);
    const tiles = await h.request('GET', '/My/Applications', { token: t.newUser });
    expect(((await tiles.json()) as { items: { id: string }[] }).items.map((a) => a.id)).not.toContain(
      apps.kitchenPlanner,
    );

    // Nothing is done twice.
    expect((await first.runOnce()).removed).toBe(0);
  });

  it('survives a restart: a job started afresh finds the due grants in the database', async () => {
    await grantedUntil(users.employee, new Date(Date.now() + 60 * 60 * 1000).toISOString());
    await h.db
      .updateTable('application_users')
      .set({ ends_at: sql<Date>`now() - interval '1 minute'` })
      .where('application_id', '=', apps.kitchenPlanner)
      .where('user_id', '=', users.employee)
      .execute();
    // A started job sweeps at once, then every interval; stopping waits for the sweep under way.
    const restarted = createExpiryJob({ db: h.db });
    const stop = restarted.start(60_000);
    await expect.poll(async () => grantOf(users.employee), { timeout: 10_000 }).toBeUndefined();
    await stop();
  });

  it('reminds the user once, seven days before the end', async () => {
    await grantedUntil(users.globalAdmin, new Date(Date.now() + 5 * day).toISOString());
    const job = createExpiryJob({ db: h.db });
    expect(await job.runOnce()).toEqual({ removed: 0, reminded: 1 });
    expect(await job.runOnce()).toEqual({ removed: 0, reminded: 0 });
    const notes = await h.request('GET', '/My/Notifications', { token: t.globalAdmin });
    const body = (await notes.json()) as { items: { kind: string; endsAt: string | null }[] };
    expect(body.items.filter((n) => n.kind === 'ACCESS_EXPIRING')).toHaveLength(1);
    expect((await grantOf(users.globalAdmin))?.reminded_at).not.toBeNull();
  });

  it("an end the administrator moves stays the request's: the request expires with the access; an end removed lets go of it", async () => {
    // The partner's seeded open request makes way for one with an end.
    const cancelled = await h.request('POST', `/My/AccessRequests/${accessRequests.partnerPlanner}/Cancel`, {
      token: t.partner,
    });
    expect(cancelled.status).toBe(200);
    const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const moveEnd = async (endsAt: string | null) => {
      const moved = await h.request('PUT', `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.partner}`, {
        token: t.appAdmin,
        body: { roleIds: [roles.planner], accountAccessIds: [accountAccesses.dealerSued], endsAt },
      });
      expect(moved.status).toBe(200);
    };
    const requestId = await grantedUntil(users.partner, inAnHour());
    await moveEnd(new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString());
    expect((await grantOf(users.partner))?.ends_request_id).toBe(requestId);
    await h.db
      .updateTable('application_users')
      .set({ ends_at: sql<Date>`now() - interval '1 second'` })
      .where('application_id', '=', apps.kitchenPlanner)
      .where('user_id', '=', users.partner)
      .execute();
    expect((await createExpiryJob({ db: h.db }).runOnce()).removed).toBe(1);
    const mine = await h.request('GET', `/My/AccessRequests/${requestId}`, { token: t.partner });
    expect(await mine.json()).toMatchObject({ status: 'EXPIRED', canRequestAgain: true });

    // Asked for again and accepted with an end; the administrator removes the end: no longer the request's.
    await grantedUntil(users.partner, inAnHour());
    await moveEnd(null);
    expect(await grantOf(users.partner)).toMatchObject({ ends_at: null, ends_request_id: null });
  });
});
