// The expiry job of time-bound access (#19, ADR 0017): a due grant is removed exactly once even
// when two sweeps (two API instances) run at the same time, a job started after a restart finds
// the due grants in the database, and each removal leaves history, the webhook REMOVE, the
// request's EXPIRED (with its event) and a notification; a reminder comes once before the end.
import { Effect, Fiber, Schedule } from 'effect';
import { sql, type KyselyPlugin, type QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, accountAccesses, apps, extraUserId, roles, users } from '../src/db/seed/ids.ts';
import { makeExpiryJob, type ExpiryJobOptions } from '../src/jobs/expiry.ts';
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

/** One sweep of a job made with `options`. */
const expire = (options: ExpiryJobOptions) => Effect.runPromise(makeExpiryJob(options).sweep);

/** Extra users of the demo data with access to the kitchen planner whose end has passed. */
async function dueGrants(numbers: number[]): Promise<string[]> {
  const ids = numbers.map(extraUserId);
  for (const userId of ids) {
    const put = await h.request('PUT', `/Admin/Applications/${apps.kitchenPlanner}/Users/${userId}`, {
      token: t.appAdmin,
      body: { roleIds: [roles.planner], endsAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(put.status).toBe(200);
  }
  await h.db
    .updateTable('application_users')
    .set({ ends_at: sql<Date>`now() - interval '1 second'` })
    .where('application_id', '=', apps.kitchenPlanner)
    .where('user_id', 'in', ids)
    .execute();
  return ids;
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
    const first = makeExpiryJob({ db: h.db });
    expect((await Effect.runPromise(first.sweep)).removed).toBe(0);
    expect(await grantOf(users.newUser)).toBeDefined();
    // The clock passes the end date (the job compares with the database's now()).
    await h.db
      .updateTable('application_users')
      .set({ ends_at: sql<Date>`now() - interval '1 second'` })
      .where('application_id', '=', apps.kitchenPlanner)
      .where('user_id', '=', users.newUser)
      .execute();
    let woken = 0;
    const second = makeExpiryJob({ db: h.db, onWebhookQueued: () => woken++ });
    const [a, b] = await Promise.all([Effect.runPromise(first.sweep), Effect.runPromise(second.sweep)]);
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
    expect((await Effect.runPromise(first.sweep)).removed).toBe(0);
  });

  it('survives a restart: a job started afresh finds the due grants in the database', async () => {
    await grantedUntil(users.employee, new Date(Date.now() + 60 * 60 * 1000).toISOString());
    await h.db
      .updateTable('application_users')
      .set({ ends_at: sql<Date>`now() - interval '1 minute'` })
      .where('application_id', '=', apps.kitchenPlanner)
      .where('user_id', '=', users.employee)
      .execute();
    // A started job sweeps at once, then every interval.
    const restarted = Effect.runFork(makeExpiryJob({ db: h.db, interval: '1 minute' }).run);
    await expect.poll(async () => grantOf(users.employee), { timeout: 10_000 }).toBeUndefined();
    await Effect.runPromise(Fiber.interrupt(restarted));
  });

  it('reminds the user once, seven days before the end', async () => {
    await grantedUntil(users.globalAdmin, new Date(Date.now() + 5 * day).toISOString());
    const job = makeExpiryJob({ db: h.db });
    expect(await Effect.runPromise(job.sweep)).toEqual({ removed: 0, reminded: 1 });
    expect(await Effect.runPromise(job.sweep)).toEqual({ removed: 0, reminded: 0 });
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
    expect((await expire({ db: h.db })).removed).toBe(1);
    const mine = await h.request('GET', `/My/AccessRequests/${requestId}`, { token: t.partner });
    expect(await mine.json()).toMatchObject({ status: 'EXPIRED', canRequestAgain: true });

    // Asked for again and accepted with an end; the administrator removes the end: no longer the request's.
    await grantedUntil(users.partner, inAnHour());
    await moveEnd(null);
    expect(await grantOf(users.partner)).toMatchObject({ ends_at: null, ends_request_id: null });
  });
});

describe('the expiry job as long-running work (ADR 0026)', () => {
  /** Fails the first `failures` statements that read the due grants, as a lost connection would. */
  const flaky = (failures: number): KyselyPlugin => ({
    transformQuery: ({ node }) => {
      if (node.kind === 'SelectQueryNode' && node.endModifiers !== undefined && failures-- > 0)
        throw new Error('Connection terminated unexpectedly');
      return node;
    },
    transformResult: async ({ result }) => result,
  });

  it('tries a sweep that failed on the database again before the next interval', async () => {
    const [due] = await dueGrants([1]);
    const logged: string[] = [];
    const job = makeExpiryJob({
      db: h.db.withPlugin(flaky(2)),
      interval: '1 hour',
      retry: Schedule.spaced('20 millis').pipe(Schedule.intersect(Schedule.recurs(3))),
      log: (message) => logged.push(message),
    });
    const fiber = Effect.runFork(job.run);
    try {
      await expect.poll(async () => grantOf(due ?? ''), { timeout: 5_000 }).toBeUndefined();
      expect(logged).toEqual([]);
    } finally {
      await Effect.runPromise(Fiber.interrupt(fiber));
    }
  });

  it('tells a sweep that failed for good and goes on at the next interval', async () => {
    const [due] = await dueGrants([2]);
    const logged: string[] = [];
    const job = makeExpiryJob({
      db: h.db.withPlugin(flaky(2)),
      interval: '300 millis',
      retry: Schedule.recurs(0),
      log: (message) => logged.push(message),
    });
    const fiber = Effect.runFork(job.run);
    try {
      await expect.poll(async () => grantOf(due ?? ''), { timeout: 5_000 }).toBeUndefined();
      expect(logged).toEqual(['a sweep failed', 'a sweep failed']);
    } finally {
      await Effect.runPromise(Fiber.interrupt(fiber));
    }
  });

  it('tells a sweep that broke on a bug (a callback that throws) and goes on', async () => {
    const [first] = await dueGrants([6]);
    const logged: { message: string; error: unknown }[] = [];
    let woken = 0;
    const job = makeExpiryJob({
      db: h.db,
      interval: '200 millis',
      onWebhookQueued: () => {
        woken++;
        if (woken === 1) throw new Error('a bug');
      },
      log: (message, error) => logged.push({ message, error }),
    });
    const fiber = Effect.runFork(job.run);
    try {
      await expect.poll(() => logged.length, { timeout: 5_000 }).toBe(1);
      expect(logged[0]).toMatchObject({ message: 'a sweep failed', error: new Error('a bug') });
      expect(await grantOf(first ?? '')).toBeUndefined();
      const [second] = await dueGrants([7]);
      await expect.poll(async () => grantOf(second ?? ''), { timeout: 5_000 }).toBeUndefined();
      expect(woken).toBe(2);
    } finally {
      await Effect.runPromise(Fiber.interrupt(fiber));
    }
  });

  it('shutdown during a sweep: the batch under way commits, no further batch starts, the rest stays due', async () => {
    const due = await dueGrants([3, 4, 5]);
    // The first batch's removal is held until the test lets it go.
    let hold: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (hold = resolve));
    let reached: (() => void) | undefined;
    const removing = new Promise<void>((resolve) => (reached = resolve));
    const watched = new Set<QueryId>();
    const slow: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        if (node.kind === 'DeleteQueryNode' && watched.size === 0) watched.add(queryId);
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        if (watched.has(queryId)) {
          reached?.();
          await held;
        }
        return result;
      },
    };
    const fiber = Effect.runFork(makeExpiryJob({ db: h.db.withPlugin(slow), batch: 1, interval: '1 hour' }).run);
    await removing;
    const stopped = Effect.runPromise(Fiber.interrupt(fiber));
    const early = await Promise.race([
      stopped.then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 200)),
    ]);
    expect(early).toBe('waiting');
    hold?.();
    await stopped;
    const left = await Promise.all(due.map(grantOf));
    expect(left.filter((g) => g === undefined)).toHaveLength(1);
    // The next start takes the rest.
    expect((await expire({ db: h.db })).removed).toBe(2);
  });
});
