// Jobs (#28.6, ADR 0025): work that may take longer than a proxy waits for an answer — an applied
// CSV import, a bulk change of an application's users, a decision of several access requests —
// is a row here, run by src/jobs/runner.ts with the mail outbox's discipline: claimed by one
// instance for a lease (`claimed_by`, `claimed_until`, taken with FOR UPDATE SKIP LOCKED, renewed
// while it runs), so a dead instance's job is taken over once the lease has run out. The work and
// its SUCCEEDED with the result are one transaction: a job that says SUCCEEDED has committed its
// work, one that says FAILED changed nothing.
//
// `input` is the request's body, `permissions` the submitter's when it was accepted (the work's
// rules read them, as the call did), `body_hash` and `idempotency_key` recognise the same submit
// again. `done`/`total` are the progress, written while the job runs.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE jobs (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('USERS_IMPORT', 'USERS_BULK', 'ACCESS_REQUESTS_DECIDE')),
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      created_by text NOT NULL,
      permissions text[] NOT NULL,
      input jsonb NOT NULL,
      body_hash text NOT NULL,
      idempotency_key text,
      status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED')),
      done integer NOT NULL DEFAULT 0,
      total integer,
      result jsonb,
      error jsonb,
      attempts integer NOT NULL DEFAULT 0,
      claimed_by text,
      claimed_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
  // The runner's question: jobs waiting or whose lease ran out, oldest first.
  await sql`CREATE INDEX jobs_open ON jobs (created_at) WHERE status IN ('QUEUED', 'RUNNING')`.execute(db);
  // The same submit again: by the client's key (one job per user and key), or by the body within a window.
  await sql`CREATE UNIQUE INDEX jobs_idempotency_key ON jobs (created_by, idempotency_key) WHERE idempotency_key IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX jobs_last ON jobs (created_by, application_id, created_at DESC)`.execute(db);
  // Finished jobs are forgotten after a while.
  await sql`CREATE INDEX jobs_finished ON jobs (finished_at) WHERE finished_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE jobs`.execute(db);
}
