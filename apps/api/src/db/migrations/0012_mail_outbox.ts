// The mail outbox (#29): every e-mail the API sends is a row here, written in the transaction of
// the change it tells about (a new access request, a decision, the end of time-bound access), and
// sent by the mail sender (src/mail/sender.ts) with the webhook deliveries' discipline: claimed by
// one instance for a lease (`claimed_by`, `claimed_until`, taken with FOR UPDATE SKIP LOCKED),
// retried with back-off (`next_attempt_at`), SENT or FAILED after the last attempt. The mail is
// rendered when it is queued: what it says is what was true then.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mail_outbox (
      id text PRIMARY KEY,
      kind text NOT NULL,
      recipient text NOT NULL,
      language text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text NOT NULL,
      application_id text,
      request_id text,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      claimed_by text,
      claimed_until timestamptz,
      last_attempt_at timestamptz,
      last_error text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // The sender's question: the due mails, oldest first.
  await sql`CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'PENDING'`.execute(db);
  // The console's list, newest first, with and without a status.
  await sql`CREATE INDEX mail_outbox_created ON mail_outbox (created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX mail_outbox_status_created ON mail_outbox (status, created_at DESC, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mail_outbox`.execute(db);
}
