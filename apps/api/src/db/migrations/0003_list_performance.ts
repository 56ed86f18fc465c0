// What the large lists need to stay within their budget (p95 ≤ 50 ms with 100,000 users):
// - `list_versions`: a counter per table, bumped by a statement-level trigger on every
//   insert, update, delete or truncate. Counts of searched lists and the anchors of deep
//   pages are cached in the API process under the versions they were computed at
//   (`src/http/list-cache.ts`), so they stay exact across processes and restarts. (One row
//   per table and backend since migration 0018: one row for everyone made writers queue.)
// - `application_user_counts`: the number of users of each application, kept by triggers
//   (the unfiltered total of /Admin/Applications/{id}/Users without counting 20,000 rows).
// - Indexes whose order equals the lists' sort keys including the tie-breaker, so that a
//   page is an index range: users by company (NULLs last, as ORDER BY company_name does),
//   users of an application by access date, access requests by date with and without status.
// - `list_anchors(query, every, parameter)`: the first row of a query's result (an array of
//   its sort key as text) every `every` rows: one pass through a cursor that moves over the
//   rows in between, the anchors of deep pages.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export const VERSIONED_TABLES = ['users', 'application_users', 'access_requests'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE list_versions (table_name text PRIMARY KEY, version bigint NOT NULL DEFAULT 0)`.execute(db);
  await sql`
    CREATE FUNCTION list_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE list_versions SET version = version + 1 WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of VERSIONED_TABLES) {
    await sql`INSERT INTO list_versions (table_name) VALUES (${table})`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_list_version`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION list_versions_bump()`.execute(db);
  }

  await sql`CREATE TABLE application_user_counts (application_id text PRIMARY KEY, n bigint NOT NULL)`.execute(db);
  await sql`
    CREATE FUNCTION application_user_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO application_user_counts (application_id, n)
      SELECT application_id, count(*) FROM new_rows GROUP BY application_id
      ON CONFLICT (application_id) DO UPDATE SET n = application_user_counts.n + excluded.n;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION application_user_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE application_user_counts c SET n = c.n - d.n
      FROM (SELECT application_id, count(*) AS n FROM old_rows GROUP BY application_id) d
      WHERE c.application_id = d.application_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER application_users_count_insert AFTER INSERT ON application_users REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION application_user_counts_insert()`.execute(db);
  await sql`CREATE TRIGGER application_users_count_delete AFTER DELETE ON application_users REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION application_user_counts_delete()`.execute(db);
  await sql`INSERT INTO application_user_counts (application_id, n) SELECT application_id, count(*) FROM application_users GROUP BY application_id`.execute(
    db,
  );

  await sql`
    CREATE FUNCTION list_anchors(query text, every integer, parameter text DEFAULT NULL) RETURNS SETOF text[]
    LANGUAGE plpgsql SET cursor_tuple_fraction = 1 AS $$
    DECLARE
      cur refcursor;
      k text[];
    BEGIN
      OPEN cur NO SCROLL FOR EXECUTE query USING parameter;
      LOOP
        MOVE FORWARD every - 1 FROM cur;
        FETCH cur INTO k;
        EXIT WHEN NOT FOUND;
        RETURN NEXT k;
      END LOOP;
      CLOSE cur;
    END $$`.execute(db);

  await sql`DROP INDEX users_company`.execute(db);
  await sql`CREATE INDEX users_company ON users ((company_name IS NULL), (coalesce(company_name, '')), id)`.execute(db);
  await sql`DROP INDEX application_users_since`.execute(db);
  await sql`CREATE INDEX application_users_since ON application_users (application_id, access_since, user_id)`.execute(
    db,
  );
  await sql`DROP INDEX access_requests_app`.execute(db);
  await sql`CREATE INDEX access_requests_app ON access_requests (application_id, status, requested_at, id)`.execute(db);
  await sql`CREATE INDEX access_requests_app_requested ON access_requests (application_id, requested_at, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS access_requests_app_requested`.execute(db);
  await sql`DROP INDEX IF EXISTS access_requests_app`.execute(db);
  await sql`CREATE INDEX access_requests_app ON access_requests (application_id, status, requested_at)`.execute(db);
  await sql`DROP INDEX IF EXISTS application_users_since`.execute(db);
  await sql`CREATE INDEX application_users_since ON application_users (application_id, access_since)`.execute(db);
  await sql`DROP INDEX IF EXISTS users_company`.execute(db);
  await sql`CREATE INDEX users_company ON users (company_name, id)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS list_anchors(text, integer, text)`.execute(db);
  await sql`DROP TRIGGER IF EXISTS application_users_count_insert ON application_users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS application_users_count_delete ON application_users`.execute(db);
  await sql`DROP FUNCTION IF EXISTS application_user_counts_insert()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS application_user_counts_delete()`.execute(db);
  await sql`DROP TABLE IF EXISTS application_user_counts`.execute(db);
  for (const table of VERSIONED_TABLES)
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_list_version`)} ON ${sql.table(table)}`.execute(db);
  await sql`DROP FUNCTION IF EXISTS list_versions_bump()`.execute(db);
  await sql`DROP TABLE IF EXISTS list_versions`.execute(db);
}
