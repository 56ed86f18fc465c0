// A Yes/No attribute may require one answer (#30.1): 'true' (Yes) or 'false' (No); null, any.
// A user's other answer is refused, and the gate and custom flows count it as not given.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE attributes ADD COLUMN required_value text
    CHECK (required_value IS NULL OR (required_value IN ('true', 'false') AND data_type = 'BOOLEAN'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE attributes DROP COLUMN required_value`.execute(db);
}
