// Several API instances on one database (#21): a delivery is claimed by one instance for a
// while (a lease) before it is sent, so no two instances send it at once; the claim of an
// instance that died runs out and another one takes the delivery over.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_deliveries ADD COLUMN claimed_by text`.execute(db);
  await sql`ALTER TABLE webhook_deliveries ADD COLUMN claimed_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_deliveries DROP COLUMN claimed_until, DROP COLUMN claimed_by`.execute(db);
}
