// The shared database layer (issue #31.4) on PGlite and on a throw-away PostgreSQL server
// (@portal/tooling/postgres-server, Debian's binaries): the opener, the two kinds of advisory
// lock, and the migrator (once, in the order of the names, each server's record in its own table).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBin, startPostgres, type RunningPostgres } from '@portal/tooling/postgres-server';
import { withAdvisoryLock } from './locks.ts';
import { MigrationFailed, migrateToLatest, migratorFor } from './migrate.ts';
import { onServer, openDatabase, type OpenedDatabase } from './open.ts';

const root = mkdtempSync(join(tmpdir(), 'server-db-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ran: string[] = [];
/** A migration that notes that it ran and creates `table` (a failing one throws). */
const creates = (table: string, fail = false): Migration => ({
  up: async (db: Kysely<unknown>) => {
    ran.push(table);
    await sql`CREATE TABLE ${sql.table(table)} (id integer PRIMARY KEY)`.execute(db);
    if (fail) throw new Error(`${table} refused`);
  },
  down: async (db: Kysely<unknown>) => {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  },
});
const tables = async (db: Kysely<unknown>) =>
  (
    await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`.execute(
      db,
    )
  ).rows.map((r) => r.name);

describe('on PGlite', () => {
  it('opens a data folder whose parent folders do not exist yet (a first run), and again after a close', async () => {
    const dataDir = join(root, 'first', 'run', 'db');
    const first = await openDatabase<unknown>({ dataDir, name: 'test' });
    expect(first.onServer).toBe(false);
    expect(onServer(first.db)).toBe(false);
    await migrateToLatest(first.db, { migrations: { '0001_a': creates('kept_a') } });
    await first.close();
    const again = await openDatabase<unknown>({ dataDir, name: 'test' });
    try {
      expect(await tables(again.db)).toContain('kept_a');
    } finally {
      await again.close();
    }
  });

  it('takes every lock at once (one process, one session)', async () => {
    const opened = await openDatabase<unknown>({ name: 'test' });
    try {
      const release = await opened.tryLock([1, 2]);
      expect(release).toBeDefined();
      expect(await opened.tryLock([1, 2])).toBeDefined();
      await release?.();
      expect(await withAdvisoryLock(opened.db, 42n, async () => 'ran')).toBe('ran');
    } finally {
      await opened.close();
    }
  });

  it('migrates in the order of the names, once; a failure names its migration and leaves nothing of it', async () => {
    const opened = await openDatabase<unknown>({ name: 'test' });
    try {
      ran.length = 0;
      const set = { migrations: { '0002_b': creates('b'), '0001_a': creates('a') } };
      await migrateToLatest(opened.db, set);
      await migrateToLatest(opened.db, set);
      expect(ran).toEqual(['a', 'b']);
      const failing = { migrations: { ...set.migrations, '0003_c': creates('c', true) } };
      const error = await migrateToLatest(opened.db, failing).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationFailed);
      expect((error as Error).message).toMatch(/^migration failed: 0003_c Error: c refused/);
      expect(await tables(opened.db)).not.toContain('c');
      // Stepping back through the migrator.
      await migratorFor(opened.db, set).migrateDown();
      expect(await tables(opened.db)).not.toContain('b');
    } finally {
      await opened.close();
    }
  });

  it("keeps each server's migrations in its own table, so both share one database", async () => {
    const opened = await openDatabase<unknown>({ name: 'test' });
    try {
      await migrateToLatest(opened.db, { migrations: { '0001_initial': creates('api_thing') } });
      await migrateToLatest(opened.db, {
        migrations: { '0001_sessions': creates('portal_thing') },
        table: 'portal_server_migration',
      });
      // Neither sees the other's migrations as missing ones.
      await migrateToLatest(opened.db, { migrations: { '0001_initial': creates('api_thing') } });
      const names = await tables(opened.db);
      expect(names).toEqual(
        expect.arrayContaining([
          'api_thing',
          'portal_thing',
          'kysely_migration',
          'portal_server_migration',
          'portal_server_migration_lock',
        ]),
      );
    } finally {
      await opened.close();
    }
  });
});

describe('on a PostgreSQL server', () => {
  let postgres: RunningPostgres | undefined;
  const open: OpenedDatabase<unknown>[] = [];
  const instance = async () => {
    if (postgres === undefined) throw new Error('no server');
    const opened = await openDatabase<unknown>({
      connectionString: postgres.url,
      name: 'test',
      pool: { max: 2, connectTimeoutMs: 5_000 },
    });
    open.push(opened);
    return opened;
  };
  beforeAll(async () => {
    const bin = postgresBin();
    if (bin === undefined)
      throw new Error('this test needs the PostgreSQL server from Debian (apt-get install postgresql)');
    postgres = await startPostgres(bin);
  }, 60_000);
  afterAll(async () => {
    for (const opened of open) await opened.close();
    await postgres?.stop();
  });

  it('a lock taken without waiting is held by one instance until it gives it back', async () => {
    const [a, b] = [await instance(), await instance()];
    expect(a.onServer).toBe(true);
    expect(onServer(a.db)).toBe(true);
    const release = await a.tryLock([7, -7]);
    expect(release).toBeDefined();
    expect(await b.tryLock([7, -7])).toBeUndefined();
    // Another key is free; held locks take no connection of the pool (max 2).
    const other = await b.tryLock([7, 8]);
    expect(other).toBeDefined();
    await Promise.all([sql`SELECT 1`.execute(a.db), sql`SELECT 1`.execute(a.db), sql`SELECT 1`.execute(a.db)]);
    await release?.();
    const taken = await b.tryLock([7, -7]);
    expect(taken).toBeDefined();
    await taken?.();
    await other?.();
  });

  it('a lost lock connection releases its locks; the next call opens another', async () => {
    const [a, b] = [await instance(), await instance()];
    const release = await a.tryLock([9, 9]);
    expect(await b.tryLock([9, 9])).toBeUndefined();
    const admin = new pg.Client({ connectionString: postgres?.url });
    await admin.connect();
    try {
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = 9 AND objid = 9 AND granted`,
      );
    } finally {
      await admin.end();
    }
    await expect.poll(async () => (await b.tryLock([9, 9])) !== undefined, { timeout: 5_000 }).toBe(true);
    // The old release does nothing (its connection is gone); a takes locks again on a new connection.
    await release?.();
    expect(await a.tryLock([9, 10])).toBeDefined();
  });

  it('a lock waited for runs one caller at a time across instances', async () => {
    const [a, b] = [await instance(), await instance()];
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push(`${name} out`);
    };
    await Promise.all([withAdvisoryLock(a.db, 77n, task('a')), withAdvisoryLock(b.db, 77n, task('b'))]);
    // One task after the other, never interleaved.
    expect([
      ['a in', 'a out', 'b in', 'b out'],
      ['b in', 'b out', 'a in', 'a out'],
    ]).toContainEqual(order);
  });

  it('instances migrating together run each migration once', async () => {
    const [a, b, c] = [await instance(), await instance(), await instance()];
    ran.length = 0;
    const set = { migrations: { '0001_x': creates('x'), '0002_y': creates('y') }, table: 'together_migration' };
    await Promise.all([a, b, c].map((o) => migrateToLatest(o.db, set)));
    expect(ran).toEqual(['x', 'y']);
  });

  it('a closed database refuses locks', async () => {
    const a = await instance();
    await a.tryLock([11, 11]);
    await a.close();
    await expect(a.tryLock([11, 12])).rejects.toThrow('the database is closed');
  });
});
