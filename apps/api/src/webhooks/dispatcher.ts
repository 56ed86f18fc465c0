// Delivers queued webhook calls: POST of the JSON payload with basic auth and the custom
// headers, retried with back-off, every attempt recorded on the delivery row and in its
// attempts (time, duration, headers with secret values masked, status, the answer's first 2 KB, error).
//
// One delivery never holds up another: every failure — an endpoint's answer, a timeout, a
// header the sender refuses, a stored row it cannot read, a database call that fails before the
// request — is recorded on that delivery as an attempt (due again after the back-off, FAILED
// after the last), and the sweep goes on. Applications are served side by side: an endpoint that
// hangs until the timeout delays only the later deliveries of its own application (which keep
// their order).
//
// Several instances on one database (#21): a sweep claims the due deliveries of whole
// applications under a transaction-level advisory lock, for a lease that is renewed before
// each send; an application another instance holds is left alone, and a delivery whose claim
// this instance lost is not sent. The claims of an instance that died run out after the lease
// and another instance takes the deliveries over (one that died between sending and recording
// may have sent it once more: receivers deduplicate by X-Portal-Delivery-Id).
//
// Written with Effect (ADR 0026, the shape of the mail sender of ADR 0021): the back-off is a
// Schedule whose n-th delay is written to `next_attempt_at` (a retry survives a restart and may
// move to another instance); a send is bounded by `Effect.timeoutFail` and aborted through its
// AbortSignal when interrupted; failures are typed (DatabaseError, Unsendable, SendFailed,
// SendTimeout) and handled by tag; the record of an outcome is retried and never interrupted;
// `run` lives in a Scope whose closing (the shutdown) interrupts the sweeps under way: their
// sends are aborted and their claims given back, so another instance takes them at once.
import { createHmac, randomUUID } from 'node:crypto';
import { Cause, Data, Duration, Effect, Exit, FiberSet, Queue, Schedule, type Scope } from 'effect';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { consoleLog, delayAfter, messageOf, persist, query, type DatabaseError, type JobLog } from '../jobs/effects.ts';
import { SecretsError } from '../secrets.ts';
import type { SecretBox } from '../secrets.ts';
import { deliveryErrorText, webhookRemoved } from './errors.ts';
import { isValidHeaderName, isValidHeaderValue } from './headers.ts';
import { openPassword, openSigningSecret, storedSigningSecrets } from './secrets.ts';

/** The stored webhook cannot be sent as it is (a header the sender refuses, a secret that does not open, a broken row). */
class Unsendable extends Data.TaggedError('Unsendable')<{ readonly message: string }> {}
/** The request could not be made or its answer not read (refused connection, reset, DNS). */
class SendFailed extends Data.TaggedError('SendFailed')<{ readonly message: string }> {}
/** No answer within the send timeout. */
class SendTimeout extends Data.TaggedError('SendTimeout')<{ readonly after: Duration.Duration }> {}

export interface DispatcherOptions {
  db: Database;
  /** Opens the webhooks' stored password and signing secrets (#29.5). */
  secrets: SecretBox;
  /** The delays between attempts: its n-th delay follows attempt n (default 2 s doubling: 2 s, 4 s, 8 s, 16 s). */
  backoff?: Schedule.Schedule<unknown>;
  /** Attempts before a delivery is FAILED (default 5). */
  maxAttempts?: number;
  /** One send at most, its answer's first 2 KB included (default 10 s). */
  timeout?: Duration.DurationInput;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  /** Applications served at the same time (default 8). */
  concurrency?: number;
  /** How long a claim holds without renewal (default the send timeout + 20 s). */
  lease?: Duration.DurationInput;
  /** This instance's name in the claims (default a random id). */
  instance?: string;
  /** How often `run` sweeps when nobody wakes it (default 1 s). */
  pollInterval?: Duration.DurationInput;
  /** Where a failure that cannot be recorded is told (default console.error). */
  log?: JobLog;
}

export interface Dispatcher {
  /**
   * Claims the due deliveries of the applications not served already (by this process or a
   * live claim), sends them (one after another within an application) and waits for them;
   * answers how many were attempted.
   */
  readonly sweep: Effect.Effect<number, DatabaseError>;
  /**
   * Sweeps every `pollInterval` and when woken by `notify`, until its Scope closes; a sweep is
   * not awaited (a slow endpoint must not keep the next one from serving other applications).
   * Closing the Scope interrupts the sweeps under way: sends aborted, claims given back.
   */
  readonly run: Effect.Effect<never, never, Scope.Scope>;
  /** Wakes `run` for a sweep now (a delivery was queued); safe to call from anywhere, at any time. */
  readonly notify: () => void;
}

/** 2 s, 4 s, 8 s, 16 s, … */
export const defaultDeliveryBackoff: Schedule.Schedule<unknown> = Schedule.exponential('2 seconds');

/**
 * `X-Portal-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`: HMAC-SHA256 of `<t>.<body>` under
 * each active signing secret (two while one is being rotated). docs/webhooks.md says how to check it.
 */
function signatureOf(body: string, secrets: readonly string[], at: Date): string | undefined {
  if (secrets.length === 0) return undefined;
  const t = Math.floor(at.getTime() / 1000);
  return [
    `t=${t}`,
    ...secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`),
  ].join(',');
}

const BATCH = 50;
/** The advisory lock under which sweeps of all instances claim deliveries ("webhooks"). */
const claimLockKey = 0x776562686f6f6b73n;

function headersOf(stored: unknown, username: string | null, password: string | null): Headers {
  if (!Array.isArray(stored)) throw new Error('the stored custom headers are not a list');
  const headers = new Headers({ 'content-type': 'application/json', 'user-agent': 'portal-api-webhooks' });
  for (const h of stored as unknown[]) {
    const { key, value } = (h ?? {}) as { key?: unknown; value?: unknown };
    if (typeof key !== 'string' || typeof value !== 'string' || !isValidHeaderName(key) || !isValidHeaderValue(value)) {
      throw new Error(
        typeof key === 'string'
          ? `the custom header ${JSON.stringify(key.slice(0, 100))} cannot be sent`
          : 'a custom header cannot be sent',
      );
    }
    headers.set(key, value);
  }
  if (username !== null || password !== null) {
    headers.set('authorization', `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`);
  }
  return headers;
}

/** What one attempt sent and got (migration 0009). */
interface AttemptDetail {
  startedAt: Date;
  durationMs: number;
  headers: { name: string; value: string }[];
  body: string | null;
}

const maskedValue = '••••••';
/** The headers as recorded: the basic-auth credentials and the custom headers' values (they may carry keys) masked. */
function recordedHeaders(headers: Headers, stored: unknown): { name: string; value: string }[] {
  const custom = Array.isArray(stored)
    ? (stored as { key?: unknown }[]).flatMap((h) => (typeof h.key === 'string' ? [h.key.toLowerCase()] : []))
    : [];
  const secret = new Set(['authorization', ...custom]);
  return [...headers].map(([name, value]) => ({ name, value: secret.has(name) ? maskedValue : value }));
}

const responseBodyKept = 2048;
/**
 * The first 2 KB of an answer's body (a character cut at the end reads as U+FFFD); the rest is
 * not read. When `signal` aborts (the send's time is up, or the shutdown) it keeps what arrived.
 */
async function bodyStart(response: Response, signal: AbortSignal): Promise<string | null> {
  if (response.body === null) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    while (size < responseBodyKept) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body that breaks off keeps what arrived.
  } finally {
    signal.removeEventListener('abort', stop);
    await reader.cancel().catch(() => undefined);
  }
  const bytes = Buffer.concat(chunks).subarray(0, responseBodyKept);
  return bytes.length === 0 ? null : new TextDecoder().decode(bytes);
}

export function makeDispatcher(options: DispatcherOptions): Effect.Effect<Dispatcher> {
  return Effect.map(Queue.sliding<void>(1), (wakeups) => dispatcherOf(options, wakeups));
}

function dispatcherOf(options: DispatcherOptions, wakeups: Queue.Queue<void>): Dispatcher {
  const { db } = options;
  const backoff = options.backoff ?? defaultDeliveryBackoff;
  const maxAttempts = options.maxAttempts ?? 5;
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? 8;
  const timeout = Duration.decode(options.timeout ?? '10 seconds');
  const leaseMs = Duration.toMillis(options.lease ?? Duration.sum(timeout, Duration.seconds(20)));
  const instance = options.instance ?? randomUUID();
  const pollInterval = Duration.decode(options.pollInterval ?? '1 second');
  const log = options.log ?? consoleLog('webhook dispatcher');
  /** Applications with a send under way in this process (their deliveries go one after another). */
  const busy = new Set<string>();

  /** What one attempt had: the answer's status, the error (null when delivered) and what it sent and got. */
  interface Outcome {
    status: number | null;
    error: string | null;
    detail?: AttemptDetail;
  }

  /**
   * Records one attempt on the delivery and, with what it sent and got, in its attempts (#20.2);
   * the delivery stays PENDING for a retry (due after the back-off's delay for this attempt)
   * until the attempts run out. Tried again on a database failure; idempotent (only a PENDING
   * delivery is updated, an attempt's row is written once).
   */
  const record = (id: string, attempts: number, outcome: Outcome): Effect.Effect<void> =>
    Effect.gen(function* () {
      const delay = yield* delayAfter(backoff, attempts);
      const at = now();
      const done = outcome.error === null;
      const giveUp = !done && attempts >= maxAttempts;
      const { status, error, detail } = outcome;
      yield* persist(log, `cannot record attempt ${attempts} of delivery ${id}`, () =>
        db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('webhook_deliveries')
            .set({
              attempts,
              response_status: status,
              error,
              last_attempt_at: at,
              status: done ? 'SUCCEEDED' : giveUp ? 'FAILED' : 'PENDING',
              next_attempt_at: done || giveUp ? null : new Date(at.getTime() + Duration.toMillis(delay)),
              claimed_by: null,
              claimed_until: null,
            })
            .where('id', '=', id)
            .where('status', '=', 'PENDING')
            .executeTakeFirst();
          if (updated.numUpdatedRows === 0n) return;
          // A delivered one ends the run of failures; the one that fails last counts, and may pause the webhook (#20.2).
          const application = trx.selectFrom('webhook_deliveries').select('application_id').where('id', '=', id);
          if (done)
            await trx
              .updateTable('webhooks')
              .set({ consecutive_failures: 0 })
              .where('application_id', '=', application)
              .execute();
          if (giveUp) {
            await trx
              .updateTable('webhooks')
              .set({
                consecutive_failures: sql<number>`consecutive_failures + 1`,
                paused_at: sql<Date | null>`CASE WHEN pause_after_failures IS NOT NULL AND consecutive_failures + 1 >= pause_after_failures
            THEN coalesce(paused_at, ${at}) ELSE paused_at END`,
              })
              .where('application_id', '=', application)
              .execute();
          }
          await trx
            .insertInto('webhook_delivery_attempts')
            .values({
              delivery_id: id,
              attempt: attempts,
              started_at: detail?.startedAt ?? at,
              duration_ms: detail?.durationMs ?? 0,
              request_headers: JSON.stringify(detail?.headers ?? []),
              response_status: status,
              response_body: detail?.body ?? null,
              error,
            })
            .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
            .execute();
        }),
      );
    });

  /** The delivery with its webhook, if it is still due (done meanwhile, or by another sweep: undefined). */
  const load = (id: string) =>
    query(() =>
      db
        .selectFrom('webhook_deliveries as d')
        .leftJoin('webhooks as w', 'w.application_id', 'd.application_id')
        .select([
          'd.id',
          'd.attempts',
          'd.payload',
          'd.replay_of',
          'w.application_id as hook',
          'w.endpoint_url',
          'w.username',
          'w.password',
          'w.headers',
          'w.signing_secrets',
        ])
        .where('d.id', '=', id)
        .where('d.status', '=', 'PENDING')
        .where('d.next_attempt_at', '<=', now())
        .executeTakeFirst(),
    );
  type Due = NonNullable<Effect.Effect.Success<ReturnType<typeof load>>>;

  /** The request of one attempt: its headers (the stored secrets opened, #29.5) and body; Unsendable when the stored webhook cannot be sent. */
  const prepare = (d: Due, applicationId: string) =>
    Effect.try({
      try: () => {
        const headers = headersOf(d.headers, d.username, openPassword(options.secrets, applicationId, d.password));
        // The delivery's id, the same on every attempt: receivers deduplicate by it.
        headers.set('x-portal-delivery-id', d.id);
        if (d.replay_of !== null) headers.set('x-portal-replay-of', d.replay_of);
        const body = JSON.stringify(d.payload);
        const signature = signatureOf(
          body,
          storedSigningSecrets(d.signing_secrets).map((secret) =>
            openSigningSecret(options.secrets, applicationId, secret),
          ),
          now(),
        );
        if (signature !== undefined) headers.set('x-portal-signature', signature);
        return { headers, body };
      },
      catch: (e) => {
        // A key missing from API_SECRETS_KEYS concerns whoever runs the API, not only the application's administrators.
        if (e instanceof SecretsError) log(`application ${applicationId}: ${e.message}`);
        return new Unsendable({ message: deliveryErrorText(e) });
      },
    });

  /**
   * The POST within the send timeout; interruption (the timeout, the shutdown) aborts it. The
   * answer's first 2 KB are read in the time left; a body that takes longer keeps what arrived.
   */
  const send = (url: string, headers: Headers, body: string, started: number) =>
    Effect.tryPromise({
      try: (signal) => fetchImpl(url, { method: 'POST', headers, body, redirect: 'manual', signal }),
      catch: (e) => new SendFailed({ message: deliveryErrorText(e) }),
    }).pipe(
      Effect.timeoutFail({ duration: timeout, onTimeout: () => new SendTimeout({ after: timeout }) }),
      Effect.flatMap((response) =>
        Effect.promise((signal) =>
          bodyStart(
            response,
            AbortSignal.any([
              signal,
              AbortSignal.timeout(Math.max(0, Math.floor(Duration.toMillis(timeout) - (performance.now() - started)))),
            ]),
          ),
        ).pipe(Effect.map((answer) => ({ status: response.status, answer }))),
      ),
    );

  /**
   * Sends one delivery if it is still due; false when there was nothing to send. Whatever its
   * attempt had is recorded, and that record is never interrupted; an interrupted send (the
   * shutdown) records nothing and ends the fiber interrupted (the application gives its claims back).
   */
  const attempt = (id: string): Effect.Effect<boolean, DatabaseError> =>
    Effect.uninterruptibleMask((restore) =>
      Effect.gen(function* () {
        const d = yield* restore(load(id));
        if (d === undefined) return false;
        if (d.hook === null || d.endpoint_url === null) {
          yield* query(() =>
            db
              .updateTable('webhook_deliveries')
              .set({ status: 'FAILED', error: webhookRemoved, next_attempt_at: null })
              .where('id', '=', id)
              .where('status', '=', 'PENDING')
              .execute(),
          );
          return false;
        }
        const attempts = d.attempts + 1;
        const detail: AttemptDetail = { startedAt: now(), durationMs: 0, headers: [], body: null };
        const started = performance.now();
        const exit = yield* restore(
          Effect.flatMap(prepare(d, d.hook), ({ headers, body }) => {
            detail.headers = recordedHeaders(headers, d.headers);
            return send(d.endpoint_url ?? '', headers, body, started);
          }),
        ).pipe(Effect.exit);
        if (Exit.isFailure(exit) && Cause.isInterruptedOnly(exit.cause)) return yield* Effect.interrupt;
        detail.durationMs = Math.round(performance.now() - started);
        const outcome: Outcome = Exit.match(exit, {
          onSuccess: ({ status, answer }) => {
            detail.body = answer;
            return { status, error: status < 200 || status >= 300 ? `HTTP ${status}` : null, detail };
          },
          onFailure: (cause) => {
            const failure = Cause.failureOption(cause);
            const error =
              failure._tag === 'None'
                ? messageOf(Cause.squash(cause), 'request failed')
                : failure.value._tag === 'SendTimeout'
                  ? `timed out after ${Duration.format(failure.value.after)}`
                  : failure.value.message;
            return { status: null, error, detail };
          },
        });
        yield* record(id, attempts, outcome);
        return true;
      }),
    );

  /** One delivery: a database failure before the request is recorded on it too, never thrown at the sweep. */
  const deliver = (id: string): Effect.Effect<boolean> =>
    attempt(id).pipe(
      Effect.catchTag('DatabaseError', (failed) =>
        query(() =>
          db.selectFrom('webhook_deliveries').select('attempts').where('id', '=', id).executeTakeFirst(),
        ).pipe(
          Effect.flatMap((row) =>
            row === undefined
              ? Effect.void
              : record(id, row.attempts + 1, { status: null, error: messageOf(failed.cause, 'request failed') }),
          ),
          Effect.catchAll((again) =>
            Effect.sync(() => log(`cannot record the failure of delivery ${id}`, again.cause)),
          ),
          Effect.as(true),
        ),
      ),
    );

  /**
   * Claims the due deliveries of up to `concurrency` applications that no instance holds,
   * under the claim lock (one instance at a time), for one lease.
   */
  const claim: Effect.Effect<Map<string, string[]>, DatabaseError> = Effect.suspend(() => {
    const free = concurrency - busy.size;
    const served = new Set(busy);
    if (free <= 0) return Effect.succeed(new Map<string, string[]>());
    return query(() =>
      db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${claimLockKey})`.execute(trx);
        const at = now();
        const held = trx
          .selectFrom('webhook_deliveries')
          .select('application_id')
          .where('status', '=', 'PENDING')
          .where('claimed_until', '>', at);
        // A paused webhook's deliveries wait until it is resumed.
        const paused = trx.selectFrom('webhooks').select('application_id').where('paused_at', 'is not', null);
        const due = await trx
          .selectFrom('webhook_deliveries')
          .select(['id', 'application_id'])
          .where('status', '=', 'PENDING')
          .where('next_attempt_at', '<=', at)
          .where('application_id', 'not in', held)
          .where('application_id', 'not in', paused)
          .orderBy('next_attempt_at')
          .orderBy('created_at')
          .limit(BATCH)
          .execute();
        const byApplication = new Map<string, string[]>();
        for (const d of due) {
          if (served.has(d.application_id)) continue;
          const list = byApplication.get(d.application_id);
          if (list) list.push(d.id);
          else if (byApplication.size < free) byApplication.set(d.application_id, [d.id]);
        }
        const ids = [...byApplication.values()].flat();
        if (ids.length > 0) {
          await trx
            .updateTable('webhook_deliveries')
            .set({ claimed_by: instance, claimed_until: new Date(at.getTime() + leaseMs) })
            .where('id', 'in', ids)
            .execute();
        }
        return byApplication;
      }),
    );
  });

  /** Renews this instance's claim on `ids` (the rest of an application's batch); answers those still held. */
  const renew = (ids: readonly string[]) =>
    query(() =>
      db
        .updateTable('webhook_deliveries')
        .set({ claimed_until: new Date(now().getTime() + leaseMs) })
        .where('id', 'in', ids)
        .where('claimed_by', '=', instance)
        .where('status', '=', 'PENDING')
        .returning('id')
        .execute(),
    ).pipe(
      Effect.map((rows) => new Set(rows.map((r) => r.id))),
      Effect.orElseSucceed(() => new Set<string>()),
    );

  /** Gives this instance's claims on `ids` back: what was not sent is due at once for any instance. */
  const release = (ids: readonly string[]) =>
    persist(log, `cannot release the claims of ${ids.length} deliveries`, () =>
      db
        .updateTable('webhook_deliveries')
        .set({ claimed_by: null, claimed_until: null })
        .where('id', 'in', ids)
        .where('claimed_by', '=', instance)
        .execute(),
    );

  /**
   * One application's claimed deliveries, in order; each sent only while still held (a lease
   * that ran out may have gone to another instance). Its claims are given back at the end,
   * also when interrupted.
   */
  const serve = (application: string, ids: readonly string[]): Effect.Effect<number> =>
    Effect.acquireUseRelease(
      Effect.sync(() => busy.add(application)),
      () =>
        Effect.reduce(ids.entries(), 0, (sent, [index, id]) =>
          renew(ids.slice(index)).pipe(
            Effect.flatMap((held) => (held.has(id) ? deliver(id) : Effect.succeed(false))),
            Effect.map((attempted) => (attempted ? sent + 1 : sent)),
          ),
        ),
      () => release(ids).pipe(Effect.ensuring(Effect.sync(() => busy.delete(application)))),
    );

  const sweep: Effect.Effect<number, DatabaseError> = claim.pipe(
    Effect.flatMap((byApplication) =>
      Effect.forEach([...byApplication], ([application, ids]) => serve(application, ids), {
        concurrency: 'unbounded',
      }),
    ),
    Effect.map((counts) => counts.reduce((a, b) => a + b, 0)),
  );

  const run: Effect.Effect<never, never, Scope.Scope> = Effect.gen(function* () {
    const sweeps = yield* FiberSet.make<number>();
    const next = Effect.race(Effect.sleep(pollInterval), Queue.take(wakeups));
    const once = FiberSet.run(
      sweeps,
      sweep.pipe(
        Effect.catchTag('DatabaseError', (error) =>
          Effect.sync(() => log('cannot claim deliveries', error.cause)).pipe(Effect.as(0)),
        ),
        // A bug must not end the polling silently: it is told, and the next sweep comes.
        Effect.catchAllDefect((defect) => Effect.sync(() => log('a sweep failed', defect)).pipe(Effect.as(0))),
      ),
    );
    return yield* Effect.forever(Effect.zipRight(once, next));
  });

  return { sweep, run, notify: () => void Queue.unsafeOffer(wakeups, undefined) };
}
