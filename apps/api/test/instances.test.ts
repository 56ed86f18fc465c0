// Several API instances on one database (#21): started together on an empty database, one
// seeds it; their dispatchers claim deliveries so that each is sent once, in order within its
// application; a dead instance's claims run out and another instance takes its deliveries
// over; a live claim is left alone. (On PostgreSQL the instances are two pool connections.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, users } from '../src/db/seed/ids.ts';
import { seed } from '../src/db/seed/index.ts';
import { freshDatabase, harness, testSecrets, sweep, dispatcherFor } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
const sent: { instance: string; delivery: string; application: string; seq: number }[] = [];
const applications = [apps.dealerOrdering, apps.kitchenPlanner, apps.servicePortal];

/** A receiver that records what each instance sent; `hold` keeps its answers back until it settles. */
const receiver =
  (instance: string, hold?: { reached: () => void; until: Promise<void> }): typeof fetch =>
  async (_url, init) => {
    const body = JSON.parse(await new Response(init?.body).text()) as {
      deliveryId: string;
      applicationId: string;
      seq: number;
    };
    if (hold) {
      hold.reached();
      await hold.until;
    }
    await new Promise((resolve) => setTimeout(resolve, 3));
    sent.push({ instance, delivery: body.deliveryId, application: body.applicationId, seq: body.seq });
    return new Response(null, { status: 204 });
  };

async function queue(count: number, claim?: { by: string; until: Date }): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const application = applications[i % applications.length] ?? apps.dealerOrdering;
    const id = randomUUID();
    ids.push(id);
    await h.db
      .insertInto('webhook_deliveries')
      .values({
        id,
        application_id: application,
        event: 'GRANT',
        user_id: users.newUser,
        status: 'PENDING',
        payload: JSON.stringify({ deliveryId: id, applicationId: application, seq: i }),
        next_attempt_at: new Date(Date.now() - 60_000 + i),
        ...(claim === undefined ? {} : { claimed_by: claim.by, claimed_until: claim.until }),
      })
      .execute();
  }
  return ids;
}

beforeAll(async () => {
  h = await harness();
  for (const application of applications) {
    await h.db
      .insertInto('webhooks')
      .values({
        application_id: application,
        enabled: true,
        endpoint_url: 'http://127.0.0.1:9/hook',
        username: null,
        password: null,
        on_grant: true,
        on_remove: true,
        on_update: true,
        headers: JSON.stringify([]),
        key_vault_reference: null,
      })
      .onConflict((oc) =>
        oc
          .column('application_id')
          .doUpdateSet({ endpoint_url: 'http://127.0.0.1:9/hook', headers: JSON.stringify([]) }),
      )
      .execute();
  }
});
afterAll(async () => h.close());

describe('instances started together on an empty database', () => {
  it('seed it once', async () => {
    const { db, close } = await freshDatabase();
    try {
      const options = {
        portalUrl: 'http://localhost:5173',
        dealerShopUrl: 'http://localhost:4002',
        secrets: testSecrets,
      };
      const results = await Promise.all([
        seed(db, 'demo', options),
        seed(db, 'demo', options),
        seed(db, 'demo', options),
      ]);
      expect(results.flat()).toEqual(['demo']);
      const count = await db
        .selectFrom('applications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});

describe('dispatchers of two instances on one database', () => {
  it('send each delivery once, in order within its application', async () => {
    sent.length = 0;
    const ids = await queue(60);
    // Instance a claims two of the three applications and is kept busy sending; meanwhile b
    // must take the third (not wait, not send a's) — so both share the work, whatever the load.
    let reach = (): void => undefined;
    let release = (): void => undefined;
    const reached = new Promise<void>((resolve) => {
      reach = resolve;
    });
    const until = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a = dispatcherFor({
      db: h.db,
      secrets: testSecrets,
      instance: 'a',
      fetchImpl: receiver('a', { reached: reach, until }),
      concurrency: 2,
    });
    const b = dispatcherFor({
      db: h.db,
      secrets: testSecrets,
      instance: 'b',
      fetchImpl: receiver('b'),
      concurrency: 2,
    });
    const busyA = sweep(a);
    await reached;
    await sweep(b);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((s) => s.instance))).toEqual(new Set(['b']));
    release();
    await busyA;
    for (let round = 0; round < 20 && sent.length < ids.length; round += 1)
      await Promise.all([sweep(a), sweep(b), sweep(a), sweep(b)]);
    expect(sent.map((s) => s.delivery).sort()).toEqual([...ids].sort());
    for (const application of applications) {
      const seqs = sent.filter((s) => s.application === application).map((s) => s.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    }
    expect(new Set(sent.map((s) => s.instance))).toEqual(new Set(['a', 'b']));
    const left = await h.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'claimed_by'])
      .where('id', 'in', ids)
      .execute();
    expect(left.every((d) => d.status === 'SUCCEEDED' && d.claimed_by === null)).toBe(true);
  });

  it("a dead instance's claim runs out and is taken over; a live one is left alone", async () => {
    sent.length = 0;
    const dead = await queue(3, { by: 'dead', until: new Date(Date.now() - 1) });
    const a = dispatcherFor({ db: h.db, secrets: testSecrets, instance: 'a', fetchImpl: receiver('a') });
    await sweep(a);
    expect(sent.map((s) => s.delivery).sort()).toEqual([...dead].sort());

    sent.length = 0;
    const live = await queue(3, { by: 'b', until: new Date(Date.now() + 60_000) });
    expect(await sweep(a)).toBe(0);
    expect(sent).toEqual([]);
    const later = dispatcherFor({
      db: h.db,
      secrets: testSecrets,
      instance: 'a',
      fetchImpl: receiver('a'),
      now: () => new Date(Date.now() + 61_000),
    });
    await sweep(later);
    expect(sent.map((s) => s.delivery).sort()).toEqual([...live].sort());
  });
});
