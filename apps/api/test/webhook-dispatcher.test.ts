// The webhook dispatcher as long-running work (ADR 0026): its back-off is a schedule whose
// delay for each attempt is written to the delivery; the record of an outcome is tried again
// when the database fails for a moment and is never interrupted; `run` sweeps when woken; and
// the shutdown (its Scope closed) interrupts a sweep under way at once: the send is aborted, the
// attempt not counted, the claims given back, so another instance takes the delivery at once.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Duration, Effect, Fiber, Schedule } from 'effect';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, users } from '../src/db/seed/ids.ts';
import { delayAfter } from '../src/jobs/effects.ts';
import { defaultDeliveryBackoff, type DispatcherOptions } from '../src/webhooks/dispatcher.ts';
import { dispatcherFor, harness, noBackoff, sweep, testSecrets } from './harness.ts';
import type { Harness } from './harness.ts';
import { queueDueDelivery } from './webhook-fixtures.ts';

let h: Harness;
let server: Server;
let base = '';
/** What the endpoint got, and how each request ended for it. */
const received: { path: string; deliveryId: string }[] = [];
let aborted = 0;
/** Paths whose first request is never answered (the next ones are). */
const hangOnce = new Set<string>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ path, deliveryId: String(req.headers['x-portal-delivery-id']) });
      if (hangOnce.delete(path)) {
        res.on('close', () => {
          if (!res.writableEnded) aborted++;
        });
        return;
      }
      res.statusCode = path === '/fail' ? 500 : 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  h = await harness();
});
afterAll(async () => {
  await h.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The application's webhook at `path` of the test's endpoint, and one due delivery queued for it. */
const queued = (applicationId: string, path: string): Promise<string> =>
  queueDueDelivery(h.db, applicationId, { url: `${base}${path}`, clear: 'all deliveries' });
const delivery = (id: string) =>
  h.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const attemptsOf = (id: string) =>
  h.db.selectFrom('webhook_delivery_attempts').selectAll().where('delivery_id', '=', id).execute();
const dispatcher = (options: Partial<DispatcherOptions> = {}) =>
  dispatcherFor({ db: h.db, secrets: testSecrets, backoff: noBackoff, log: () => undefined, ...options });

/** The table an INSERT writes to, or undefined for any other statement. */
const insertedInto = (node: RootOperationNode): string | undefined =>
  node.kind === 'InsertQueryNode' ? node.into?.table.identifier.name : undefined;

describe('the back-off', () => {
  it('is 2 s doubling by default', async () => {
    const delays = await Effect.runPromise(Effect.forEach([1, 2, 3, 4], (n) => delayAfter(defaultDeliveryBackoff, n)));
    expect(delays.map((d) => Duration.toSeconds(d))).toEqual([2, 4, 8, 16]);
  });

  it("a failed attempt is due again after the schedule's delay for that attempt, FAILED after the last", async () => {
    const id = await queued(apps.kitchenPlanner, '/fail');
    const d = dispatcher({ backoff: Schedule.exponential('1 minute'), maxAttempts: 3 });
    const gap = async () => {
      const row = await delivery(id);
      return ((row.next_attempt_at?.getTime() ?? 0) - (row.last_attempt_at?.getTime() ?? 0)) / 1000;
    };
    const makeDue = () =>
      h.db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: new Date(Date.now() - 1) })
        .where('id', '=', id)
        .execute();
    expect(await sweep(d)).toBe(1);
    expect(await gap()).toBe(60);
    // Not due yet: nothing is sent.
    expect(await sweep(d)).toBe(0);
    await makeDue();
    expect(await sweep(d)).toBe(1);
    expect(await gap()).toBe(120);
    await makeDue();
    expect(await sweep(d)).toBe(1);
    expect(await delivery(id)).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      next_attempt_at: null,
      error: 'HTTP 500',
    });
  });
});

describe('the record of an outcome', () => {
  it('is tried again when the database fails for a moment: delivered once, recorded once', async () => {
    const id = await queued(apps.kitchenPlanner, '/ok');
    let failures = 2;
    const flaky: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (insertedInto(node) === 'webhook_delivery_attempts' && failures-- > 0)
          throw new Error('Connection terminated unexpectedly');
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const logged: string[] = [];
    const d = dispatcher({ db: h.db.withPlugin(flaky), log: (message) => logged.push(message) });
    const before = received.length;
    expect(await sweep(d)).toBe(1);
    expect(failures).toBe(-1);
    expect(received.slice(before).map((r) => r.deliveryId)).toEqual([id]);
    expect(await delivery(id)).toMatchObject({ status: 'SUCCEEDED', attempts: 1, claimed_by: null });
    expect(await attemptsOf(id)).toHaveLength(1);
    expect(logged).toEqual([]);
  });

  it('is written when the shutdown comes between two tries of it, and the shutdown waits for it', async () => {
    const id = await queued(apps.kitchenPlanner, '/ok');
    let failed: (() => void) | undefined;
    const firstTryFailed = new Promise<void>((resolve) => (failed = resolve));
    let failures = 1;
    const flaky: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (insertedInto(node) === 'webhook_delivery_attempts' && failures-- > 0) {
          failed?.();
          throw new Error('Connection terminated unexpectedly');
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const d = dispatcher({ db: h.db.withPlugin(flaky), pollInterval: '1 hour' });
    const fiber = Effect.runFork(Effect.scoped(d.run));
    await firstTryFailed;
    // The shutdown comes while the record waits for its next try (200 ms): the outcome is still written.
    await Effect.runPromise(Fiber.interrupt(fiber));
    expect(await delivery(id)).toMatchObject({ status: 'SUCCEEDED', attempts: 1, claimed_by: null });
    expect(await attemptsOf(id)).toHaveLength(1);
  });
});

describe('run', () => {
  it('sweeps at once, then when woken by notify, long before its interval', async () => {
    const first = await queued(apps.kitchenPlanner, '/ok');
    const d = dispatcher({ pollInterval: '1 hour' });
    const fiber = Effect.runFork(Effect.scoped(d.run));
    try {
      await expect.poll(async () => (await delivery(first)).status, { timeout: 5_000 }).toBe('SUCCEEDED');
      const second = await queued(apps.servicePortal, '/ok');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await delivery(second)).status).toBe('PENDING');
      d.notify();
      await expect.poll(async () => (await delivery(second)).status, { timeout: 5_000 }).toBe('SUCCEEDED');
    } finally {
      await Effect.runPromise(Fiber.interrupt(fiber));
    }
  });

  it('shutdown interrupts a sweep under way at once: the send aborted, not counted, its claims given back', async () => {
    hangOnce.add('/hang');
    const hanging = await queued(apps.kitchenPlanner, '/hang');
    // The application's next delivery waits behind the hanging one, claimed with it.
    const behind = randomUUID();
    await h.db
      .insertInto('webhook_deliveries')
      .values({
        id: behind,
        application_id: apps.kitchenPlanner,
        event: 'UPDATE',
        user_id: users.newUser,
        payload: JSON.stringify({ id: behind, event: 'UPDATE' }),
        status: 'PENDING',
        next_attempt_at: new Date(Date.now() - 500),
      })
      .execute();
    const d = dispatcher({ instance: 'stopping', timeout: '1 minute', pollInterval: 50 });
    const fiber = Effect.runFork(Effect.scoped(d.run));
    await expect.poll(() => received.some((r) => r.deliveryId === hanging), { timeout: 5_000 }).toBe(true);
    expect((await delivery(behind)).claimed_by).toBe('stopping');
    const started = Date.now();
    await Effect.runPromise(Fiber.interrupt(fiber));
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const id of [hanging, behind])
      expect(await delivery(id)).toMatchObject({
        status: 'PENDING',
        attempts: 0,
        claimed_by: null,
        claimed_until: null,
      });
    expect(await attemptsOf(hanging)).toEqual([]);
    await expect.poll(() => aborted, { timeout: 5_000 }).toBe(1);
    // Nothing more once stopped; another instance takes both over at once, in order.
    const seen = received.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.length).toBe(seen);
    expect(await sweep(dispatcher({ instance: 'other' }))).toBe(2);
    expect(received.slice(seen).map((r) => r.deliveryId)).toEqual([hanging, behind]);
    expect(await delivery(hanging)).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
  });
});
