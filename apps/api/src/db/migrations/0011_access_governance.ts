// Access governance (#19): what a request to an application needs (justification, time-bound
// access with a maximum, which linked account-access groups may be asked for), requests with an
// end date, answers, cancellation and expiry, grants with an end (`ends_at`, removed by the expiry
// job, src/jobs/expiry.ts), the access request events of webhooks and the users' notifications.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE applications ADD COLUMN request_justification text NOT NULL DEFAULT 'optional'
    CHECK (request_justification IN ('required', 'optional'))`.execute(db);
  await sql`ALTER TABLE applications ADD COLUMN time_bound_access boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE applications ADD COLUMN max_access_days integer CHECK (max_access_days BETWEEN 1 AND 3650)`.execute(
    db,
  );
  await sql`ALTER TABLE application_account_accesses ADD COLUMN requestable boolean NOT NULL DEFAULT true`.execute(db);

  // A grant's end; the request whose acceptance set it; when the user was reminded of it.
  await sql`ALTER TABLE application_users ADD COLUMN ends_at timestamptz`.execute(db);
  await sql`ALTER TABLE application_users ADD COLUMN ends_request_id text`.execute(db);
  await sql`ALTER TABLE application_users ADD COLUMN reminded_at timestamptz`.execute(db);
  await sql`CREATE INDEX application_users_ends ON application_users (ends_at) WHERE ends_at IS NOT NULL`.execute(db);

  await sql`ALTER TABLE access_requests ADD COLUMN requested_ends_at timestamptz`.execute(db);
  await sql`ALTER TABLE access_requests ADD COLUMN answers jsonb NOT NULL DEFAULT '[]'`.execute(db);
  await sql`ALTER TABLE access_requests ADD COLUMN ends_at timestamptz`.execute(db);
  await sql`ALTER TABLE access_requests ADD COLUMN expired_at timestamptz`.execute(db);
  // The user's requests newest first (My requests), with and without a status.
  await sql`CREATE INDEX access_requests_user_date ON access_requests (user_id, requested_at DESC, id)`.execute(db);

  await sql`ALTER TABLE webhooks ADD COLUMN on_access_request boolean NOT NULL DEFAULT false`.execute(db);

  await sql`
    CREATE TABLE user_notifications (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL,
      application_id text NOT NULL,
      application_label text NOT NULL,
      request_id text,
      ends_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX user_notifications_user ON user_notifications (user_id, created_at DESC, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE user_notifications`.execute(db);
  await sql`ALTER TABLE webhooks DROP COLUMN on_access_request`.execute(db);
  await sql`DROP INDEX access_requests_user_date`.execute(db);
  for (const column of ['expired_at', 'ends_at', 'answers', 'requested_ends_at']) {
    await sql`ALTER TABLE access_requests DROP COLUMN ${sql.ref(column)}`.execute(db);
  }
  await sql`DROP INDEX application_users_ends`.execute(db);
  for (const column of ['reminded_at', 'ends_request_id', 'ends_at']) {
    await sql`ALTER TABLE application_users DROP COLUMN ${sql.ref(column)}`.execute(db);
  }
  await sql`ALTER TABLE application_account_accesses DROP COLUMN requestable`.execute(db);
  for (const column of ['max_access_days', 'time_bound_access', 'request_justification']) {
    await sql`ALTER TABLE applications DROP COLUMN ${sql.ref(column)}`.execute(db);
  }
}
