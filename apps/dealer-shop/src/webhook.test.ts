// The shop receives the portal's access webhook (grant, remove, update) with basic auth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from './config.ts';
import { startDealerShop, type DealerShop } from './app.ts';

let shop: DealerShop;
const config = {
  ...configFromEnv({ DEALER_SHOP_PORT: '0', DEALER_SHOP_URL: 'http://localhost:0' }),
  webhook: { username: 'portal', password: 's3cret' },
};
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const post = (body: string, authorization?: string) =>
  fetch(`${shop.url}/webhooks/access`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
  });

beforeAll(async () => {
  shop = await startDealerShop(config);
});
afterAll(() => shop.close());

describe('dealer shop webhook receiver', () => {
  it('records an event delivered with the right credentials', async () => {
    const event = { event: 'GRANT', applicationId: config.clientId, userId: 'u-1' };
    const res = await post(JSON.stringify(event), basic('portal', 's3cret'));
    expect(res.status).toBe(204);
    expect(shop.webhookEvents.at(-1)).toEqual(event);
  });

  it.each([
    ['no credentials', undefined],
    ['a wrong password', basic('portal', 'wrong')],
  ])('refuses %s with 401', async (_label, authorization) => {
    const before = shop.webhookEvents.length;
    const res = await post('{}', authorization);
    expect(res.status).toBe(401);
    expect(shop.webhookEvents.length).toBe(before);
  });

  it('refuses broken JSON and oversized bodies', async () => {
    expect((await post('{nope', basic('portal', 's3cret'))).status).toBe(400);
    expect((await post(JSON.stringify({ x: 'y'.repeat(70_000) }), basic('portal', 's3cret'))).status).toBe(413);
  });
});
