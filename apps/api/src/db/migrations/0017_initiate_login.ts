// An application's login-initiation URL (#30.5): OpenID Connect Core 1.0 §4, third-party
// initiated login. Set, the gate sends a user it lets through there, with `iss` and
// `target_link_uri`, instead of to the application's url (the portal server composes it);
// null, to the url as before.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE applications ADD COLUMN initiate_login_uri text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE applications DROP COLUMN initiate_login_uri`.execute(db);
}
