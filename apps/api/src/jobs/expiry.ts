// The expiry of time-bound access (#19, ADR 0017): a scheduled job of the API that removes every
// grant whose end (`application_users.ends_at`) has passed — history entry (by the system),
// webhook REMOVE, the request that set the end marked EXPIRED (history, ACCESS_REQUEST_EXPIRED),
// a notification for the user — and reminds users REMINDER_DAYS before the end (a notification).
//
// Its state is the database: a grant is due when `ends_at <= now()` (the database's clock, so
// every instance agrees), so a restart loses nothing. Several instances: a sweep takes due grants
// with FOR UPDATE SKIP LOCKED and removes them in that same transaction; another instance skips
// the locked rows, and once committed they are gone, so each removal happens exactly once (a
// sweep that dies rolls back, and the rows are due again for the next one).
//
// Written with Effect (ADR 0026): a batch is one transaction, run uninterruptibly (it commits or
// rolls back whole; the shutdown waits for it and stops the sweep before the next); a sweep that
// fails on the database is tried again by the `retry` schedule before the next interval; `run`
// repeats the sweep on `Schedule.spaced(interval)` until its fiber is interrupted.
import { Duration, Effect, Schedule } from 'effect';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { queueRequestEvent, removeGrant } from '../services/access.ts';
import { recordHistory } from '../history.ts';
import { forgetOldNotifications, notify, REMINDER_DAYS } from '../services/governance.ts';
import { queueAccessEndMail, type MailQueue } from '../mail/outbox.ts';
import { consoleLog, query, type DatabaseError, type JobLog } from './effects.ts';

export interface ExpiryJobOptions {
  db: Database;
  /** Called after a sweep queued webhook deliveries (wakes the dispatcher). */
  onWebhookQueued?: () => void;
  /** Grants handled per transaction (default 100). */
  batch?: number;
  /** E-mail (#29): the reminder and the end are mailed to the user too; undefined: no mail. */
  mail?: MailQueue | undefined;
  /** The pause between two sweeps of `run` (API_EXPIRY_INTERVAL_MS, default 60 s). */
  interval?: Duration.DurationInput;
  /** How a sweep that failed on the database is tried again before the next interval (default 1 s doubling, 3 times). */
  retry?: Schedule.Schedule<unknown, DatabaseError>;
  /** Where a sweep that failed for good is told (default console.error). */
  log?: JobLog;
}

export interface ExpiryJob {
  /** One sweep: removes every due grant and records the due reminders; answers how many of each. */
  readonly sweep: Effect.Effect<{ removed: number; reminded: number }, DatabaseError>;
  /**
   * Sweeps at once, then `interval` after each sweep ends, until interrupted (the shutdown: a
   * batch under way commits, then the sweep stops). A sweep that fails is tried again by `retry`,
   * then told to `log`, and the next interval comes as usual.
   */
  readonly run: Effect.Effect<never>;
}

const defaultExpiryRetry: Schedule.Schedule<unknown, DatabaseError> = Schedule.exponential('1 second').pipe(
  Schedule.intersect(Schedule.recurs(3)),
);

export function makeExpiryJob(options: ExpiryJobOptions): ExpiryJob {
  const { db } = options;
  const batch = options.batch ?? 100;
  const log = options.log ?? consoleLog('expiry job');

  /** Removes up to `batch` due grants in one transaction; answers how many, and whether webhooks were queued. */
  const expireBatch = whole(() =>
    db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('application_users')
        .select(['application_id', 'user_id', 'ends_at', 'ends_request_id'])
        .where('ends_at', 'is not', null)
        .where('ends_at', '<=', sql<Date>`now()`)
        .orderBy('ends_at')
        .orderBy('application_id')
        .orderBy('user_id')
        .limit(batch)
        .forUpdate()
        .skipLocked()
        .execute();
      let queued = false;
      for (const g of due) {
        if (await removeGrant(trx, g.application_id, g.user_id, null)) queued = true;
        if (g.ends_request_id) {
          const expired = await trx
            .updateTable('access_requests')
            .set({ status: 'EXPIRED', expired_at: sql<Date>`now()` })
            .where('id', '=', g.ends_request_id)
            .where('status', '=', 'ACCEPTED')
            .returningAll()
            .executeTakeFirst();
          if (expired) {
            await recordHistory(trx, {
              table: 'access_requests',
              entity: expired.id,
              mode: 'UPDATE',
              by: null,
              before: { status: 'ACCEPTED' },
              after: { status: 'EXPIRED' },
            });
            if (await queueRequestEvent(trx, expired, 'ACCESS_REQUEST_EXPIRED')) queued = true;
          }
        }
        await notify(trx, {
          userId: g.user_id,
          kind: 'ACCESS_EXPIRED',
          applicationId: g.application_id,
          requestId: g.ends_request_id,
          endsAt: g.ends_at,
        });
        if (g.ends_at)
          await queueAccessEndMail(trx, options.mail, {
            kind: 'ACCESS_EXPIRED',
            userId: g.user_id,
            applicationId: g.application_id,
            endsAt: g.ends_at,
            requestId: g.ends_request_id,
          });
      }
      return { removed: due.length, queued };
    }),
  );

  /** Reminds the users of grants that end within REMINDER_DAYS, once per end. */
  const remindBatch = whole(() =>
    db.transaction().execute(async (trx) => {
      const soon = await trx
        .selectFrom('application_users')
        .select(['application_id', 'user_id', 'ends_at', 'ends_request_id'])
        .where('ends_at', 'is not', null)
        .where('reminded_at', 'is', null)
        .where('ends_at', '>', sql<Date>`now()`)
        .where('ends_at', '<=', sql<Date>`now() + make_interval(days => ${REMINDER_DAYS})`)
        .orderBy('ends_at')
        .limit(batch)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const g of soon) {
        await trx
          .updateTable('application_users')
          .set({ reminded_at: sql<Date>`now()` })
          .where('application_id', '=', g.application_id)
          .where('user_id', '=', g.user_id)
          .execute();
        await notify(trx, {
          userId: g.user_id,
          kind: 'ACCESS_EXPIRING',
          applicationId: g.application_id,
          requestId: g.ends_request_id,
          endsAt: g.ends_at,
        });
        if (g.ends_at)
          await queueAccessEndMail(trx, options.mail, {
            kind: 'ACCESS_EXPIRING',
            userId: g.user_id,
            applicationId: g.application_id,
            endsAt: g.ends_at,
            requestId: g.ends_request_id,
          });
      }
      return soon.length;
    }),
  );

  /** `one` batch after the other until one comes back short (`count` under `batch`): every batch's result. */
  const untilShort = <A>(one: Effect.Effect<A, DatabaseError>, count: (a: A) => number) =>
    Effect.iterate(
      { results: [] as A[], more: true },
      {
        while: (state) => state.more,
        body: (state) => Effect.map(one, (a) => ({ results: [...state.results, a], more: count(a) >= batch })),
      },
    ).pipe(Effect.map((state) => state.results));

  const sweep: Effect.Effect<{ removed: number; reminded: number }, DatabaseError> = Effect.gen(function* () {
    const expired = yield* untilShort(expireBatch, (done) => done.removed);
    if (expired.some((done) => done.queued)) options.onWebhookQueued?.();
    const reminded = yield* untilShort(remindBatch, (n) => n);
    yield* whole(() => forgetOldNotifications(db));
    return {
      removed: expired.reduce((sum, done) => sum + done.removed, 0),
      reminded: reminded.reduce((sum, n) => sum + n, 0),
    };
  });

  const interval = Duration.decode(options.interval ?? '1 minute');
  const run: Effect.Effect<never> = sweep.pipe(
    Effect.retry(options.retry ?? defaultExpiryRetry),
    Effect.catchTag('DatabaseError', (error) => Effect.sync(() => log('a sweep failed', error.cause))),
    // A bug must not end the job silently: it is told, and the next interval comes.
    Effect.catchAllDefect((defect) => Effect.sync(() => log('a sweep failed', defect))),
    Effect.repeat(Schedule.spaced(interval)),
    Effect.zipRight(Effect.never),
  );

  return { sweep, run };
}

/** A database call (a transaction) that is never interrupted halfway: the shutdown waits for it to commit or roll back. */
const whole = <A>(run: () => Promise<A>): Effect.Effect<A, DatabaseError> => Effect.uninterruptible(query(run));
