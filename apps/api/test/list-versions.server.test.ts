// The list versions and counts without a hot row (#28.7, migration 0018), with two instances on
// one PostgreSQL server (the harness's app, and a second pool on its database): a writer waits
// for no other writer of different rows; a figure cached while another instance's write is under
// way is computed again once that write commits, whatever the order of the commits; a fold skips
// the rows of a transaction under way. Needs two connections at once: the PGlite suite leaves it
// out (vitest.config.ts; PGlite has one), the server suite runs it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { apps, roles, users } from '../src/db/seed/ids.ts';
import { foldCounters } from '../src/http/list-cache.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
/** The second instance's pool. */
let other: Database;
let admin: string;
const planner = apps.kitchenPlanner;
const testUser = (n: number) => `72000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const newUser = (n: number) => ({
  id: testUser(n),
  email: `hotrow-${n}@example.test`,
  first_name: 'Hanna',
  last_name: `Hotrow ${n}`,
  internal: false,
  language: 'de',
});
const plannerGrant = (n: number) => ({
  application_id: planner,
  user_id: testUser(n),
  role_ids: [roles.planner],
  account_access_ids: [],
});
const sleep = (ms: number) => new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), ms));

/** A transaction of the second instance that does `write`, then stays open until `commit()`. */
function heldOpen(write: (trx: Database) => Promise<unknown>, on: Database = other) {
  let commit = (): void => undefined;
  let wrote = (): void => undefined;
  const written = new Promise<void>((resolve) => {
    wrote = resolve;
  });
  const until = new Promise<void>((resolve) => {
    commit = resolve;
  });
  const done = on.transaction().execute(async (trx) => {
    await write(trx);
    wrote();
    await until;
  });
  // A failed write ends the wait for it too.
  void done.catch(() => wrote());
  return { written, done, commit };
}

beforeAll(async () => {
  h = await harness();
  if (h.databaseUrl === undefined) throw new Error('this file needs a PostgreSQL server (vitest.postgres.config.ts)');
  other = await openDatabase({ connectionString: h.databaseUrl });
  const claims = await claimsOf(h.db, users.globalAdmin);
  admin = await token({ sub: users.globalAdmin, permissions: claims.hkData.permissions, email: claims.email });
  await h.db.insertInto('users').values([1, 2, 3, 4, 5, 6, 7, 8].map(newUser)).execute();
});
afterAll(async () => {
  await other.destroy();
  await h.close();
});

const grantThroughApi = (n: number) =>
  h.request('PUT', `/Admin/Applications/${planner}/Users/${testUser(n)}`, {
    token: admin,
    body: { roleIds: [roles.planner] },
  });

async function total(path: string): Promise<number> {
  const response = await h.request('GET', path, { token: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

describe('two instances writing at once', () => {
  it('a writer of other rows does not wait for a transaction under way', async () => {
    // Instance 2 grants user 1, adds a user and asks for access in one transaction, and holds it open …
    const held = heldOpen(async (trx) => {
      await trx.insertInto('application_users').values(plannerGrant(1)).execute();
      await trx.insertInto('users').values(newUser(11)).execute();
      await trx
        .insertInto('access_requests')
        .values({ id: crypto.randomUUID(), application_id: apps.servicePortal, user_id: testUser(2), status: 'OPEN' })
        .execute();
    });
    await held.written;
    try {
      // … while instance 1 writes other rows of the same three tables: each is done without waiting for it.
      const writes = Promise.all([
        grantThroughApi(2).then((r) => r.status),
        h.db
          .insertInto('users')
          .values(newUser(12))
          .execute()
          .then(() => 'inserted'),
        h.db
          .insertInto('access_requests')
          .values({ id: crypto.randomUUID(), application_id: apps.servicePortal, user_id: testUser(3), status: 'OPEN' })
          .execute()
          .then(() => 'inserted'),
      ]);
      expect(await Promise.race([writes, sleep(5_000)])).toEqual([200, 'inserted', 'inserted']);
    } finally {
      held.commit();
      await held.done;
    }
  });

  it("a figure cached during another instance's write is computed again when it commits, in any order", async () => {
    const search = plannerUsersSearch('hotrow');
    const start = await total(search);
    const all = await total(`/Admin/Applications/${planner}/Users?pageSize=10`);
    // Instance 2 grants user 4 and holds its transaction open.
    const held = heldOpen((trx) => trx.insertInto('application_users').values(plannerGrant(4)).execute());
    await held.written;
    try {
      // Instance 1 counts (without user 4), then grants user 5 and commits first, and counts again.
      expect(await total(search)).toBe(start);
      expect((await grantThroughApi(5)).status).toBe(200);
      expect(await total(search)).toBe(start + 1);
    } finally {
      held.commit();
      await held.done;
    }
    // Instance 2's commit is seen by instance 1's cached figures at once.
    expect(await total(search)).toBe(start + 2);
    expect(await total(`/Admin/Applications/${planner}/Users?pageSize=10`)).toBe(all + 2);
  });

  it('a fold skips the rows of a transaction under way, and no sum changes', async () => {
    const sums = async () =>
      (
        await sql<{
          v: string;
        }>`SELECT sum(version)::text AS v FROM list_versions WHERE table_name = 'application_users'`.execute(h.db)
      ).rows[0]?.v;
    // One connection of instance 2: a committed write (its backend's rows), then a transaction on it held open.
    await other.connection().execute(async (conn) => {
      const {
        rows: [me],
      } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(conn);
      await conn.insertInto('application_users').values(plannerGrant(6)).execute();
      const held = heldOpen((trx) => trx.insertInto('application_users').values(plannerGrant(7)).execute(), conn);
      await held.written;
      const before = await sums();
      try {
        expect(await Promise.race([foldCounters(h.db).then(() => 'folded'), sleep(5_000)])).toBe('folded');
        const { rows } = await sql<{
          table_name: string;
        }>`SELECT table_name FROM list_versions WHERE backend = ${me?.pid ?? -1}`.execute(h.db);
        expect(rows.map((r) => r.table_name)).toContain('application_users');
        expect(await sums()).toBe(before);
      } finally {
        held.commit();
        await held.done;
      }
      expect(BigInt((await sums()) ?? 0)).toBeGreaterThan(BigInt(before ?? 0));
    });
    expect(await total(`/Admin/Applications/${planner}/Users?pageSize=10&search=hotrow`)).toBe(
      Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM application_users au JOIN users u ON u.id = au.user_id
            WHERE au.application_id = ${planner} AND u.search LIKE '%hotrow%'`.execute(h.db)
        ).rows[0]?.n,
      ),
    );
  });
});

function plannerUsersSearch(term: string): string {
  return `/Admin/Applications/${planner}/Users?pageSize=10&search=${term}`;
}
