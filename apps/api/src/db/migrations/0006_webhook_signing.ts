// Webhook signing and replay (#20.2): the webhook's signing secrets (at most two active, for
// rotation; each `{ id, secret, createdAt }`), and the delivery a replay sends again.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhooks ADD COLUMN signing_secrets jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
  await sql`ALTER TABLE webhook_deliveries ADD COLUMN replay_of text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_deliveries DROP COLUMN replay_of`.execute(db);
  await sql`ALTER TABLE webhooks DROP COLUMN signing_secrets`.execute(db);
}
