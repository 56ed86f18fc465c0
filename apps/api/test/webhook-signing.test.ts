// Webhooks the receiver can trust and an administrator can exercise (#20.2): signing secrets
// (shown once, at most two for rotation, every attempt signed with each), a test delivery,
// and the replay of a delivery.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, roles, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token, sweep } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';
const sent: { headers: Headers; body: string }[] = [];
const base = `/Admin/Applications/${apps.dealerOrdering}`;

/** Checks a signature as docs/webhooks.md tells a receiver to. */
function verifies(header: string | null, body: string, secret: string): boolean {
  const parts = (header ?? '').split(',').map((p) => p.split('='));
  const t = parts.find(([k]) => k === 't')?.[1] ?? '';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return parts.some(([k, v]) => k === 'v1' && v === expected) && Math.abs(Date.now() / 1000 - Number(t)) < 300;
}

beforeAll(async () => {
  h = await harness({
    fetchImpl: async (_url, init) => {
      sent.push({ headers: new Headers(init?.headers), body: await new Response(init?.body).text() });
      return new Response(null, { status: 204 });
    },
  });
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
});
afterAll(() => h.close());

describe('webhook signing, test and replay', () => {
  it('a secret is shown once; at most two; every delivery is signed with each; a deleted one signs no more', async () => {
    const first = await h.request('POST', `${base}/WebhookSigningSecrets`, { token: admin });
    expect(first.status).toBe(201);
    const one = (await first.json()) as { id: string; secret: string; hint: string };
    expect(one.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(one.hint).toBe(one.secret.slice(-4));
    const two = (await (await h.request('POST', `${base}/WebhookSigningSecrets`, { token: admin })).json()) as {
      id: string;
      secret: string;
    };
    const third = await h.request('POST', `${base}/WebhookSigningSecrets`, { token: admin, headers: { lang: 'en' } });
    expect(third.status).toBe(409);
    expect(await third.json()).toMatchObject({
      error: {
        code: 'webhook.secretLimit',
        message: 'Two signing secrets are already active. Delete the older one first.',
      },
    });
    const listed = await (await h.request('GET', `${base}/WebhookSigningSecrets`, { token: admin })).text();
    expect(listed).not.toContain(one.secret);
    expect(JSON.parse(listed)).toEqual({
      secrets: [expect.objectContaining({ id: one.id }), expect.objectContaining({ id: two.id })],
    });

    await h.request('PUT', `${base}/Users/${users.newUser}`, { token: admin, body: { roleIds: [roles.dealerViewer] } });
    await sweep(h.dispatcher);
    const signed = sent.at(-1);
    expect(verifies(signed?.headers.get('x-portal-signature') ?? null, signed?.body ?? '', one.secret)).toBe(true);
    expect(verifies(signed?.headers.get('x-portal-signature') ?? null, signed?.body ?? '', two.secret)).toBe(true);
    expect(verifies(signed?.headers.get('x-portal-signature') ?? null, `${signed?.body ?? ''} `, one.secret)).toBe(
      false,
    );

    expect((await h.request('DELETE', `${base}/WebhookSigningSecrets/${one.id}`, { token: admin })).status).toBe(204);
    expect((await h.request('DELETE', `${base}/WebhookSigningSecrets/${one.id}`, { token: admin })).status).toBe(404);
    await h.request('PUT', `${base}/Users/${users.newUser}`, {
      token: admin,
      body: { roleIds: [roles.dealerOrderer] },
    });
    await sweep(h.dispatcher);
    const after = sent.at(-1);
    expect(verifies(after?.headers.get('x-portal-signature') ?? null, after?.body ?? '', one.secret)).toBe(false);
    expect(verifies(after?.headers.get('x-portal-signature') ?? null, after?.body ?? '', two.secret)).toBe(true);
    const history = await h.db
      .selectFrom('history')
      .select(['field', 'value'])
      .where('entity', '=', apps.dealerOrdering)
      .where('field', 'like', 'webhook.signingSecret%')
      .execute();
    expect(history.map((e) => e.field).sort()).toEqual([
      'webhook.signingSecretCreated',
      'webhook.signingSecretCreated',
      'webhook.signingSecretDeleted',
    ]);
    expect(JSON.stringify(history)).not.toContain(one.secret);
  });

  it('a test delivery is sent and recorded like any other', async () => {
    const queued = await h.request('POST', `${base}/WebhookDeliveries/Test`, { token: admin });
    expect(queued.status).toBe(202);
    const delivery = (await queued.json()) as { id: string; event: string; status: string };
    expect(delivery).toMatchObject({ event: 'TEST', status: 'PENDING' });
    await sweep(h.dispatcher);
    const call = sent.at(-1);
    expect(call?.headers.get('x-portal-delivery-id')).toBe(delivery.id);
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
      event: 'TEST',
      applicationId: apps.dealerOrdering,
      userId: users.globalAdmin,
    });
  });

  it('a replay sends the same payload as a new delivery that names the original', async () => {
    const list = (await (await h.request('GET', `${base}/WebhookDeliveries`, { token: admin })).json()) as {
      items: { id: string; event: string }[];
    };
    const original = list.items.find((d) => d.event === 'UPDATE');
    if (original === undefined) throw new Error('no delivery to replay');
    const before = sent.find((s) => s.headers.get('x-portal-delivery-id') === original.id);
    const replayed = await h.request('POST', `${base}/WebhookDeliveries/${original.id}/Replay`, { token: admin });
    expect(replayed.status).toBe(202);
    const replay = (await replayed.json()) as { id: string; replayOf: string };
    expect(replay.replayOf).toBe(original.id);
    await sweep(h.dispatcher);
    const call = sent.at(-1);
    expect(call?.headers.get('x-portal-delivery-id')).toBe(replay.id);
    expect(call?.headers.get('x-portal-replay-of')).toBe(original.id);
    expect(call?.body).toBe(before?.body);
    // The ids docs/webhooks.md states: the body's `id` is the original delivery's, on the replay too,
    // and on a replay of the replay, whose X-Portal-Replay-Of names the replay it was made from.
    expect((JSON.parse(call?.body ?? '{}') as { id: string }).id).toBe(original.id);
    const again = (await (
      await h.request('POST', `${base}/WebhookDeliveries/${replay.id}/Replay`, { token: admin })
    ).json()) as { id: string };
    await sweep(h.dispatcher);
    const third = sent.at(-1);
    expect(third?.headers.get('x-portal-delivery-id')).toBe(again.id);
    expect(third?.headers.get('x-portal-replay-of')).toBe(replay.id);
    expect((JSON.parse(third?.body ?? '{}') as { id: string }).id).toBe(original.id);
    expect(
      (
        await h.request('POST', `${base}/WebhookDeliveries/00000000-0000-4000-8000-00000000dead/Replay`, {
          token: admin,
        })
      ).status,
    ).toBe(404);
  });

  it('only an administrator of the application may do any of it', async () => {
    const customer = await token({ sub: users.customer });
    for (const [method, path] of [
      ['POST', `${base}/WebhookSigningSecrets`],
      ['GET', `${base}/WebhookSigningSecrets`],
      ['POST', `${base}/WebhookDeliveries/Test`],
    ] as const) {
      expect((await h.request(method, path, { token: customer })).status).toBe(403);
    }
    expect(
      (await h.request('POST', `/Admin/Applications/${apps.hr}/WebhookDeliveries/Test`, { token: admin })).status,
    ).toBe(404);
  });
});
