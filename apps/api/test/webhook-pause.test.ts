// A webhook pauses itself (#20.2): after its configured number of failed deliveries in a row its
// deliveries wait (PENDING, not sent) until an administrator resumes it; a delivered one sets the
// count back. Without a number it never pauses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token, sweep } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';
let status = 500;
let sent = 0;
const base = `/Admin/Applications/${apps.dealerOrdering}`;

beforeAll(async () => {
  h = await harness({
    fetchImpl: async () => {
      sent++;
      return new Response(null, { status });
    },
  });
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
});
afterAll(() => h.close());

/** Runs the dispatcher until nothing is due (the harness retries at once, 3 attempts). */
async function drain(): Promise<void> {
  while ((await sweep(h.dispatcher)) > 0) {
    /* again */
  }
}
const testDelivery = async () =>
  ((await (await h.request('POST', `${base}/WebhookDeliveries/Test`, { token: admin })).json()) as { id: string }).id;
const webhook = async () =>
  (
    (await (await h.request('GET', `/Applications/${apps.dealerOrdering}`, { token: admin })).json()) as {
      webhook: { pauseAfterFailures: number | null; consecutiveFailures: number; pausedAt: string | null };
    }
  ).webhook;
const statusOf = async (id: string) =>
  (
    (await (await h.request('GET', `${base}/WebhookDeliveries/${id}`, { token: admin })).json()) as {
      delivery: { status: string };
    }
  ).delivery.status;

describe('a webhook that pauses itself', () => {
  it('never pauses without a number', async () => {
    await testDelivery();
    await drain();
    expect(await webhook()).toMatchObject({ pauseAfterFailures: null, consecutiveFailures: 1, pausedAt: null });
  });

  it('pauses after the configured failures in a row, keeps its deliveries waiting, and resumes', async () => {
    await h.db
      .updateTable('webhooks')
      .set({ pause_after_failures: 2 })
      .where('application_id', '=', apps.dealerOrdering)
      .execute();
    await testDelivery();
    await drain();
    const paused = await webhook();
    expect(paused).toMatchObject({ pauseAfterFailures: 2, consecutiveFailures: 2 });
    expect(paused.pausedAt).not.toBeNull();

    status = 204;
    const waiting = await testDelivery();
    const before = sent;
    await drain();
    expect(sent).toBe(before);
    expect(await statusOf(waiting)).toBe('PENDING');

    const customer = await token({ sub: users.customer });
    expect((await h.request('POST', `${base}/Webhook/Resume`, { token: customer })).status).toBe(403);
    expect((await h.request('POST', `/Admin/Applications/${apps.hr}/Webhook/Resume`, { token: admin })).status).toBe(
      404,
    );
    expect((await h.request('POST', `${base}/Webhook/Resume`, { token: admin })).status).toBe(204);
    await drain();
    expect(await statusOf(waiting)).toBe('SUCCEEDED');
    expect(await webhook()).toMatchObject({ consecutiveFailures: 0, pausedAt: null });
  });
});
