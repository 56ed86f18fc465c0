// Bad input is answered with 400 and the error shape, in the caller's language, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { accessRequests, apps, attributes, roles, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import type { ApiError, Schema } from '@portal/contract';
import { checkResponse } from './openapi.ts';
import { harness, json, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';
let appAdmin = '';
let partner = '';

beforeAll(async () => {
  h = await harness();
  const t = async (id: string) => token({ sub: id, permissions: (await claimsOf(h.db, id)).hkData.permissions });
  admin = await t(users.globalAdmin);
  appAdmin = await t(users.appAdmin);
  partner = await t(users.partner);
});
afterAll(() => h.close());

/** A fingerprint of everything the API stores. */
async function snapshot(): Promise<string> {
  const tables = [
    'users',
    'applications',
    'webhooks',
    'attributes',
    'roles',
    'permissions',
    'account_accesses',
    'custom_flows',
    'application_users',
    'application_user_sources',
    'user_group_syncs',
    'application_attributes',
    'application_roles',
    'user_attribute_values',
    'access_requests',
    'history',
    'images',
    'webhook_deliveries',
    'user_favourites',
    'user_launches',
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const r = await sql<{
      d: string;
    }>`SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS d FROM ${sql.table(table)} AS t`.execute(
      h.db,
    );
    parts.push(`${table}:${r.rows[0]?.d}`);
  }
  return parts.join('|');
}

/** The refusal (checked against the document), after the status; and nothing stored changed. */
async function refused(
  method: string,
  path: string,
  init: { token?: string; body?: unknown; rawBody?: RequestInit['body']; headers?: Record<string, string> },
  status = 400,
): Promise<ApiError> {
  const before = await snapshot();
  const response = await h.request(method, path, init);
  expect(response.status).toBe(status);
  const body = await checkResponse<ApiError>(method, path, response);
  expect(await snapshot()).toBe(before);
  return body;
}

const validApp = { label: 'Test', url: 'https://test.example.test' };

describe('JSON bodies', () => {
  it('refuses wrong types with the field named', async () => {
    const body = await refused('POST', '/Applications', {
      token: admin,
      body: { label: 5, url: 'https://x.example.test' },
    });
    expect(body.error.errors).toEqual([expect.objectContaining({ field: 'label' })]);
  });

  it('refuses unknown fields', async () => {
    const body = await refused('POST', '/Applications', { token: admin, body: { ...validApp, isAdmin: true } });
    expect(body.error.errors[0]).toMatchObject({ field: 'isAdmin', message: 'Das Feld „isAdmin“ ist nicht bekannt.' });
  });

  it('refuses missing required fields', async () => {
    const body = await refused('POST', '/Applications', { token: admin, body: { label: 'x' } });
    expect(body.error.errors[0]).toMatchObject({ field: 'url', message: 'Dieses Feld ist erforderlich.' });
  });

  it('refuses duplicate keys', async () => {
    const body = await refused('POST', '/Applications', {
      token: admin,
      rawBody: '{"label":"a","url":"https://a.example.test","label":"b"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(body.error.errors[0]?.field).toBe('label');
  });

  it('refuses broken JSON, other content types and oversized bodies', async () => {
    await refused('POST', '/Applications', {
      token: admin,
      rawBody: '{"label":',
      headers: { 'content-type': 'application/json' },
    });
    await refused('POST', '/Applications', {
      token: admin,
      rawBody: JSON.stringify(validApp),
      headers: { 'content-type': 'text/plain' },
    });
    const huge = { ...validApp, description: 'x'.repeat(1024 * 1024 + 10) };
    await refused('POST', '/Applications', { token: admin, body: huge });
  });

  it('refuses javascript: and other non-http URLs with the validations.url message', async () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'ftp://x.example.test',
      '//evil.example.test',
    ]) {
      const body = await refused('POST', '/Applications', {
        token: admin,
        body: { ...validApp, url },
        headers: { lang: 'de' },
      });
      expect(body.error.errors[0]).toMatchObject({ field: 'url' });
    }
    const body = await refused('POST', '/Applications', {
      token: admin,
      body: { ...validApp, homePageUrl: 'javascript:alert(1)' },
    });
    expect(body.error.errors[0]?.message).toBe('javascript:alert(1) muss eine gültige URL sein');
  });

  it('refuses unsafe webhook headers', async () => {
    const hook = {
      enabled: true,
      endpointUrl: 'https://hook.example.test',
      onGrant: true,
      onRemove: true,
      onUpdate: true,
    };
    for (const key of ['Host', 'content-length', 'Authorization', 'X-Bad\r\nInjected', 'X Space', '']) {
      await refused('POST', '/Applications', {
        token: admin,
        body: { ...validApp, webhook: { ...hook, headers: [{ key, value: 'v' }] } },
      });
    }
    await refused('POST', '/Applications', {
      token: admin,
      body: { ...validApp, webhook: { ...hook, headers: [{ key: 'X-A', value: 'a\r\nHost: evil' }] } },
    });
    await refused('POST', '/Applications', {
      token: admin,
      body: {
        ...validApp,
        webhook: {
          ...hook,
          headers: [
            { key: 'X-A', value: '1' },
            { key: 'x-a', value: '2' },
          ],
        },
      },
    });
  });

  it('refuses header names the sender or a proxy owns and values that are not printable ASCII (#17.7)', async () => {
    const hook = {
      enabled: true,
      endpointUrl: 'https://hook.example.test',
      onGrant: true,
      onRemove: true,
      onUpdate: true,
    };
    for (const key of [
      'Cookie',
      'upgrade',
      'Expect',
      'Keep-Alive',
      'TE',
      'Connection',
      'Proxy-Authorization',
      'proxy-connection',
      'Transfer-Encoding',
    ]) {
      const body = await refused('POST', '/Applications', {
        token: admin,
        body: { ...validApp, webhook: { ...hook, headers: [{ key, value: 'v' }] } },
      });
      expect(body.error.errors).toEqual([
        { field: 'webhook.headers.0.key', message: `Der Header „${key}“ darf nicht gesetzt werden.` },
      ]);
    }
    for (const value of ['price €', 'a\u0007b', 'tab\there', '\u007f', 'ü']) {
      const body = await refused('POST', '/Applications', {
        token: admin,
        body: { ...validApp, webhook: { ...hook, headers: [{ key: 'X-A', value }] } },
      });
      expect(body.error.errors).toEqual([{ field: 'webhook.headers.0.value', message: 'Ungültige Eingabe' }]);
    }
  });

  it('refuses a header name twice (any case) and a directory group name twice, on the repeated entry (#17.2)', async () => {
    const hook = {
      enabled: true,
      endpointUrl: 'https://hook.example.test',
      onGrant: true,
      onRemove: true,
      onUpdate: true,
    };
    const twice = {
      ...validApp,
      webhook: {
        ...hook,
        headers: [
          { key: 'X-Walk', value: '1' },
          { key: 'X-Kitchen', value: '2' },
          { key: 'x-walk', value: '3' },
        ],
      },
    };
    for (const [method, path] of [
      ['POST', '/Applications'],
      ['PUT', `/Applications/${apps.kitchenPlanner}`],
    ] as const) {
      const body = await refused(method, path, { token: admin, body: twice, headers: { lang: 'de' } });
      expect(body.error.message).toBe('Doppelter Eintrag');
      expect(body.error.errors).toEqual([{ field: 'webhook.headers.2.key', message: 'Doppelter Eintrag' }]);
    }
    const group = (directoryGroupName: string) => ({ directoryGroupName, roleIds: [], accountAccessIds: [] });
    const groups = await refused('POST', '/Applications', {
      token: admin,
      body: { ...validApp, activationGroups: [group('Aussteller'), group('aussteller ')] },
      headers: { lang: 'en' },
    });
    expect(groups.error.errors).toEqual([
      { field: 'activationGroups.1.directoryGroupName', message: 'Duplicate entry' },
    ]);
    const blank = await refused('POST', '/Applications', {
      token: admin,
      body: { ...validApp, activationGroups: [group('   ')] },
    });
    // A blank name is a missing one, as an empty name is (#17.18) and as core's rule says (#31.2).
    expect(blank.error.errors).toEqual([
      { field: 'activationGroups.0.directoryGroupName', message: 'Dieses Feld ist erforderlich.' },
    ]);
  });

  it('refuses references to unknown entities and duplicate links', async () => {
    await refused('POST', '/Applications', {
      token: admin,
      body: {
        ...validApp,
        attributes: [
          { attributeId: '20000000-0000-4000-8000-0000000000ff', outputInToken: false, required: false, visible: true },
        ],
      },
    });
    const link = { attributeId: attributes.phone, outputInToken: false, required: false, visible: true };
    await refused('POST', '/Applications', { token: admin, body: { ...validApp, attributes: [link, link] } });
  });

  it('refuses attribute values of the wrong type', async () => {
    await refused('PUT', '/My/Attributes', {
      token: partner,
      body: { applicationId: apps.dealerOrdering, attributes: [{ key: 'dealerNumber', value: 5 }] },
    });
    const body = await refused('PUT', `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.appAdmin}`, {
      token: appAdmin,
      body: { roleIds: [roles.planner], attributes: [{ key: 'website', value: 'javascript:alert(1)' }] },
    });
    expect(body.error.code).toBe('validation.url');
  });

  it('refuses roles of other applications on acceptance', async () => {
    const body = await refused('PUT', `/Admin/Applications/AccessRequests/${accessRequests.partnerPlanner}`, {
      token: appAdmin,
      body: { decision: 'ACCEPT', roleIds: ['30000000-0000-4000-8000-000000000002'] },
    });
    expect(body.error.code).toBe('role.notLinked');
    await refused('PUT', `/Admin/Applications/AccessRequests/${accessRequests.partnerPlanner}`, {
      token: appAdmin,
      body: { decision: 'MAYBE' },
    });
  });
});

describe('text the database cannot store (#17.6)', () => {
  // PostgreSQL text and jsonb hold no NUL (22021 / 22P05), and a lone UTF-16 surrogate is no character.
  const nul = 'a\u0000b';
  const cases: [string, string, () => string, unknown, string][] = [
    ['POST', '/Applications', () => admin, { label: nul, url: 'https://nul.example.test' }, 'label'],
    [
      'POST',
      '/Applications',
      () => admin,
      { label: 'ok', url: 'https://nul.example.test', description: 'x\ud800y' },
      'description',
    ],
    [
      'POST',
      '/Applications',
      () => admin,
      {
        label: 'ok',
        url: 'https://nul.example.test',
        activationGroups: [{ directoryGroupName: nul, roleIds: [], accountAccessIds: [] }],
      },
      'activationGroups.0.directoryGroupName',
    ],
    ['POST', '/Attributes', () => admin, { key: 'nulKey', label: nul, dataType: 'STRING' }, 'label'],
    ['POST', '/Permissions', () => admin, { key: 'nul.perm', description: nul }, 'description'],
    ['POST', '/Roles', () => admin, { key: 'nul.role', label: nul, permissionIds: [], applicationIds: [] }, 'label'],
    [
      'POST',
      '/AccountAccesses',
      () => admin,
      {
        key: 'nul.access',
        label: nul,
        parentId: null,
        parentDeterminationMethod: 'MANUAL',
        childDeterminationMethod: 'NONE',
        attributeId: null,
      },
      'label',
    ],
    [
      'POST',
      '/CustomFlows',
      () => admin,
      { key: 'nul-flow', label: 'ok', description: nul, attributeIds: [] },
      'description',
    ],
    [
      'PUT',
      '/My/Attributes',
      () => partner,
      { applicationId: apps.dealerOrdering, attributes: [{ key: 'phone', value: nul }] },
      'attributes.0.value',
    ],
    [
      'PUT',
      '/My/Profile',
      () => partner,
      { firstName: nul, lastName: 'Partner', companyName: null, address: { city: 'Köln' }, language: 'de' },
      'firstName',
    ],
    [
      'POST',
      '/AuthCheck',
      () => partner,
      { clientId: apps.dealerOrdering, attributes: [{ key: 'dealerNumber', value: nul }] },
      'attributes.0.value',
    ],
    [
      'POST',
      '/CustomFlow/service-terms',
      () => partner,
      { attributes: [{ key: 'termsAccepted', value: nul }] },
      'attributes.0.value',
    ],
    ['POST', `/My/Applications/${apps.marketing}/AccessRequest`, () => partner, { comment: nul }, 'comment'],
    [
      'PUT',
      `/Admin/Applications/AccessRequests/${accessRequests.customerMarketing}`,
      () => admin,
      { decision: 'DENY', reason: nul },
      'reason',
    ],
    [
      'PUT',
      `/Admin/Applications/${apps.kitchenPlanner}/Users/${users.newUser}`,
      () => admin,
      { roleIds: [], attributes: [{ key: 'studioName', value: nul }] },
      'attributes.0.value',
    ],
    [
      'POST',
      `/Admin/Applications/${apps.kitchenPlanner}/Users/Import`,
      () => admin,
      { csv: `email,roles\n${nul},kitchen_planner.planner`, apply: true },
      'csv',
    ],
    [
      'POST',
      `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests/Decide`,
      () => admin,
      { requestIds: [accessRequests.partnerPlanner], decision: { decision: 'DENY', reason: nul } },
      'decision.reason',
    ],
  ];
  for (const [method, path, who, body, field] of cases) {
    it(`${method} ${path}: ${field} refused with 400 in the caller's language`, async () => {
      const answer = await refused(method, path, { token: who(), body, headers: { lang: 'en' } });
      expect(answer.error.code).toBe('validation.character');
      expect(answer.error.errors).toEqual([
        { field, message: 'The text contains a character that is not allowed (such as NUL).' },
      ]);
    });
  }

  it('a NUL in a key of an object is refused too, and German is the default', async () => {
    const answer = await refused('POST', '/Applications', {
      token: admin,
      rawBody: '{"label":"ok","url":"https://nul.example.test","a\\u0000":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.error.message).toBe('Der Text enthält ein unzulässiges Zeichen (etwa NUL).');
  });

  it('a NUL in a search or a path is a 400 or 404, never a 500', async () => {
    expect((await h.request('GET', '/Users?search=a%00b', { token: admin })).status).toBe(400);
    expect((await h.request('GET', '/Applications/a%00b', { token: admin })).status).toBe(404);
    expect((await h.request('GET', '/CustomFlow/a%00b', { token: partner })).status).toBe(404);
  });
});

describe('lists', () => {
  it('refuses bad paging, sorting and overlong search', async () => {
    for (const q of [
      'pageSize=1000',
      'pageSize=7',
      'page=0',
      'page=-1',
      'page=abc',
      'sort=password',
      'order=up',
      `search=${'x'.repeat(201)}`,
    ]) {
      await refused('GET', `/Users?${q}`, { token: admin });
    }
  });

  it('treats LIKE wildcards in search as text', async () => {
    const r = await h.request('GET', '/Users?search=%25', { token: admin });
    expect((await checkResponse<Schema<'UserList'>>('GET', '/Users', r)).total).toBe(0);
  });
});

describe('logo upload', () => {
  const upload = (bytes: Uint8Array<ArrayBuffer> | string, name = 'logo.svg') => {
    const form = new FormData();
    form.append('file', new File([bytes], name, { type: 'image/svg+xml' }));
    return form;
  };
  const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;

  it('refuses a PNG renamed to .svg, an empty file and non-SVG XML', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect((await refused('POST', '/Applications/Image', { token: admin, rawBody: upload(png) })).error.code).toBe(
      'image.notSvg',
    );
    expect((await refused('POST', '/Applications/Image', { token: admin, rawBody: upload('') })).error.code).toBe(
      'image.empty',
    );
    await refused('POST', '/Applications/Image', { token: admin, rawBody: upload('<html><body>hi</body></html>') });
    await refused('POST', '/Applications/Image', { token: admin, rawBody: upload('plain text') });
  });

  it('refuses SVG with script, handlers, foreignObject or entities', async () => {
    for (const bad of [
      svg('<script>alert(1)</script>'),
      svg('<rect onload="alert(1)" width="1" height="1"/>'),
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "boom">]>${svg('<text>&x;</text>')}`,
      svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>'),
    ]) {
      expect((await refused('POST', '/Applications/Image', { token: admin, rawBody: upload(bad) })).error.code).toBe(
        'image.unsafe',
      );
    }
  });

  it("refuses elements nested deeper than 64 levels, in the caller's language (#28.2)", async () => {
    const deep = svg(`${'<g>'.repeat(20_000)}${'</g>'.repeat(20_000)}`);
    const body = await refused('POST', '/Applications/Image', {
      token: admin,
      rawBody: upload(deep),
      headers: { lang: 'en' },
    });
    expect(body.error).toEqual({
      code: 'image.tooDeep',
      message: 'The file is nested too deeply (at most 64 levels).',
      errors: [{ message: 'The file is nested too deeply (at most 64 levels).', field: 'file' }],
    });
  });

  it('accepts exactly 2 MB and refuses one byte more', async () => {
    const frame = svg('<!---->');
    const exact = frame.replace('<!---->', `<!--${'x'.repeat(2 * 1024 * 1024 - frame.length)}-->`);
    expect(new TextEncoder().encode(exact).length).toBe(2 * 1024 * 1024);
    const ok = await h.request('POST', '/Applications/Image', { token: admin, rawBody: upload(exact) });
    expect(ok.status).toBe(201);
    const over = exact.replace('<!--', '<!--x');
    expect((await refused('POST', '/Applications/Image', { token: admin, rawBody: upload(over) })).error.code).toBe(
      'image.tooLarge',
    );
  });

  it('strips external references and serves the result sandboxed', async () => {
    const r = await h.request('POST', '/Applications/Image', {
      token: admin,
      rawBody: upload(
        svg(
          '<image href="https://evil.example.test/x.png"/><rect fill="url(https://evil.example.test/#a)" width="1" height="1"/><use href="#a"/>',
        ),
      ),
    });
    expect(r.status).toBe(201);
    const { url } = await json<Schema<'ImageUpload'>>(r);
    const served = await h.request('GET', url);
    const text = await served.text();
    expect(text).not.toContain('evil');
    expect(text).toContain('<use href="#a"/>');
    expect(served.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  });

  it('needs applications.write', async () => {
    await refused('POST', '/Applications/Image', { token: partner, rawBody: upload(svg('')) }, 403);
  });
});

describe('languages', () => {
  it('answers in the language of the lang header, German by default', async () => {
    const messages = new Set<string>();
    for (const lang of ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl']) {
      const r = await h.request('GET', '/Users', { headers: { lang } });
      messages.add((await json<ApiError>(r)).error.message);
    }
    expect(messages.size).toBe(7);
    const fallback = await h.request('GET', '/Users', { headers: { lang: 'xx' } });
    expect((await json<ApiError>(fallback)).error.message).toBe('Sie sind nicht angemeldet.');
  });
});
