// Recently used applications (#20.1): the user's own launches from the launcher, the newest
// per application; the API keeps a user's last few (routes/my/applications.ts `recentLaunchesKept`).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_launches (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      launched_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, application_id)
    )
  `.execute(db);
  await sql`CREATE INDEX user_launches_application ON user_launches (application_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE user_launches`.execute(db);
}
