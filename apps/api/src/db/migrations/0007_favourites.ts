// The launcher's favourites (#20.1): the applications a user pinned, in the user's order.
// A favourite whose access was taken away stays stored but is not shown (it comes back with the access).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_favourites (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      position integer NOT NULL,
      PRIMARY KEY (user_id, application_id)
    )
  `.execute(db);
  await sql`CREATE INDEX user_favourites_application ON user_favourites (application_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE user_favourites`.execute(db);
}
