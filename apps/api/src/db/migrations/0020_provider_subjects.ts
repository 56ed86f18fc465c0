// Where a user signs in (ADR 0029): the issuer of their tokens and their subject (`sub`) there.
// The user's id is the subject where it is a UUID, else a name-based UUID of both
// (@portal/server's directoryUserId), which an administrator cannot read back: the console shows
// these two. Written when the directory creates the user on their first call (ensureUser); null
// for the users of before and for seeded ones, whose id is their subject.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN issuer text, ADD COLUMN subject text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN issuer, DROP COLUMN subject`.execute(db);
}
