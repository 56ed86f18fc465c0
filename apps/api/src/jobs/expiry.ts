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
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { queueRequestEvent, removeGrant } from '../services/access.ts';
import { recordHistory } from '../history.ts';
import { forgetOldNotifications, notify, REMINDER_DAYS } from '../services/governance.ts';
import { queueAccessEndMail, type MailQueue } from '../mail/outbox.ts';

export interface ExpiryJobOptions {
  db: Database;
  /** Called after a sweep queued webhook deliveries (wakes the dispatcher). */
  onWebhookQueued?: () => void;
  /** Grants handled per transaction (default 100). */
  batch?: number;
  /** E-mail (#29): the reminder and the end are mailed to the user too; undefined: no mail. */
  mail?: MailQueue | undefined;
}

export interface ExpiryJob {
  /** One sweep: removes every due grant and sends the due reminders; answers how many grants it removed. */
  runOnce(): Promise<{ removed: number; reminded: number }>;
  /** Sweeps every `intervalMs` (API_EXPIRY_INTERVAL_MS, default 60 s); returns a stop function that waits for a sweep under way. */
  start(intervalMs?: number): () => Promise<void>;
}

export function createExpiryJob(options: ExpiryJobOptions): ExpiryJob {
  const { db } = options;
  const batch = options.batch ?? 100;

  /** Removes up to `batch` due grants in one transaction; answers how many, and whether webhooks were queued. */
  async function expireBatch(): Promise<{ removed: number; queued: boolean }> {
    return db.transaction().execute(async (trx) => {
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
    });
  }

  /** Reminds the users of grants that end within REMINDER_DAYS, once per end. */
  async function remindBatch(): Promise<number> {
    return db.transaction().execute(async (trx) => {
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
    });
  }

  async function runOnce(): Promise<{ removed: number; reminded: number }> {
    let removed = 0;
    let queued = false;
    for (;;) {
      const done = await expireBatch();
      removed += done.removed;
      queued ||= done.queued;
      if (done.removed < batch) break;
    }
    if (queued) options.onWebhookQueued?.();
    let reminded = 0;
    for (;;) {
      const n = await remindBatch();
      reminded += n;
      if (n < batch) break;
    }
    await forgetOldNotifications(db);
    return { removed, reminded };
  }

  return {
    runOnce,
    start(intervalMs = 60_000) {
      let stopped = false;
      let running: Promise<unknown> = Promise.resolve();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const tick = () => {
        if (stopped) return;
        running = runOnce()
          .catch((e: unknown) => console.error('expiry job:', e))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, intervalMs);
          });
      };
      tick();
      return async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        await running;
      };
    },
  };
}
