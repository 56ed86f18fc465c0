// Random bodies and queries thrown at every write and list call never give a 500.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, apps, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, internalToken, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';
let partner = '';
let internal = '';

beforeAll(async () => {
  h = await harness();
  admin = await token({ sub: users.globalAdmin, permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions });
  partner = await token({ sub: users.partner, permissions: [] });
  internal = await internalToken();
});
afterAll(() => h.close());

const writes: [string, string, () => string][] = [
  ['POST', '/Applications', () => admin],
  ['PUT', `/Applications/${apps.marketing}`, () => admin],
  ['POST', '/Attributes', () => admin],
  ['POST', '/Permissions', () => admin],
  ['POST', '/Roles', () => admin],
  ['POST', '/AccountAccesses', () => admin],
  ['POST', '/CustomFlows', () => admin],
  ['PUT', `/Admin/Applications/AccessRequests/${accessRequests.customerMarketing}`, () => admin],
  ['PUT', `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.newUser}`, () => admin],
  ['PUT', '/My/Attributes', () => partner],
  ['PUT', '/My/Profile', () => partner],
  ['POST', '/AuthCheck', () => partner],
  ['POST', '/CustomFlow/service-terms', () => partner],
  ['POST', `/My/Applications/${apps.marketing}/AccessRequest`, () => partner],
  ['PUT', `/Internal/Users/${users.partner}/Email`, () => internal],
];

// Values shaped like the real bodies, so that many reach the code behind the schema check.
const plausible = fc.oneof(
  fc.constantFrom('', 'x', 'https://ok.example.test', 'javascript:alert(1)', '00000000-0000-4000-8000-000000000006', apps.dealerOrdering,
    '30000000-0000-4000-8000-000000000004', 'ACCEPT', 'DENY', 'de', 'dealerNumber', 'a@b.example.test', '\u0000', 'é'.repeat(300)),
  fc.string(), fc.integer(), fc.boolean(), fc.constant(null),
);
const fieldNames = fc.constantFrom('label', 'url', 'key', 'dataType', 'decision', 'roleIds', 'attributes', 'applicationId', 'clientId', 'value',
  'firstName', 'lastName', 'language', 'email', 'webhook', 'headers', 'parentId', 'permissionIds', 'applicationIds', 'attributeIds', '__proto__', 'constructor');
const shaped: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, plausible, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fieldNames, tie('value'), { maxKeys: 6 })),
})).value;
const body = fc.oneof(fc.jsonValue(), shaped, fc.dictionary(fieldNames, shaped, { maxKeys: 8 }));

describe('random bodies', () => {
  for (const [method, path, who] of writes) {
    it(`${method} ${path} never answers 500`, async () => {
      await fc.assert(fc.asyncProperty(body, async (value) => {
        const r = await h.request(method, path, { token: who(), body: value });
        expect(r.status, JSON.stringify(value)).toBeLessThan(500);
        const answer = (await r.json().catch(() => ({}))) as { error?: { code: string } };
        if (r.status >= 400) expect(typeof answer.error?.code).toBe('string');
      }), { numRuns: 40 });
    });
  }

  it('raw bytes as JSON never answer 500', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
      const r = await h.request('POST', '/Applications', { token: admin, rawBody: text, headers: { 'content-type': 'application/json' } });
      expect(r.status).toBeLessThan(500);
    }), { numRuns: 60 });
  });

  it('random list queries never answer 500', async () => {
    const key = fc.constantFrom('page', 'pageSize', 'search', 'sort', 'order', 'status', 'onlyWithValues');
    const paths = fc.constantFrom('/Users', '/Applications', '/Roles', '/Attributes', `/Admin/Applications/${apps.kitchenPlanner}/Users`,
      `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests`, '/My/Applications', `/Applications/${apps.hr}/History`);
    await fc.assert(fc.asyncProperty(paths, fc.dictionary(key, fc.string({ maxLength: 30 }), { maxKeys: 4 }), async (path, query) => {
      const r = await h.request('GET', `${path}?${new URLSearchParams(query).toString()}`, { token: admin });
      expect(r.status).toBeLessThan(500);
    }), { numRuns: 80 });
  });

  it('random path segments never answer 500', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ minLength: 1, maxLength: 60 }), async (segment) => {
      const s = encodeURIComponent(segment);
      for (const path of [`/Applications/${s}`, `/Users/${s}`, `/CustomFlow/${s}`, `/My/Applications/Branding/${s}`, `/Admin/Applications/${s}/Users`]) {
        const r = await h.request('GET', path, { token: admin });
        expect(r.status).toBeLessThan(500);
      }
    }), { numRuns: 40 });
  });
});
