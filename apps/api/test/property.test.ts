// Random bodies and queries thrown at every write and list call never give a 5xx: bodies of
// any shape, and valid bodies with one value replaced by text the database cannot store.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/http/contract.ts';
import {
  accessRequests,
  accountAccesses,
  apps,
  attributes,
  customFlows,
  permissionId,
  roles,
  users,
} from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, internalToken, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';
let partner = '';
let internal = '';

beforeAll(async () => {
  h = await harness();
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
  partner = await token({ sub: users.partner, permissions: [] });
  internal = await internalToken();
});
afterAll(() => h.close());

// Every write call of the document with a JSON body, a concrete path and a valid body to mutate.
const application = {
  label: 'Fuzz',
  url: 'https://fuzz.example.test',
  description: 'Neu',
  sortNumber: 60,
  accessRequestAllowed: true,
  attributes: [{ attributeId: attributes.studioName, outputInToken: true, required: false, visible: true }],
  roles: [{ roleId: roles.planner, permissionId: null, visible: true, default: true }],
  accountAccessIds: [accountAccesses.dealerNord],
  customFlowIds: [customFlows.serviceTerms],
  activationGroups: [{ directoryGroupName: 'Aussteller', roleIds: [roles.planner], accountAccessIds: [] }],
  webhook: {
    enabled: true,
    endpointUrl: 'https://hooks.example.test/x',
    username: 'u',
    password: 'secret',
    onGrant: true,
    onRemove: false,
    onUpdate: false,
    headers: [{ key: 'X-Token', value: 'abc' }],
    keyVaultReference: null,
  },
};
const attribute = { key: 'fuzzColour', label: 'Farbe', dataType: 'STRING' };
const permission = { key: 'fuzz.admin', description: 'Fuzz' };
const role = { key: 'fuzz.role', label: 'Rolle', permissionIds: [], applicationIds: [apps.kitchenPlanner] };
const accountAccess = {
  key: 'fuzz.access',
  label: 'Zugriff',
  parentId: accountAccesses.dealerNord,
  parentDeterminationMethod: 'MANUAL',
  childDeterminationMethod: 'NONE',
  attributeId: null,
};
const customFlow = { key: 'fuzz-flow', label: 'Ablauf', description: '', attributeIds: [attributes.phone] };
const writes: { method: string; template: string; path: string; who: () => string; valid: unknown }[] = [
  { method: 'POST', template: '/Applications', path: '/Applications', who: () => admin, valid: application },
  {
    method: 'PUT',
    template: '/Applications/{id}',
    path: `/Applications/${apps.marketing}`,
    who: () => admin,
    valid: application,
  },
  { method: 'POST', template: '/Attributes', path: '/Attributes', who: () => admin, valid: attribute },
  {
    method: 'PUT',
    template: '/Attributes/{id}',
    path: `/Attributes/${attributes.phone}`,
    who: () => admin,
    valid: { ...attribute, key: 'phone' },
  },
  { method: 'POST', template: '/Permissions', path: '/Permissions', who: () => admin, valid: permission },
  {
    method: 'PUT',
    template: '/Permissions/{id}',
    path: `/Permissions/${permissionId(2)}`,
    who: () => admin,
    valid: permission,
  },
  { method: 'POST', template: '/Roles', path: '/Roles', who: () => admin, valid: role },
  { method: 'PUT', template: '/Roles/{id}', path: `/Roles/${roles.plannerViewer}`, who: () => admin, valid: role },
  { method: 'POST', template: '/AccountAccesses', path: '/AccountAccesses', who: () => admin, valid: accountAccess },
  {
    method: 'PUT',
    template: '/AccountAccesses/{id}',
    path: `/AccountAccesses/${accountAccesses.branchBremen}`,
    who: () => admin,
    valid: accountAccess,
  },
  { method: 'POST', template: '/CustomFlows', path: '/CustomFlows', who: () => admin, valid: customFlow },
  {
    method: 'PUT',
    template: '/CustomFlows/{id}',
    path: `/CustomFlows/${customFlows.serviceTerms}`,
    who: () => admin,
    valid: customFlow,
  },
  {
    method: 'PUT',
    template: '/Admin/Applications/AccessRequests/{id}',
    path: `/Admin/Applications/AccessRequests/${accessRequests.customerMarketing}`,
    who: () => admin,
    valid: { decision: 'DENY', reason: 'Kein Händler' },
  },
  {
    method: 'PUT',
    template: '/Admin/Applications/{id}/Users/{userId}',
    path: `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.newUser}`,
    who: () => admin,
    valid: { roleIds: [roles.plannerViewer], attributes: [{ key: 'studioName', value: 'Studio Neu' }] },
  },
  {
    method: 'PUT',
    template: '/My/Attributes',
    path: '/My/Attributes',
    who: () => partner,
    valid: { applicationId: apps.dealerOrdering, attributes: [{ key: 'phone', value: '+49 40 999' }] },
  },
  {
    method: 'PUT',
    template: '/My/Favourites',
    path: '/My/Favourites',
    who: () => partner,
    valid: { applicationIds: [apps.servicePortal, apps.dealerOrdering] },
  },
  {
    method: 'PUT',
    template: '/My/Profile',
    path: '/My/Profile',
    who: () => partner,
    valid: { firstName: 'Dana', lastName: 'Partner', companyName: 'Studio', address: { city: 'Köln' }, language: 'de' },
  },
  {
    method: 'POST',
    template: '/AuthCheck',
    path: '/AuthCheck',
    who: () => partner,
    valid: { clientId: apps.dealerOrdering, attributes: [{ key: 'dealerNumber', value: 'H-1001' }] },
  },
  {
    method: 'POST',
    template: '/CustomFlow/{id}',
    path: '/CustomFlow/service-terms',
    who: () => partner,
    valid: { attributes: [{ key: 'termsAccepted', value: 'true' }] },
  },
  {
    method: 'POST',
    template: '/My/Applications/{id}/AccessRequest',
    path: `/My/Applications/${apps.marketing}/AccessRequest`,
    who: () => partner,
    valid: { comment: 'Bitte' },
  },
  {
    method: 'POST',
    template: '/Admin/Applications/{id}/Users/Bulk',
    path: `/Admin/Applications/${apps.kitchenPlanner}/Users/Bulk`,
    who: () => admin,
    valid: { action: 'addRoles', userIds: [users.newUser], roleIds: [roles.plannerViewer] },
  },
  {
    method: 'POST',
    template: '/Admin/Applications/{id}/Users/Import',
    path: `/Admin/Applications/${apps.kitchenPlanner}/Users/Import`,
    who: () => admin,
    valid: { csv: 'email;roles;accountAccesses\nnew@hk-demo.test;kitchen_planner.viewer;dealer.nord', apply: false },
  },
  {
    method: 'POST',
    template: '/Admin/Applications/{id}/AccessRequests/Decide',
    path: `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests/Decide`,
    who: () => admin,
    valid: { requestIds: [accessRequests.partnerPlanner], decision: { decision: 'DENY', reason: 'Kein Bedarf' } },
  },
  ...['Applications', 'Attributes', 'Permissions', 'Roles', 'AccountAccesses', 'CustomFlows', 'Users'].map((list) => ({
    method: 'POST',
    template: `/${list}/BulkDelete`,
    path: `/${list}/BulkDelete`,
    who: () => admin,
    valid: { ids: ['00000000-0000-4000-8000-0000000000ff'] },
  })),
  {
    method: 'PUT',
    template: '/Internal/Users/{id}/Email',
    path: `/Internal/Users/${users.partner}/Email`,
    who: () => internal,
    valid: { email: 'dana@partner.example.test' },
  },
];

// Values shaped like the real bodies, so that many reach the code behind the schema check.
const plausible = fc.oneof(
  fc.constantFrom(
    '',
    'x',
    'https://ok.example.test',
    'javascript:alert(1)',
    '00000000-0000-4000-8000-000000000006',
    apps.dealerOrdering,
    '30000000-0000-4000-8000-000000000004',
    'ACCEPT',
    'DENY',
    'de',
    'dealerNumber',
    'a@b.example.test',
    '\u0000',
    'é'.repeat(300),
  ),
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const fieldNames = fc.constantFrom(
  'label',
  'url',
  'key',
  'dataType',
  'decision',
  'roleIds',
  'attributes',
  'applicationId',
  'clientId',
  'value',
  'firstName',
  'lastName',
  'language',
  'email',
  'webhook',
  'headers',
  'parentId',
  'permissionIds',
  'applicationIds',
  'attributeIds',
  '__proto__',
  'constructor',
);
const shaped: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    plausible,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fieldNames, tie('value'), { maxKeys: 6 }),
  ),
})).value;
const randomBody = fc.oneof(fc.jsonValue(), shaped, fc.dictionary(fieldNames, shaped, { maxKeys: 8 }));

// Text the database or an HTTP header cannot take: NUL, lone surrogates, control characters, non-ASCII, any UTF-16 unit.
const nastyText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00',
    '\u0007',
    '\r\nHost: evil',
    'price €',
    '\ufeff',
    ' ',
    'x'.repeat(1001),
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 20 }),
);

type Path = (string | number)[];
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  return out;
}
function replaced(value: unknown, path: Path, make: (old: unknown) => unknown): unknown {
  if (path.length === 0) return make(value);
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaced(copy[head], rest, make);
  return copy;
}
/** A valid body with one value replaced: by nasty text, by nasty text inside the old text, or by any shaped value. */
const mutated = (valid: unknown) => {
  const paths = pathsOf(valid);
  return fc
    .tuple(
      fc.nat({ max: paths.length - 1 }),
      fc.oneof(
        nastyText.map((t) => (_old: unknown) => t),
        fc.tuple(nastyText, fc.nat()).map(
          ([t, at]) =>
            (old: unknown) =>
              typeof old === 'string'
                ? `${old.slice(0, at % (old.length + 1))}${t}${old.slice(at % (old.length + 1))}`
                : t,
        ),
        shaped.map((v) => (_old: unknown) => v),
      ),
    )
    .map(([i, make]) => replaced(valid, paths[i] ?? [], make));
};

// 10,000 bodies in all (500 per call), each call bounded in time.
const RUNS_PER_CALL = 500;

describe('random bodies', () => {
  it('the table holds every write call of the document with a JSON body', () => {
    const documented = Object.entries(openApiDocument.paths).flatMap(([template, item]) =>
      (['post', 'put'] as const)
        .filter(
          (m) =>
            (item[m] as { requestBody?: { content?: Record<string, unknown> } } | undefined)?.requestBody?.content?.[
              'application/json'
            ],
        )
        .map((m) => `${m.toUpperCase()} ${template}`),
    );
    expect(writes.map((w) => `${w.method} ${w.template}`).sort()).toEqual(documented.sort());
    expect(writes.length * RUNS_PER_CALL).toBeGreaterThanOrEqual(10_000);
  });

  for (const { method, path, who, valid } of writes) {
    it(`${method} ${path} never answers 5xx`, { timeout: 90_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(randomBody, mutated(valid)), async (value) => {
          // A call that became a job (#28.6) is followed to its end: its refusal never a 5xx either.
          const r = await h.finish(await h.request(method, path, { token: who(), body: value }), { token: who() });
          expect(r.status, JSON.stringify(value)).toBeLessThan(500);
          const answer = (await r.json().catch(() => ({}))) as { error?: { code: string } };
          if (r.status >= 400) expect(typeof answer.error?.code).toBe('string');
        }),
        { numRuns: RUNS_PER_CALL },
      );
    });
  }

  it('raw bytes as JSON never answer 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        const r = await h.request('POST', '/Applications', {
          token: admin,
          rawBody: text,
          headers: { 'content-type': 'application/json' },
        });
        expect(r.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('random list queries never answer 500', async () => {
    const key = fc.constantFrom('page', 'pageSize', 'search', 'sort', 'order', 'status', 'onlyWithValues');
    const paths = fc.constantFrom(
      '/Users',
      '/Applications',
      '/Roles',
      '/Attributes',
      `/Admin/Applications/${apps.kitchenPlanner}/Users`,
      `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests`,
      '/My/Applications',
      `/Applications/${apps.hr}/History`,
    );
    await fc.assert(
      fc.asyncProperty(paths, fc.dictionary(key, fc.string({ maxLength: 30 }), { maxKeys: 4 }), async (path, query) => {
        const r = await h.request('GET', `${path}?${new URLSearchParams(query).toString()}`, { token: admin });
        expect(r.status).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });

  it('random path segments never answer 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 60 }), async (segment) => {
        const s = encodeURIComponent(segment);
        for (const path of [
          `/Applications/${s}`,
          `/Users/${s}`,
          `/CustomFlow/${s}`,
          `/My/Applications/Branding/${s}`,
          `/Admin/Applications/${s}/Users`,
        ]) {
          const r = await h.request('GET', path, { token: admin });
          expect(r.status).toBeLessThan(500);
        }
      }),
      { numRuns: 40 },
    );
  });
});
