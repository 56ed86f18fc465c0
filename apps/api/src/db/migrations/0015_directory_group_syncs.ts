// When a user's directory groups were last applied to the activation groups (#29.3,
// services/activation-groups.ts): the issue time of the access token they came from, so that a sync
// with an older token (another sign-in's, arriving late) changes nothing. The groups themselves are
// not kept: each sign-in's token names them.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_group_syncs (
      user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      token_issued_at timestamptz,
      synced_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE user_group_syncs`.execute(db);
}
