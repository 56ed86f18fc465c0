// A delivery's detail (#20.2): the payload it sends and each attempt — when, how long, the
// request's headers with the basic-auth credentials and the custom headers' values masked, the
// answer's status and the first 2 KB of its body, or the error. Only the application's
// administrators read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token, sweep } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';
/** The endpoint's next answers (an Error: the request fails), then 204. */
const answers: (Response | Error)[] = [];
const base = `/Admin/Applications/${apps.dealerOrdering}`;

interface Detail {
  delivery: { id: string; status: string; attempts: number };
  payload: Record<string, unknown>;
  attempts: {
    attempt: number;
    startedAt: string;
    durationMs: number;
    requestHeaders: { name: string; value: string }[];
    responseStatus: number | null;
    responseBody: string | null;
    error: string | null;
  }[];
}

beforeAll(async () => {
  h = await harness({
    fetchImpl: async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next ?? new Response(null, { status: 204 });
    },
  });
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
});
afterAll(() => h.close());

describe("a webhook delivery's detail", () => {
  it('shows the payload and each attempt, secrets masked, the answer cut at 2 KB', async () => {
    // "ü" is two bytes: the cut at 2,048 bytes falls inside the last one.
    answers.push(
      new Response(`${'x'.repeat(2047)}ü${'y'.repeat(3000)}`, { status: 500 }),
      new Response(null, { status: 204 }),
    );
    const queued = (await (await h.request('POST', `${base}/WebhookDeliveries/Test`, { token: admin })).json()) as {
      id: string;
    };
    await sweep(h.dispatcher);
    await sweep(h.dispatcher);
    const response = await h.request('GET', `${base}/WebhookDeliveries/${queued.id}`, { token: admin });
    expect(response.status).toBe(200);
    const detail = (await response.json()) as Detail;
    expect(detail.delivery).toMatchObject({ id: queued.id, status: 'SUCCEEDED', attempts: 2 });
    expect(detail.payload).toMatchObject({
      id: queued.id,
      event: 'TEST',
      applicationId: apps.dealerOrdering,
      userId: users.globalAdmin,
    });
    const [failed, succeeded] = detail.attempts;
    expect(failed).toMatchObject({ attempt: 1, responseStatus: 500, error: 'HTTP 500' });
    expect(failed?.responseBody).toBe(`${'x'.repeat(2047)}\uFFFD`);
    expect(failed?.durationMs).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(failed?.startedAt ?? ''))).toBe(false);
    expect(succeeded).toMatchObject({ attempt: 2, responseStatus: 204, responseBody: null, error: null });
    const headers = Object.fromEntries((failed?.requestHeaders ?? []).map((header) => [header.name, header.value]));
    // The seed gives the dealer shop's webhook basic auth and the custom header X-Portal-Source.
    expect(headers).toMatchObject({
      authorization: '••••••',
      'x-portal-source': '••••••',
      'x-portal-delivery-id': queued.id,
      'content-type': 'application/json',
    });
    expect(JSON.stringify(detail)).not.toContain('demo-webhook-secret');
  });

  it('records a request that fails with its error and no answer', async () => {
    answers.push(new TypeError('fetch failed'));
    const queued = (await (await h.request('POST', `${base}/WebhookDeliveries/Test`, { token: admin })).json()) as {
      id: string;
    };
    await sweep(h.dispatcher);
    const detail = (await (
      await h.request('GET', `${base}/WebhookDeliveries/${queued.id}`, { token: admin })
    ).json()) as Detail;
    expect(detail.attempts[0]).toMatchObject({
      attempt: 1,
      responseStatus: null,
      responseBody: null,
      error: 'fetch failed',
    });
  });

  it("only the application's administrators read it; another application's delivery is not found", async () => {
    const list = (await (await h.request('GET', `${base}/WebhookDeliveries`, { token: admin })).json()) as {
      items: { id: string }[];
    };
    const id = list.items[0]?.id ?? '';
    const customer = await token({ sub: users.customer });
    expect((await h.request('GET', `${base}/WebhookDeliveries/${id}`, { token: customer })).status).toBe(403);
    const plannerAdmin = await token({
      sub: users.appAdmin,
      permissions: (await claimsOf(h.db, users.appAdmin)).hkData.permissions,
    });
    expect((await h.request('GET', `${base}/WebhookDeliveries/${id}`, { token: plannerAdmin })).status).toBe(403);
    expect(
      (await h.request('GET', `/Admin/Applications/${apps.kitchenPlanner}/WebhookDeliveries/${id}`, { token: admin }))
        .status,
    ).toBe(404);
    expect(
      (await h.request('GET', `${base}/WebhookDeliveries/00000000-0000-4000-8000-00000000dead`, { token: admin }))
        .status,
    ).toBe(404);
    expect((await h.request('GET', `${base}/WebhookDeliveries/${id}`)).status).toBe(401);
  });
});
