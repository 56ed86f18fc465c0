// The list versions and the trigger-kept counts without a row that every writer locks (#28.7,
// ADR 0018). Until now `list_versions` had one row per table and `row_counts` /
// `application_user_counts` one per table / application, each updated by a statement trigger:
// the writer's transaction held that row's lock until it committed, so a bulk grant, the expiry
// job's batches and single grants of any user queued on it, one after another.
//
// Now each of them is kept in one row per server backend (`backend` = pg_backend_pid()) and the
// figure is the sum of its rows. A backend runs one transaction at a time, so no two
// transactions ever update the same row: concurrent writers wait for nothing. A commit makes its
// rows' increments visible at once and atomically, so the sum moves exactly when the data does
// (what the list caches' versions need: a figure computed before a commit is never filed under a
// version that stays current after it). `backend` 0 is the base that `fold_counters()` moves the
// rows of finished transactions into (list-cache.ts calls it when a table has many rows); the
// rows a transaction under way has written are locked and skipped, so the sums never change
// there. The rows of before become the base rows.
import { sql } from 'kysely';
import type { Kysely, QueryExecutorProvider } from 'kysely';

export const VERSIONED_TABLES = ['users', 'application_users', 'access_requests'] as const;

/** Recomputes the trigger-kept figures from the tables (after a load with triggers off), and moves every version on. */
export async function refreshListStatistics(db: QueryExecutorProvider): Promise<void> {
  await sql`DELETE FROM application_user_counts`.execute(db);
  await sql`INSERT INTO application_user_counts (application_id, backend, n) SELECT application_id, 0, count(*) FROM application_users GROUP BY application_id`.execute(
    db,
  );
  await sql`DELETE FROM row_counts WHERE table_name = 'users'`.execute(db);
  await sql`INSERT INTO row_counts (table_name, backend, n) SELECT 'users', 0, count(*) FROM users`.execute(db);
  for (const table of VERSIONED_TABLES)
    await sql`INSERT INTO list_versions (table_name, backend, version) VALUES (${table}, 0, 1)
      ON CONFLICT (table_name, backend) DO UPDATE SET version = list_versions.version + 1`.execute(db);
}

/** `table`'s primary key becomes (`key`, backend); the rows there are become backend 0. */
async function perBackend(db: Kysely<unknown>, table: string, key: string): Promise<void> {
  await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN backend integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_pkey`)}`.execute(db);
  await sql`ALTER TABLE ${sql.table(table)} ADD PRIMARY KEY (${sql.id(key)}, backend)`.execute(db);
  await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN backend DROP DEFAULT`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await perBackend(db, 'list_versions', 'table_name');
  await perBackend(db, 'row_counts', 'table_name');
  await perBackend(db, 'application_user_counts', 'application_id');
  // The triggers stay; their functions write the backend's own row.
  await sql`
    CREATE OR REPLACE FUNCTION list_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO list_versions (table_name, backend, version) VALUES (TG_TABLE_NAME, pg_backend_pid(), 1)
      ON CONFLICT (table_name, backend) DO UPDATE SET version = list_versions.version + 1;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION row_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO row_counts (table_name, backend, n) SELECT TG_TABLE_NAME, pg_backend_pid(), count(*) FROM new_rows
      ON CONFLICT (table_name, backend) DO UPDATE SET n = row_counts.n + excluded.n;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION row_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO row_counts (table_name, backend, n) SELECT TG_TABLE_NAME, pg_backend_pid(), -count(*) FROM old_rows
      ON CONFLICT (table_name, backend) DO UPDATE SET n = row_counts.n + excluded.n;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION application_user_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO application_user_counts (application_id, backend, n)
      SELECT application_id, pg_backend_pid(), count(*) FROM new_rows GROUP BY application_id
      ON CONFLICT (application_id, backend) DO UPDATE SET n = application_user_counts.n + excluded.n;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION application_user_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO application_user_counts (application_id, backend, n)
      SELECT application_id, pg_backend_pid(), -count(*) FROM old_rows GROUP BY application_id
      ON CONFLICT (application_id, backend) DO UPDATE SET n = application_user_counts.n + excluded.n;
      RETURN NULL;
    END $$`.execute(db);
  // One statement per table: the rows of backends whose transaction has ended (not locked) are
  // deleted and their sum added to the base row, so every sum stays what it was. One fold at a time
  // (a transaction-level advisory lock, "fold", tried: a second fold meanwhile does nothing).
  await sql`
    CREATE FUNCTION fold_counters() RETURNS boolean LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT pg_try_advisory_xact_lock(1718578276) THEN
        RETURN false;
      END IF;
      WITH gone AS (
        DELETE FROM list_versions WHERE ctid = ANY (ARRAY(
          SELECT ctid FROM list_versions WHERE backend <> 0 FOR UPDATE SKIP LOCKED))
        RETURNING table_name, version)
      INSERT INTO list_versions (table_name, backend, version)
      SELECT table_name, 0, sum(version) FROM gone GROUP BY table_name
      ON CONFLICT (table_name, backend) DO UPDATE SET version = list_versions.version + excluded.version;
      WITH gone AS (
        DELETE FROM row_counts WHERE ctid = ANY (ARRAY(
          SELECT ctid FROM row_counts WHERE backend <> 0 FOR UPDATE SKIP LOCKED))
        RETURNING table_name, n)
      INSERT INTO row_counts (table_name, backend, n)
      SELECT table_name, 0, sum(n) FROM gone GROUP BY table_name
      ON CONFLICT (table_name, backend) DO UPDATE SET n = row_counts.n + excluded.n;
      WITH gone AS (
        DELETE FROM application_user_counts WHERE ctid = ANY (ARRAY(
          SELECT ctid FROM application_user_counts WHERE backend <> 0 FOR UPDATE SKIP LOCKED))
        RETURNING application_id, n)
      INSERT INTO application_user_counts (application_id, backend, n)
      SELECT application_id, 0, sum(n) FROM gone GROUP BY application_id
      ON CONFLICT (application_id, backend) DO UPDATE SET n = application_user_counts.n + excluded.n;
      RETURN true;
    END $$`.execute(db);
}

/** Back to one row per table / application: each sum into its base row, the others deleted. */
async function oneRow(db: Kysely<unknown>, table: string, key: string, value: string): Promise<void> {
  const t = sql.table(table);
  const [k, v] = [sql.id(key), sql.id(value)];
  await sql`INSERT INTO ${t} (${k}, backend, ${v}) SELECT DISTINCT ${k}, 0, 0 FROM ${t} ON CONFLICT DO NOTHING`.execute(
    db,
  );
  await sql`UPDATE ${t} SET ${v} = s.total FROM (SELECT ${k} AS key, sum(${v})::bigint AS total FROM ${t} GROUP BY 1) s
    WHERE ${t}.${k} = s.key AND ${t}.backend = 0`.execute(db);
  await sql`DELETE FROM ${t} WHERE backend <> 0`.execute(db);
  await sql`ALTER TABLE ${t} DROP CONSTRAINT ${sql.id(`${table}_pkey`)}`.execute(db);
  await sql`ALTER TABLE ${t} DROP COLUMN backend`.execute(db);
  await sql`ALTER TABLE ${t} ADD PRIMARY KEY (${k})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS fold_counters()`.execute(db);
  await oneRow(db, 'list_versions', 'table_name', 'version');
  await oneRow(db, 'row_counts', 'table_name', 'n');
  await oneRow(db, 'application_user_counts', 'application_id', 'n');
  await sql`
    CREATE OR REPLACE FUNCTION list_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE list_versions SET version = version + 1 WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION row_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE row_counts SET n = n + (SELECT count(*) FROM new_rows) WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION row_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE row_counts SET n = n - (SELECT count(*) FROM old_rows) WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION application_user_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO application_user_counts (application_id, n)
      SELECT application_id, count(*) FROM new_rows GROUP BY application_id
      ON CONFLICT (application_id) DO UPDATE SET n = application_user_counts.n + excluded.n;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION application_user_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE application_user_counts c SET n = c.n - d.n
      FROM (SELECT application_id, count(*) AS n FROM old_rows GROUP BY application_id) d
      WHERE c.application_id = d.application_id;
      RETURN NULL;
    END $$`.execute(db);
}
