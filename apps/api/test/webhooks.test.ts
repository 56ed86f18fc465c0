// Webhook deliveries: POST with basic auth and custom headers to a loopback receiver,
// retried with backoff until the attempts run out, each attempt recorded.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, roles, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let server: Server;
let admin = '';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let answer = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
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
  h = await harness();
  await h.db.updateTable('webhooks').set({ endpoint_url: `http://127.0.0.1:${port}/hook` }).where('application_id', '=', apps.dealerOrdering).execute();
  admin = await token({ sub: users.globalAdmin, permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions });
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('webhooks', () => {
  it('delivers a grant with basic auth and the custom headers', async () => {
    const r = await h.request('PUT', `/Admin/Applications/${apps.dealerOrdering}/Users/${users.newUser}`, { token: admin, body: { roleIds: [roles.dealerViewer] } });
    expect(r.status).toBe(200);
    expect(h.queued.count).toBe(1);
    expect(await h.dispatcher.runOnce()).toBe(1);
    const call = received.at(-1);
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from('portal:demo-webhook-secret').toString('base64')}`);
    expect(call?.headers['x-portal-source']).toBe('hk-portal');
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({ event: 'GRANT', applicationId: apps.dealerOrdering, userId: users.newUser, roleIds: [roles.dealerViewer] });
    const list = await h.request('GET', `/Admin/Applications/${apps.dealerOrdering}/WebhookDeliveries`, { token: admin });
    expect(((await list.json()) as { items: unknown[] }).items[0]).toMatchObject({ status: 'SUCCEEDED', attempts: 1, responseStatus: 200 });
  });

  it('delivers updates and removals', async () => {
    await h.request('PUT', `/Admin/Applications/${apps.dealerOrdering}/Users/${users.newUser}`, { token: admin, body: { roleIds: [roles.dealerOrderer] } });
    await h.request('DELETE', `/Admin/Applications/${apps.dealerOrdering}/Users/${users.newUser}`, { token: admin });
    expect(await h.dispatcher.runOnce()).toBe(2);
    expect(received.slice(-2).map((c) => (JSON.parse(c.body) as { event: string }).event)).toEqual(['UPDATE', 'REMOVE']);
  });

  it('retries a failing endpoint and gives up after the last attempt', async () => {
    answer = 500;
    await h.request('PUT', `/Admin/Applications/${apps.dealerOrdering}/Users/${users.newUser}`, { token: admin, body: { roleIds: [roles.dealerViewer] } });
    const before = received.length;
    await h.dispatcher.runOnce();
    await h.dispatcher.runOnce();
    await h.dispatcher.runOnce();
    expect(await h.dispatcher.runOnce()).toBe(0);
    expect(received.length - before).toBe(3);
    const list = await h.request('GET', `/Admin/Applications/${apps.dealerOrdering}/WebhookDeliveries`, { token: admin });
    expect(((await list.json()) as { items: unknown[] }).items[0]).toMatchObject({ status: 'FAILED', attempts: 3, responseStatus: 500, error: 'HTTP 500' });
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
