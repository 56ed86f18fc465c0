// CSV export of the console's lists (#20.3): the current search and sort, every row (beyond any
// page size), the header in the caller's language, formulas defused, only with the list's right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, roles, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';
beforeAll(async () => {
  h = await harness();
  admin = await token({ sub: users.globalAdmin, permissions: ['all_users.read', 'all_users.write'] });
  // More rows than a batch (1,000), with a name a spreadsheet would take for a formula.
  await h.db
    .insertInto('users')
    .values(
      Array.from({ length: 1200 }, (_, i) => ({
        id: `80000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        email: `bulk.${i}@example.test`,
        first_name: i === 0 ? '=HYPERLINK("x")' : `Bulk${i}`,
        last_name: 'Export',
        company_name: i % 2 === 0 ? 'Müller, Söhne & Co.' : null,
        address: JSON.stringify(null),
        language: 'de',
        internal: false,
      })),
    )
    .execute();
  // …all of them users of the kitchen planner, so its users' export takes two batches.
  await h.db
    .insertInto('application_users')
    .values(
      Array.from({ length: 1200 }, (_, i) => ({
        application_id: apps.kitchenPlanner,
        user_id: `80000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        role_ids: [roles.planner],
        account_access_ids: [],
      })),
    )
    .execute();
});
afterAll(() => h.close());

const decode = async (response: Response) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());

describe('CSV export of users', () => {
  it("streams every row in the list's order with a translated header and a byte-order mark", async () => {
    const response = await h.request('GET', '/Users/Export?sort=email&order=desc', {
      token: admin,
      headers: { lang: 'en' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="benutzer-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await decode(response);
    expect(
      text.startsWith('\uFEFFID,Name,First name,Last name,E-mail address,Company,Internal,Language,Created on\r\n'),
    ).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    const total = Number(
      (
        await h.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(lines).toHaveLength(total + 1);
    const emails = lines.slice(1).map((l) => l.split(',')[4]);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(new Set(emails).size).toBe(total);
    expect(text).toContain(`"'=HYPERLINK(""x"") Export"`);
    expect(text).toContain('"Müller, Söhne & Co."');
  });

  it('keeps the search, answers in German by default, and needs all_users.read', async () => {
    const text = await decode(await h.request('GET', '/Users/Export?search=hk-demo', { token: admin }));
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFID,Name,Vorname,Nachname,E-Mail-Adresse,Firma,Intern,Sprache,Angelegt am',
    );
    expect(text.trimEnd().split('\r\n')).toHaveLength(7);
    expect((await h.request('GET', '/Users/Export', { token: await token({ sub: users.customer }) })).status).toBe(403);
    expect((await h.request('GET', '/Users/Export?sort=password', { token: admin })).status).toBe(400);
  });
});

describe('CSV export of the other console lists', () => {
  const global = () =>
    token({
      sub: users.globalAdmin,
      permissions: [
        'applications.read',
        'attributes.read',
        'permissions.read',
        'roles.read',
        'accountaccesses.read',
        'customflows.read',
      ],
    });

  it("answers each global list with its header in the caller's language and a file named after it", async () => {
    const t = await global();
    const expected: [string, string, string][] = [
      ['/Applications/Export', 'anwendungen', 'ID,Nom,URL,Description,Interne,Numéro de tri,Validée'],
      [
        '/Attributes/Export',
        'attribute',
        'ID,Clé,Nom,Type de données,Modifiable par l’utilisateur,Modifiable par d’autres',
      ],
      ['/Permissions/Export', 'berechtigungen', 'ID,Clé,Description'],
      ['/Roles/Export', 'rollen', 'ID,Clé,Nom,Description'],
      ['/AccountAccesses/Export', 'kontozugaenge', 'ID,Clé,Nom,Accès au compte parent'],
      ['/CustomFlows/Export', 'ablaeufe', 'ID,Clé,Nom,Description'],
    ];
    for (const [path, file, header] of expected) {
      const response = await h.request('GET', path, { token: t, headers: { lang: 'fr' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-disposition'), path).toMatch(
        new RegExp(`^attachment; filename="${file}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      expect((await decode(response)).split('\r\n')[0], path).toBe(`\uFEFF${header}`);
    }
  });

  it("needs the list's read permission and a known sort", async () => {
    const customer = await token({ sub: users.customer });
    for (const path of [
      '/Applications/Export',
      '/Attributes/Export',
      '/Permissions/Export',
      '/Roles/Export',
      '/AccountAccesses/Export',
      '/CustomFlows/Export',
    ]) {
      expect((await h.request('GET', path, { token: customer })).status, path).toBe(403);
      expect((await h.request('GET', `${path}?sort=secret`, { token: await global() })).status, path).toBe(400);
    }
  });

  it("writes every user of an application in two batches, in the list's order, roles by name", async () => {
    const appAdmin = await token({ sub: users.globalAdmin, permissions: ['applications.read', 'applications.write'] });
    const response = await h.request(
      'GET',
      `/Admin/Applications/${apps.kitchenPlanner}/Users/Export?sort=email&order=desc`,
      { token: appAdmin },
    );
    expect(response.status).toBe(200);
    const lines = (await decode(response)).slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID,Name,E-Mail-Adresse,Firma,Zugriff seit,Zugriff bis,Rollen');
    const total = Number(
      (
        await h.db
          .selectFrom('application_users')
          .where('application_id', '=', apps.kitchenPlanner)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(total).toBeGreaterThan(1000);
    expect(lines).toHaveLength(total + 1);
    const emails = lines.slice(1).map((l) => l.split(',')[2] ?? '');
    expect(emails).toEqual([...emails].sort().reverse());
    expect(new Set(emails).size).toBe(total);
    const role = await h.db
      .selectFrom('roles')
      .select('label')
      .where('id', '=', roles.planner)
      .executeTakeFirstOrThrow();
    expect(lines.find((l) => l.includes('bulk.7@example.test'))?.endsWith(`,${role.label}`)).toBe(true);
    expect(
      (
        await h.request('GET', `/Admin/Applications/${apps.kitchenPlanner}/Users/Export`, {
          token: await token({ sub: users.partner }),
        })
      ).status,
    ).toBe(403);
  });

  it('writes the access requests with their status filter, newest first by default', async () => {
    // The kitchen planner's administrator, who decides its requests.
    const admin = await token({
      sub: users.appAdmin,
      permissions: (await claimsOf(h.db, users.appAdmin)).hkData.permissions,
    });
    const response = await h.request(
      'GET',
      `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests/Export?status=OPEN`,
      { token: admin, headers: { lang: 'en' } },
    );
    expect(response.status).toBe(200);
    const lines = (await decode(response)).slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID,Status,Requested on,Name,E-mail address,Company,Requested account access');
    const dates = lines.slice(1).map((l) => l.split(',')[2] ?? '');
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(lines.slice(1).every((l) => l.split(',')[1] === 'OPEN')).toBe(true);
    expect(
      (
        await h.request('GET', `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests/Export?status=MAYBE`, {
          token: admin,
        })
      ).status,
    ).toBe(400);
  });
});
