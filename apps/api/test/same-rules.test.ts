// The rules the API shares with core (#31.2) give the same answer on both sides: for the same
// input, what the API refuses or writes is what core's rule (the console's and the portal's) says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationRules } from '@portal/core';
import { users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';

beforeAll(async () => {
  h = await harness();
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
});
afterAll(() => h.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked against the document by contract.test.ts
type Body = any;

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const r = await h.request(method, path, { token: admin, body });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

const app = (label: string) => ({ label, url: 'https://same-rules.example.test' });

describe('an internal application is not requestable: the API writes what core says', () => {
  it.each([
    [false, false],
    [false, true],
    [true, false],
    [true, true],
  ])('internal %s, requests allowed %s', async (internal, accessRequestAllowed) => {
    const written = applicationRules({ internal, accessRequestAllowed });
    const created = await call('POST', '/Applications', {
      ...app(`Intern ${internal} ${accessRequestAllowed}`),
      internal,
      accessRequestAllowed,
    });
    expect(created.status).toBe(201);
    expect(created.body.accessRequestAllowed).toBe(written.accessRequestAllowed);
    const updated = await call('PUT', `/Applications/${created.body.id}`, {
      ...app(created.body.label),
      internal,
      accessRequestAllowed,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.accessRequestAllowed).toBe(written.accessRequestAllowed);
  });
});
