// History entries that read as a change (#17.14): the old value next to the new one, the
// author's name at the time of the change, and the names of the entities a value refers to
// (so a linked entity that was deleted later still shows by name).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE history ADD COLUMN old_value text`.execute(db);
  await sql`ALTER TABLE history ADD COLUMN updated_by_name text`.execute(db);
  await sql`ALTER TABLE history ADD COLUMN refs jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE history DROP COLUMN refs, DROP COLUMN updated_by_name, DROP COLUMN old_value`.execute(db);
}
