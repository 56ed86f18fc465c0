// What granted a user's access, where the history cannot tell (#29.3, #29.4): roles given as the
// application's default roles, and roles, account accesses and the access itself granted by an
// activation group the user's directory groups match. One row per item and source; an item (or the
// access, item_kind ACCESS with item_id '') without rows is explained by the history as before
// (routes/admin/access-reasons.ts). Kinds:
//   DEFAULT_ROLE       a default role of the application, given because no role was chosen (with the
//                      directory group whose grant it came with, '' for a direct grant)
//   ACTIVATION_GROUP   granted while the user is in that directory group; taken away when they leave it
//   DIRECT_GRANT / ACCESS_REQUEST
//                      an administrator or an accepted request granted an item a group had granted before
//   HELD               the item was held before a group granted it too: the history tells why
// Rows go with the access (ON DELETE CASCADE); services/access-sources.ts writes and reads them.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE application_user_sources (
      application_id text NOT NULL,
      user_id text NOT NULL,
      item_kind text NOT NULL CHECK (item_kind IN ('ACCESS', 'ROLE', 'ACCOUNT_ACCESS')),
      item_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('HELD', 'DIRECT_GRANT', 'ACCESS_REQUEST', 'DEFAULT_ROLE', 'ACTIVATION_GROUP')),
      directory_group_name text NOT NULL DEFAULT '',
      access_request_id text,
      granted_at timestamptz NOT NULL DEFAULT now(),
      granted_by text,
      granted_by_name text,
      PRIMARY KEY (application_id, user_id, item_kind, item_id, kind, directory_group_name),
      FOREIGN KEY (application_id, user_id) REFERENCES application_users (application_id, user_id) ON DELETE CASCADE
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE application_user_sources`.execute(db);
}
