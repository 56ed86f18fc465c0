// Webhook deliveries: POST with basic auth and custom headers to a loopback receiver,
// retried with backoff until the attempts run out, each attempt recorded.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, roles, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token, sweep } from './harness.ts';
import type { Harness } from './harness.ts';
import { queueDueDelivery } from './webhook-fixtures.ts';
import { matching } from './matchers.ts';

let h: Harness;
let server: Server;
let admin = '';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let answer = 200;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/hang') return; // never answers: the sender's timeout ends the attempt
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;
  h = await harness();
  await h.db
    .updateTable('webhooks')
    .set({ endpoint_url: `http://127.0.0.1:${port}/hook` })
    .where('application_id', '=', apps.dealerOrdering)
    .execute();
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('webhooks', () => {
  it('delivers a grant with basic auth and the custom headers', async () => {
    const r = await h.request('PUT', `/Admin/Applications/${apps.dealerOrdering}/Users/${users.newUser}`, {
      token: admin,
      body: { roleIds: [roles.dealerViewer] },
    });
    expect(r.status).toBe(200);
    expect(h.queued.count).toBe(1);
    expect(await sweep(h.dispatcher)).toBe(1);
    const call = received.at(-1);
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from('portal:demo-webhook-secret').toString('base64')}`);
    expect(call?.headers['x-portal-source']).toBe('hk-portal');
    expect(call?.headers['x-portal-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
      event: 'GRANT',
      applicationId: apps.dealerOrdering,
      userId: users.newUser,
      roleIds: [roles.dealerViewer],
    });
    const list = await h.request('GET', `/Admin/Applications/${apps.dealerOrdering}/WebhookDeliveries`, {
      token: admin,
    });
    expect(((await list.json()) as { items: unknown[] }).items[0]).toMatchObject({
      status: 'SUCCEEDED',
      attempts: 1,
      responseStatus: 200,
    });
  });

  it('delivers updates and removals', async () => {
    await h.request('PUT', `/Admin/Applications/${apps.dealerOrdering}/Users/${users.newUser}`, {
      token: admin,
      body: { roleIds: [roles.dealerOrderer] },
    });
    await h.request('DELETE', `/Admin/Applications/${apps.dealerOrdering}/Users/${users.newUser}`, { token: admin });
    expect(await sweep(h.dispatcher)).toBe(2);
    expect(received.slice(-2).map((c) => (JSON.parse(c.body) as { event: string }).event)).toEqual([
      'UPDATE',
      'REMOVE',
    ]);
  });

  it('retries a failing endpoint and gives up after the last attempt', async () => {
    answer = 500;
    await h.request('PUT', `/Admin/Applications/${apps.dealerOrdering}/Users/${users.newUser}`, {
      token: admin,
      body: { roleIds: [roles.dealerViewer] },
    });
    const before = received.length;
    await sweep(h.dispatcher);
    await sweep(h.dispatcher);
    await sweep(h.dispatcher);
    expect(await sweep(h.dispatcher)).toBe(0);
    expect(received.length - before).toBe(3);
    const list = await h.request('GET', `/Admin/Applications/${apps.dealerOrdering}/WebhookDeliveries`, {
      token: admin,
    });
    expect(((await list.json()) as { items: unknown[] }).items[0]).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      responseStatus: 500,
      error: 'HTTP 500',
    });
    answer = 200;
  });

  it('never returns or records the password', async () => {
    const r = await h.request('GET', `/Applications/${apps.dealerOrdering}`, { token: admin });
    const text = await r.text();
    expect(text).toContain('"passwordSet":true');
    expect(text).not.toContain('demo-webhook-secret');
    const history = await h.db.selectFrom('history').select('value').execute();
    expect(history.some((row) => row.value?.includes('demo-webhook-secret'))).toBe(false);
  });
});

describe('one delivery never holds up another (#17.7)', () => {
  /** Gives an application a webhook as stored (older data may hold what validation refuses today) and queues one delivery. */
  const queued = (applicationId: string, hook: { path?: string; headers?: unknown }): Promise<string> =>
    queueDueDelivery(h.db, applicationId, {
      url: `${base}${hook.path ?? '/hook'}`,
      headers: hook.headers,
      clear: 'only pending',
    });
  const delivery = (id: string) =>
    h.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a header the sender cannot send fails that delivery, recorded, and the next one is sent', async () => {
    const bad = await queued(apps.kitchenPlanner, { headers: [{ key: 'X-Price', value: 'price €' }] });
    const good = await queued(apps.servicePortal, {});
    await sweep(h.dispatcher);
    expect(await delivery(bad)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      response_status: null,
      error: matching(/.+/),
    });
    expect(await delivery(good)).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    await sweep(h.dispatcher);
    await sweep(h.dispatcher);
    expect(await delivery(bad)).toMatchObject({ status: 'FAILED', attempts: 3 });
  });

  it('a crash before the attempt (a stored header list that is no list) is recorded on that delivery', async () => {
    const broken = await queued(apps.kitchenPlanner, { headers: { 'X-A': '1' } });
    const good = await queued(apps.servicePortal, {});
    await sweep(h.dispatcher);
    expect(await delivery(broken)).toMatchObject({ attempts: 1, error: matching(/.+/) });
    expect(await delivery(good)).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('an endpoint that hangs does not hold up the deliveries of other applications', async () => {
    const hanging = await queued(apps.kitchenPlanner, { path: '/hang' });
    const first = sweep(h.dispatcher);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const good = await queued(apps.servicePortal, {});
    const started = Date.now();
    await sweep(h.dispatcher);
    expect(await delivery(good)).toMatchObject({ status: 'SUCCEEDED' });
    expect(Date.now() - started).toBeLessThan(1500); // the hanging attempt times out after 2 s
    expect((await delivery(hanging)).attempts).toBe(0);
    await first;
    expect(await delivery(hanging)).toMatchObject({ attempts: 1, error: matching(/.+/) });
  });
});
