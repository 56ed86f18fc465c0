// CSV export of the user list (#20.3): the current search and sort, every row (beyond any page
// size), the header in the caller's language, formulas defused, only with all_users.read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/seed/ids.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';
beforeAll(async () => {
  h = await harness();
  admin = await token({ sub: users.globalAdmin, permissions: ['all_users.read', 'all_users.write'] });
  // More rows than a batch (1,000), with a name a spreadsheet would take for a formula.
  await h.db.insertInto('users').values(Array.from({ length: 1200 }, (_, i) => ({
    id: `80000000-0000-4000-8000-${String(i).padStart(12, '0')}`, email: `bulk.${i}@example.test`, first_name: i === 0 ? '=HYPERLINK("x")' : `Bulk${i}`,
    last_name: 'Export', company_name: i % 2 === 0 ? 'Müller, Söhne & Co.' : null, address: JSON.stringify(null), language: 'de', internal: false,
  }))).execute();
});
afterAll(() => h.close());

const decode = async (response: Response) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());

describe('CSV export of users', () => {
  it("streams every row in the list's order with a translated header and a byte-order mark", async () => {
    const response = await h.request('GET', '/Users/Export?sort=email&order=desc', { token: admin, headers: { lang: 'en' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="benutzer-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await decode(response);
    expect(text.startsWith('\uFEFFID,Name,First name,Last name,E-mail address,Company,Internal,Language,Created on\r\n')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    const total = Number((await h.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect(lines).toHaveLength(total + 1);
    const emails = lines.slice(1).map((l) => l.split(',')[4]);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(new Set(emails).size).toBe(total);
    expect(text).toContain(`"'=HYPERLINK(""x"") Export"`);
    expect(text).toContain('"Müller, Söhne & Co."');
  });

  it('keeps the search, answers in German by default, and needs all_users.read', async () => {
    const text = await decode(await h.request('GET', '/Users/Export?search=hk-demo', { token: admin }));
    expect(text.split('\r\n')[0]).toBe('\uFEFFID,Name,Vorname,Nachname,E-Mail-Adresse,Firma,Intern,Sprache,Angelegt am');
    expect(text.trimEnd().split('\r\n')).toHaveLength(7);
    expect((await h.request('GET', '/Users/Export', { token: await token({ sub: users.customer }) })).status).toBe(403);
    expect((await h.request('GET', '/Users/Export?sort=password', { token: admin })).status).toBe(400);
  });
});
