// The list versions and the trigger-kept counts kept per server backend (#28.7, migration 0018):
// the totals of the lists follow every write, a fold of the rows changes no sum, and a table with
// many rows is folded by the next read of its version. (What needs two connections at once —
// writers that do not wait, commits in another order — is in list-versions.server.test.ts.)
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, roles, users } from '../src/db/seed/ids.ts';
import { FOLD_AT, foldCounters } from '../src/http/list-cache.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin: string;
const planner = apps.kitchenPlanner;
const testUser = (n: number) => `71000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(async () => {
  h = await harness();
  const claims = await claimsOf(h.db, users.globalAdmin);
  admin = await token({ sub: users.globalAdmin, permissions: claims.hkData.permissions, email: claims.email });
  await h.db
    .insertInto('users')
    .values(
      [1, 2, 3].map((n) => ({
        id: testUser(n),
        email: `versionstest-${n}@example.test`,
        first_name: 'Vera',
        last_name: `Versionstest ${n}`,
        internal: false,
        language: 'de',
      })),
    )
    .execute();
});
afterAll(() => h.close());

async function total(path: string): Promise<number> {
  const response = await h.request('GET', path, { token: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

const plannerUsers = (search?: string) =>
  `/Admin/Applications/${planner}/Users?pageSize=10${search === undefined ? '' : `&search=${search}`}`;

async function counted(query: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`${sql.raw(query)}`.execute(h.db);
  return Number(rows[0]?.n);
}

const versions = async () =>
  Object.fromEntries(
    (
      await sql<{
        table_name: string;
        v: string;
      }>`SELECT table_name, sum(version)::text AS v FROM list_versions GROUP BY table_name`.execute(h.db)
    ).rows.map((r) => [r.table_name, BigInt(r.v)]),
  );

describe('list versions and counts, one row per backend', () => {
  it('follow every write, and a fold changes no total', async () => {
    const inPlanner = `SELECT count(*) AS n FROM application_users WHERE application_id = '${planner}'`;
    const start = await total(plannerUsers());
    expect(start).toBe(await counted(inPlanner));
    expect(await total(plannerUsers('versionstest'))).toBe(0);
    expect(await total('/Users?pageSize=10')).toBe(await counted('SELECT count(*) AS n FROM users'));

    const v0 = await versions();
    for (const n of [1, 2]) {
      const put = await h.request('PUT', `/Admin/Applications/${planner}/Users/${testUser(n)}`, {
        token: admin,
        body: { roleIds: [roles.planner] },
      });
      expect(put.status).toBe(200);
    }
    const v1 = await versions();
    expect(v1.application_users).toBeGreaterThan(v0.application_users ?? 0n);
    expect(await total(plannerUsers())).toBe(start + 2);
    expect(await total(plannerUsers('versionstest'))).toBe(2);

    await foldCounters(h.db);
    // No transaction under way: every row is folded into the base row, and the sums are the same.
    const { rows: left } = await sql<{
      backend: number;
    }>`SELECT backend FROM list_versions UNION ALL SELECT backend FROM application_user_counts UNION ALL SELECT backend FROM row_counts`.execute(
      h.db,
    );
    expect(new Set(left.map((r) => r.backend))).toEqual(new Set([0]));
    expect(await versions()).toEqual(v1);
    expect(await total(plannerUsers())).toBe(start + 2);
    expect(await total(plannerUsers('versionstest'))).toBe(2);

    expect(
      (await h.request('DELETE', `/Admin/Applications/${planner}/Users/${testUser(2)}`, { token: admin })).status,
    ).toBe(204);
    expect(await total(plannerUsers())).toBe(start + 1);
    expect(await total(plannerUsers('versionstest'))).toBe(1);
    expect(await total(plannerUsers())).toBe(await counted(inPlanner));

    const named = await total('/Users?pageSize=10&search=versionstest');
    expect((await h.request('DELETE', `/Users/${testUser(3)}`, { token: admin })).status).toBe(204);
    expect(await total('/Users?pageSize=10&search=versionstest')).toBe(named - 1);
    expect(await total('/Users?pageSize=10')).toBe(await counted('SELECT count(*) AS n FROM users'));
  });

  it('folds a table with many rows at the next read of its version, keeping its sum', async () => {
    // Rows of backends that have come and gone (as a pool's connections do).
    await sql`INSERT INTO list_versions (table_name, backend, version)
      SELECT 'users', 1000000 + i, 1 FROM generate_series(1, ${FOLD_AT + 1}::int) AS i`.execute(h.db);
    const before = await versions();
    const searched = await total('/Users?pageSize=10&search=versionstest');
    // The read started the fold in the background (no one else folds here): its rows become one.
    const usersRows = async () =>
      Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM list_versions WHERE table_name = 'users'`.execute(h.db))
          .rows[0]?.n,
      );
    const until = Date.now() + 10_000;
    while ((await usersRows()) > 1 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await usersRows()).toBe(1);
    expect(await versions()).toEqual(before);
    expect(await total('/Users?pageSize=10&search=versionstest')).toBe(searched);
  });
});
