import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';
import { users } from '../src/db/seed/ids.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

describe('smoke', () => {
  it('answers health', async () => {
    const r = await h.request('GET', '/health');
    expect(r.status).toBe(200);
  });
  it('lists my applications', async () => {
    const r = await h.request('GET', '/My/Applications', { token: await token({ sub: users.partner }) });
    const body = await r.json();
    expect(r.status).toBe(200);
  });
});
