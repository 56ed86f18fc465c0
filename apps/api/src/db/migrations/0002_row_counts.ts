// Exact row counts of large tables, kept by statement-level triggers, so that the total of
// an unfiltered list does not scan 100,000 rows (a sequential count is slow on PGlite).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE row_counts (table_name text PRIMARY KEY, n bigint NOT NULL)`.execute(db);
  await sql`
    CREATE FUNCTION row_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE row_counts SET n = n + (SELECT count(*) FROM new_rows) WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION row_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE row_counts SET n = n - (SELECT count(*) FROM old_rows) WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['users']) {
    await sql`INSERT INTO row_counts (table_name, n) SELECT ${table}, count(*) FROM ${sql.table(table)}`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_count_insert`)} AFTER INSERT ON ${sql.table(table)} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION row_counts_insert()`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_count_delete`)} AFTER DELETE ON ${sql.table(table)} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION row_counts_delete()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS users_count_insert ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_count_delete ON users`.execute(db);
  await sql`DROP FUNCTION IF EXISTS row_counts_insert()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS row_counts_delete()`.execute(db);
  await sql`DROP TABLE IF EXISTS row_counts`.execute(db);
}
