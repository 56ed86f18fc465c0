import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { isCrossSite, refuseCrossSiteWrites } from './cross-site.ts';

const portal = 'http://portal.test';

describe('the CSRF check', () => {
  it('reads Sec-Fetch-Site first, then Origin; a request without either (no browser) is not cross-site', () => {
    const crossSite = (headers: Record<string, string>) => isCrossSite(new Headers(headers), portal);
    expect(crossSite({ 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(crossSite({ 'sec-fetch-site': 'none' })).toBe(false);
    expect(crossSite({ 'sec-fetch-site': 'same-site' })).toBe(true);
    expect(crossSite({ 'sec-fetch-site': 'cross-site', origin: portal })).toBe(true);
    expect(crossSite({ origin: portal })).toBe(false);
    expect(crossSite({ origin: 'http://evil.test' })).toBe(true);
    expect(crossSite({})).toBe(false);
  });

  it('refuses a cross-site write before the route runs; reads and same-origin writes pass', async () => {
    const ran: string[] = [];
    const app = new Hono();
    app.use(
      '*',
      refuseCrossSiteWrites(portal, (c) => c.text('refused', 403)),
    );
    app.all('/thing', (c) => {
      ran.push(c.req.method);
      return c.text('done');
    });
    const send = (method: string, site: string) =>
      app.request(`${portal}/thing`, { method, headers: { 'sec-fetch-site': site } });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect([method, (await send(method, 'cross-site')).status]).toEqual([method, 403]);
    expect(ran).toEqual([]);
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect([method, (await send(method, 'cross-site')).status]).toEqual([method, 200]);
    expect((await send('POST', 'same-origin')).status).toBe(200);
    expect(ran).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
  });
});
