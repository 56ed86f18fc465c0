// A webhook pauses itself (#20.2): after `pause_after_failures` deliveries in a row have failed
// (null: never), `paused_at` is set and its deliveries wait, PENDING, until an administrator
// resumes it; a delivered one sets the count back to 0.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhooks ADD COLUMN pause_after_failures integer`.execute(db);
  await sql`ALTER TABLE webhooks ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE webhooks ADD COLUMN paused_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhooks DROP COLUMN paused_at`.execute(db);
  await sql`ALTER TABLE webhooks DROP COLUMN consecutive_failures`.execute(db);
  await sql`ALTER TABLE webhooks DROP COLUMN pause_after_failures`.execute(db);
}
