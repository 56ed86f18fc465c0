// The fast paths of the large lists give the same answers as plain OFFSET queries: deep
// pages that start after a cached anchor, trigger-kept and cached totals, and both stay
// exact after writes (a small large data set: 3,000 users, 20 applications).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, users } from '../src/db/seed/ids.ts';
import { seedLarge } from '../src/db/seed/large.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin: string;

interface Page {
  items: { id: string }[];
  total: number;
}

async function get(path: string): Promise<Page> {
  const response = await h.request('GET', path, { token: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

async function ids(query: string, parameters: unknown[] = []): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
  }>`${sql.raw(query.replace(/\$(\d+)/g, (_, n: string) => `'${String(parameters[Number(n) - 1])}'`))}`.execute(h.db);
  return rows.map((r) => r.id);
}

const userOrder: Record<string, string> = {
  fullName: 'full_name',
  email: 'email',
  companyName: 'company_name',
  createdAt: 'created_at',
};

beforeAll(async () => {
  h = await harness();
  await seedLarge(h.db, { users: 3000, applications: 20 });
  const claims = await claimsOf(h.db, users.globalAdmin);
  admin = await token({ sub: users.globalAdmin, permissions: claims.hkData.permissions, email: claims.email });
});
afterAll(() => h.close());

describe('deep pages and totals of large lists', () => {
  it('pages through /Users in every sort and order exactly as OFFSET does', async () => {
    const {
      rows: [count],
    } = await sql<{ n: string }>`SELECT count(*) AS n FROM users`.execute(h.db);
    const total = Number(count?.n);
    for (const sort of Object.keys(userOrder)) {
      for (const order of ['asc', 'desc'] as const) {
        for (const page of [10, 11, 12, 25, 41, Math.ceil(total / 50)]) {
          const answer = await get(`/Users?pageSize=50&page=${page}&sort=${sort}&order=${order}`);
          const expected = await ids(
            `SELECT id FROM users ORDER BY ${userOrder[sort] ?? ''} ${order}, id ${order} LIMIT 50 OFFSET ${(page - 1) * 50}`,
          );
          expect({ sort, order, page, items: answer.items.map((u) => u.id) }).toEqual({
            sort,
            order,
            page,
            items: expected,
          });
          expect(answer.total).toBe(total);
        }
      }
    }
  });

  it('pages through the users of an application exactly as OFFSET does', async () => {
    const order: Record<string, string> = {
      fullName: 'u.full_name',
      email: 'u.email',
      companyName: 'u.company_name',
      accessSince: 'au.access_since',
    };
    const {
      rows: [count],
    } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM application_users WHERE application_id = ${apps.kitchenPlanner}`.execute(h.db);
    for (const sort of Object.keys(order)) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const page of [10, 11, 13]) {
          const answer = await get(
            `/Admin/Applications/${apps.kitchenPlanner}/Users?pageSize=50&page=${page}&sort=${sort}&order=${direction}`,
          );
          const expected = await ids(
            `SELECT u.id FROM application_users au JOIN users u ON u.id = au.user_id WHERE au.application_id = $1
            ORDER BY ${order[sort] ?? ''} ${direction}, u.id ${direction} LIMIT 50 OFFSET ${(page - 1) * 50}`,
            [apps.kitchenPlanner],
          );
          expect({ sort, direction, page, items: answer.items.map((u) => u.id) }).toEqual({
            sort,
            direction,
            page,
            items: expected,
          });
          expect(answer.total).toBe(Number(count?.n));
        }
      }
    }
  });

  it('sorts access requests by their own columns as a join would', async () => {
    const order: Record<string, string> = {
      requestedAt: 'r.requested_at',
      status: 'r.status',
      fullName: 'u.full_name',
      email: 'u.email',
    };
    for (const sort of Object.keys(order)) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const status of ['', 'OPEN']) {
          const answer = await get(
            `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests?pageSize=10&page=2&sort=${sort}&order=${direction}${status ? `&status=${status}` : ''}`,
          );
          const expected = await ids(
            `SELECT r.id FROM access_requests r JOIN users u ON u.id = r.user_id WHERE r.application_id = $1 ${status ? `AND r.status = '${status}'` : ''}
            ORDER BY ${order[sort] ?? ''} ${direction}, r.id ${direction} LIMIT 10 OFFSET 10`,
            [apps.kitchenPlanner],
          );
          expect({ sort, direction, status, items: answer.items.map((r) => r.id) }).toEqual({
            sort,
            direction,
            status,
            items: expected,
          });
        }
      }
    }
  });

  it('sorts the matches of searches in every order as the plain query does', async () => {
    for (const [term, sort, column] of [
      ['user12', 'companyName', 'company_name'],
      ['firma 1', 'email', 'email'],
      ['emma', 'createdAt', 'created_at'],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const expected = await ids(
          `SELECT id FROM users WHERE search LIKE '%${term}%' ORDER BY ${column} ${order}, id ${order}`,
        );
        const answer = await get(
          `/Users?pageSize=10&page=2&sort=${sort}&order=${order}&search=${encodeURIComponent(term)}`,
        );
        expect({ term, order, items: answer.items.map((u) => u.id), total: answer.total }).toEqual({
          term,
          order,
          items: expected.slice(10, 20),
          total: expected.length,
        });
      }
    }
    for (const [term, sort, column] of [
      ['firma 1', 'accessSince', 'au.access_since'],
      ['user1', 'companyName', 'u.company_name'],
    ] as const) {
      const expected = await ids(
        `SELECT u.id FROM application_users au JOIN users u ON u.id = au.user_id WHERE au.application_id = $1 AND u.search LIKE '%${term}%'
        ORDER BY ${column} DESC, u.id DESC`,
        [apps.kitchenPlanner],
      );
      const answer = await get(
        `/Admin/Applications/${apps.kitchenPlanner}/Users?pageSize=10&page=2&sort=${sort}&order=desc&search=${encodeURIComponent(term)}`,
      );
      expect({ term, items: answer.items.map((u) => u.id), total: answer.total }).toEqual({
        term,
        items: expected.slice(10, 20),
        total: expected.length,
      });
    }
  });

  it('searches access requests with exact totals, first page and later pages', async () => {
    for (const [term, sort] of [
      ['emma', 'fullName'],
      ['firma 1', 'requestedAt'],
      ['nobody-here', 'email'],
    ] as const) {
      const like = `%${term}%`;
      const expected = await ids(
        `SELECT r.id FROM access_requests r JOIN users u ON u.id = r.user_id WHERE r.application_id = $1 AND u.search LIKE '${like}'
        ORDER BY ${sort === 'fullName' ? 'u.full_name' : sort === 'email' ? 'u.email' : 'r.requested_at'}, r.id`,
        [apps.kitchenPlanner],
      );
      for (const page of [1, 2, 1]) {
        const answer = await get(
          `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests?pageSize=10&page=${page}&sort=${sort}&order=asc&search=${encodeURIComponent(term)}`,
        );
        expect({ term, page, items: answer.items.map((r) => r.id), total: answer.total }).toEqual({
          term,
          page,
          items: expected.slice((page - 1) * 10, page * 10),
          total: expected.length,
        });
      }
    }
  });

  it('keeps totals and deep pages exact after writes', async () => {
    const before = await get('/Users?pageSize=10&search=anna');
    const deepBefore = await get('/Users?pageSize=50&page=30&sort=email');
    const appUsersBefore = await get(`/Admin/Applications/${apps.kitchenPlanner}/Users?pageSize=10&search=anna`);
    const plannerBefore = await get(`/Admin/Applications/${apps.kitchenPlanner}/Users?pageSize=10`);
    // Delete a kitchen-planner user called Anna (generated user 120: Anna, every fifth user in the planner).
    const victim = 'f0000000-0000-4000-8000-000000000078';
    expect((await h.request('DELETE', `/Users/${victim}`, { token: admin })).status).toBe(204);
    expect((await get('/Users?pageSize=10&search=anna')).total).toBe(before.total - 1);
    expect((await get(`/Admin/Applications/${apps.kitchenPlanner}/Users?pageSize=10&search=anna`)).total).toBe(
      appUsersBefore.total - 1,
    );
    expect((await get(`/Admin/Applications/${apps.kitchenPlanner}/Users?pageSize=10`)).total).toBe(
      plannerBefore.total - 1,
    );
    const deepAfter = await get('/Users?pageSize=50&page=30&sort=email');
    expect(deepAfter.items.map((u) => u.id)).toEqual(
      await ids('SELECT id FROM users ORDER BY email, id LIMIT 50 OFFSET 1450'),
    );
    expect(deepAfter.total).toBe(deepBefore.total - 1);
  });
});
