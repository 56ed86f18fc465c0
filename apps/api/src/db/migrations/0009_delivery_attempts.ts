// Each attempt of a webhook delivery (#20.2): when, how long, the request's headers (secret
// values masked before they are stored), the answer's status and the first 2 KB of its body, or
// the error. The delivery row keeps its summary (attempts, last status, last error).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhook_delivery_attempts (
      delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
      attempt integer NOT NULL,
      started_at timestamptz NOT NULL,
      duration_ms integer NOT NULL,
      request_headers jsonb NOT NULL,
      response_status integer,
      response_body text,
      error text,
      PRIMARY KEY (delivery_id, attempt)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE webhook_delivery_attempts`.execute(db);
}
