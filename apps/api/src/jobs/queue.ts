// Jobs as the routes see them (#28.6, ADR 0025): a submit becomes a row of `jobs` (migration 0019)
// unless it is the same submit again, and a job is answered as the contract's `Job`.
//
// The same submit again is answered with the first job, never run twice:
// - with an `Idempotency-Key` (the console sends one per submit): the user's job of that key from the
//   last 24 hours; the key with another body is 409 `job.keyReused`. The key alone decides: a new key
//   is a new job, also for a body sent before.
// - without one: the user's last job on the application, when it is of the same kind and body (its
//   SHA-256), from the last 10 minutes and has not FAILED (a failed job changed nothing; sending it
//   again runs it again). Only the last: an add, a remove and the same add again are three jobs.
// One user's submits are serialised by a transaction-level advisory lock, so two at once cannot
// both miss the first.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { components } from '@portal/contract';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { newId } from '../context.ts';
import { conflict, errorBody, type StoredError } from '../http/errors.ts';
import type { Language } from '../http/messages.ts';
import { rowsOf, type JobKind } from './work.ts';

type S = components['schemas'];
export type JobRow = Selectable<DB['jobs']>;

/** How long a submit with the same body counts as the same (no Idempotency-Key). */
const SAME_BODY_WINDOW_SECONDS = 10 * 60;
/** How long an Idempotency-Key names its job. */
const KEY_WINDOW_SECONDS = 24 * 60 * 60;
/** The advisory lock namespace of one user's submits ("jobs"). */
const SUBMIT_LOCK = 0x6a6f6273;

/** JSON with every object's keys in order: one text per value, however its keys were sent. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const bodyHashOf = (kind: JobKind, applicationId: string, input: unknown) =>
  createHash('sha256').update(canonicalJson({ kind, applicationId, input })).digest('hex');

export interface Submit {
  readonly kind: JobKind;
  readonly applicationId: string;
  readonly me: { userId: string; permissions: ReadonlySet<string> };
  /** The request's body, checked against the contract. */
  readonly input: unknown;
  readonly idempotencyKey: string | undefined;
}

/** Queues a job, or finds the same submit's job; `repeated` says which. */
export async function submitJob(db: Database, submit: Submit): Promise<{ job: JobRow; repeated: boolean }> {
  const { kind, applicationId, me, input, idempotencyKey } = submit;
  const bodyHash = bodyHashOf(kind, applicationId, input);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SUBMIT_LOCK}::int, hashtext(${me.userId}))`.execute(trx);
    if (idempotencyKey !== undefined) {
      // A key older than its window names nothing any more: it may name a new job.
      await trx
        .updateTable('jobs')
        .set({ idempotency_key: null })
        .where('created_by', '=', me.userId)
        .where('idempotency_key', '=', idempotencyKey)
        .where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${KEY_WINDOW_SECONDS})`)
        .execute();
      const keyed = await trx
        .selectFrom('jobs')
        .selectAll()
        .where('created_by', '=', me.userId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (keyed) {
        if (keyed.body_hash !== bodyHash) throw conflict('jobKeyReused', 'job.keyReused', [], 'Idempotency-Key');
        return { job: keyed, repeated: true };
      }
    } else {
      const last = await trx
        .selectFrom('jobs')
        .selectAll()
        .where('created_by', '=', me.userId)
        .where('application_id', '=', applicationId)
        .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${SAME_BODY_WINDOW_SECONDS})`)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last && last.body_hash === bodyHash && last.status !== 'FAILED') return { job: last, repeated: true };
    }
    const job = await trx
      .insertInto('jobs')
      .values({
        id: newId(),
        kind,
        application_id: applicationId,
        created_by: me.userId,
        permissions: [...me.permissions],
        input: JSON.stringify(input),
        body_hash: bodyHash,
        idempotency_key: idempotencyKey ?? null,
        total: rowsOf(kind, input),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { job, repeated: false };
  });
}

/** One job of the application, or undefined. */
export const jobOf = (db: Database, applicationId: string, id: string) =>
  db.selectFrom('jobs').selectAll().where('id', '=', id).where('application_id', '=', applicationId).executeTakeFirst();

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** Where a job is read: under the API's public URL (the portal's `/api` on the local stack). */
export const jobUrl = (publicUrl: string, job: Pick<JobRow, 'application_id' | 'id'>) =>
  `${publicUrl.replace(/\/+$/, '')}/Admin/Applications/${encodeURIComponent(job.application_id)}/Jobs/${job.id}`;

/** The contract's `Job`; a failure's error in `lang`. */
export function jobAnswer(job: JobRow, lang: Language, publicUrl: string): S['Job'] {
  const status = job.status as S['JobStatus'];
  return {
    id: job.id,
    kind: job.kind as JobKind,
    applicationId: job.application_id,
    status,
    progress: { done: job.done, total: job.total },
    createdAt: iso(job.created_at),
    startedAt: isoOrNull(job.started_at),
    finishedAt: isoOrNull(job.finished_at),
    statusUrl: jobUrl(publicUrl, job),
    result: status === 'SUCCEEDED' ? (job.result as S['Job']['result']) : null,
    error: status === 'FAILED' && job.error !== null ? failureOf(job.error as StoredError, lang) : null,
  };
}

const failureOf = (error: StoredError, lang: Language): S['JobFailure'] => ({
  status: error.status,
  body: errorBody(error, lang),
});
