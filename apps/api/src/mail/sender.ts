// The mail sender (#29): a long-running Effect that sends the outbox's mails (migration 0012)
// over SMTP, with the webhook deliveries' discipline (src/webhooks/dispatcher.ts):
//
// - Claim with a lease: a sweep takes due mails with FOR UPDATE SKIP LOCKED and marks them
//   `claimed_by` this instance until `claimed_until` (the database's clock), in one statement, so
//   two instances (or two sweeps) never hold one mail; the lease outlasts the send's timeout, so
//   a mail is sent again only when its instance died (the same Message-ID on every attempt lets
//   a receiver drop the second). An attempt counts when it is claimed.
// - Each mail on its own: every mail is its own SMTP connection and its own fiber, bounded by
//   `sendTimeout` (Effect.timeout; interruption aborts the connection). A sweep claims only as
//   many mails as there are free slots and does not wait for the sends, so a server that hangs
//   holds one slot per mail until the timeout, never another mail or a request.
// - Retries with back-off: a failed attempt is due again after the `backoff` schedule's delay for
//   that attempt (30 s, 1 min, 2 min, … at most 1 h); after `maxAttempts` the mail is FAILED.
// - Typed errors: DatabaseError (the sweep logs it and polls again), SmtpError and SendTimeout
//   (recorded on the mail).
// - Scope: `run` lives in a Scope; closing it (shutdown) interrupts the poll and the sends under
//   way (their connections are closed, their claims released, so another instance takes them at
//   once); an outcome that is being written is written first.
//
// `main.ts` forks `run` into its own Scope (ADR 0026): the shutdown closes it.
import { randomUUID } from 'node:crypto';
import { Cause, Data, Duration, Effect, Exit, FiberSet, Option, Schedule, type Scope } from 'effect';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import {
  consoleLog,
  delayAfter,
  messageOf,
  persist as persistWith,
  query,
  type DatabaseError,
  type JobLog,
} from '../jobs/effects.ts';
/** The SMTP server refused the mail or could not be reached (`code`: nodemailer's, such as ECONNECTION). */
class SmtpError extends Data.TaggedError('SmtpError')<{
  readonly message: string;
  readonly code?: string;
  readonly responseCode?: number;
}> {}
class SendTimeout extends Data.TaggedError('SendTimeout')<{ readonly after: Duration.Duration }> {}

interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same on every attempt: `<outbox id@portal>`. */
  messageId: string;
}

/** How a mail leaves (SMTP through nodemailer, `smtp.ts`): answers the server's id, or rejects; `signal` aborts it. */
export interface MailTransport {
  send(mail: OutgoingMail, signal: AbortSignal): Promise<{ messageId: string }>;
}

export interface MailSenderOptions {
  db: Database;
  transport: MailTransport;
  /** This instance's name in the claims (default a random id). */
  instance?: string;
  /** Mails sent at the same time by this instance (default 4). */
  concurrency?: number;
  /** How often the outbox is asked for due mails (MAIL_POLL_INTERVAL_MS, default 5 s). */
  pollInterval?: Duration.DurationInput;
  /** One send at most (default 30 s). */
  sendTimeout?: Duration.DurationInput;
  /** How long a claim holds (default the send timeout + 30 s). */
  lease?: Duration.DurationInput;
  /** Attempts before a mail is FAILED (default 8). */
  maxAttempts?: number;
  /** The delays between attempts: its n-th delay follows attempt n (default 30 s doubling, at most 1 h). */
  backoff?: Schedule.Schedule<unknown>;
  /** Where a failure that cannot be recorded is told (default console.error). */
  log?: JobLog;
}

export const defaultBackoff: Schedule.Schedule<unknown> = Schedule.exponential('30 seconds').pipe(
  Schedule.union(Schedule.spaced('1 hour')),
);

interface ClaimedMail {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

const failureText = (error: SmtpError | SendTimeout): string =>
  error._tag === 'SendTimeout'
    ? `timed out after ${Duration.format(error.after)}`
    : [error.responseCode, error.code, error.message].filter((x) => x !== undefined).join(' ');

export interface MailSender {
  /** Claims what the free slots take, sends it and waits for those sends; answers how many were claimed. */
  readonly sweep: Effect.Effect<number, DatabaseError>;
  /** Polls by `pollInterval` until its Scope closes; every send in a fiber of its own. */
  readonly run: Effect.Effect<never, never, Scope.Scope>;
}

export function makeMailSender(options: MailSenderOptions): MailSender {
  const { db, transport } = options;
  const instance = options.instance ?? randomUUID();
  const concurrency = options.concurrency ?? 4;
  const pollInterval = Duration.decode(options.pollInterval ?? '5 seconds');
  const sendTimeout = Duration.decode(options.sendTimeout ?? '30 seconds');
  const lease = Duration.decode(options.lease ?? Duration.sum(sendTimeout, Duration.seconds(30)));
  const maxAttempts = options.maxAttempts ?? 8;
  const backoff = options.backoff ?? defaultBackoff;
  const log = options.log ?? consoleLog('mail sender');

  /** Up to `count` due mails no live claim holds, claimed by this instance for one lease; an attempt each. */
  const claim = (count: number): Effect.Effect<readonly ClaimedMail[], DatabaseError> =>
    count <= 0
      ? Effect.succeed([])
      : query(() =>
          db
            .updateTable('mail_outbox')
            .set({
              claimed_by: instance,
              claimed_until: sql<Date>`now() + make_interval(secs => ${Duration.toSeconds(lease)})`,
              attempts: sql<number>`attempts + 1`,
              last_attempt_at: sql<Date>`now()`,
            })
            .where(
              'id',
              'in',
              db
                .selectFrom('mail_outbox')
                .select('id')
                .where('status', '=', 'PENDING')
                .where('next_attempt_at', '<=', sql<Date>`now()`)
                .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]))
                .orderBy('next_attempt_at')
                .orderBy('created_at')
                .limit(count)
                .forUpdate()
                .skipLocked(),
            )
            .returning(['id', 'recipient', 'subject', 'text_body', 'html_body', 'attempts'])
            .execute(),
        );

  /** One attempt over SMTP, within the send timeout; interruption (timeout, shutdown) aborts the connection. */
  const deliver = (mail: ClaimedMail): Effect.Effect<{ messageId: string }, SmtpError | SendTimeout> =>
    Effect.tryPromise({
      try: (signal) =>
        transport.send(
          {
            to: mail.recipient,
            subject: mail.subject,
            text: mail.text_body,
            html: mail.html_body,
            messageId: `<${mail.id}@portal>`,
          },
          signal,
        ),
      catch: (e) => {
        const { code, responseCode } = (e ?? {}) as { code?: unknown; responseCode?: unknown };
        return new SmtpError({
          message: messageOf(e, 'send failed'),
          ...(typeof code === 'string' ? { code } : {}),
          ...(typeof responseCode === 'number' ? { responseCode } : {}),
        });
      },
    }).pipe(Effect.timeoutFail({ duration: sendTimeout, onTimeout: () => new SendTimeout({ after: sendTimeout }) }));

  /** A database write of an outcome, tried again a few times (a mail sent but not recorded would go out twice). */
  const persist = (what: string, write: () => Promise<unknown>): Effect.Effect<void> => persistWith(log, what, write);

  const recordSent = (mail: ClaimedMail) =>
    persist(`cannot record mail ${mail.id} as sent`, () =>
      db
        .updateTable('mail_outbox')
        .set({ status: 'SENT', sent_at: sql<Date>`now()`, last_error: null, claimed_by: null, claimed_until: null })
        .where('id', '=', mail.id)
        .where('claimed_by', '=', instance)
        .where('status', '=', 'PENDING')
        .execute(),
    );

  const recordFailure = (mail: ClaimedMail, error: SmtpError | SendTimeout) =>
    Effect.gen(function* () {
      const giveUp = mail.attempts >= maxAttempts;
      const delay = yield* delayAfter(backoff, mail.attempts);
      yield* persist(`cannot record the failure of mail ${mail.id}`, () =>
        db
          .updateTable('mail_outbox')
          .set({
            status: giveUp ? 'FAILED' : 'PENDING',
            last_error: failureText(error).slice(0, 1000),
            next_attempt_at: sql<Date>`now() + make_interval(secs => ${Duration.toSeconds(delay)})`,
            claimed_by: null,
            claimed_until: null,
          })
          .where('id', '=', mail.id)
          .where('claimed_by', '=', instance)
          .where('status', '=', 'PENDING')
          .execute(),
      );
    });

  /** An interrupted send (shutdown): the claim goes back, so the mail is due at once for any instance. */
  const release = (mail: ClaimedMail) =>
    persist(`cannot release mail ${mail.id}`, () =>
      db
        .updateTable('mail_outbox')
        .set({ claimed_by: null, claimed_until: null })
        .where('id', '=', mail.id)
        .where('claimed_by', '=', instance)
        .where('status', '=', 'PENDING')
        .execute(),
    );

  /**
   * One mail from claim to record; never fails: whatever goes wrong is recorded on it. Only the
   * send is interruptible (a timeout, the shutdown): once it has an outcome, the outcome is written.
   */
  const sendOne = (mail: ClaimedMail): Effect.Effect<void> =>
    Effect.uninterruptibleMask((restore) =>
      restore(deliver(mail)).pipe(
        Effect.exit,
        Effect.flatMap(
          Exit.match({
            onSuccess: () => recordSent(mail),
            onFailure: (cause) =>
              Cause.isInterruptedOnly(cause)
                ? release(mail)
                : recordFailure(
                    mail,
                    Option.getOrElse(
                      Cause.failureOption(cause),
                      () => new SmtpError({ message: messageOf(Cause.squash(cause), 'send failed') }),
                    ),
                  ),
          }),
        ),
      ),
    );

  const sweep: Effect.Effect<number, DatabaseError> = Effect.gen(function* () {
    const mails = yield* claim(concurrency);
    yield* Effect.forEach(mails, sendOne, { concurrency: 'unbounded', discard: true });
    return mails.length;
  });

  const run: Effect.Effect<never, never, Scope.Scope> = Effect.gen(function* () {
    const sends = yield* FiberSet.make<void>();
    /**
     * Claims as many mails as there are free slots and hands each to a fiber of its own (not
     * awaited). The claim and the hand-over are one step that a shutdown cannot cut in two: a
     * claim interrupted in flight would still commit in the database, and its mails would stay
     * claimed by a sender that is gone until the lease ran out. Handed over, a mail's send is
     * interrupted with the others and its claim released.
     */
    const poll = Effect.uninterruptible(
      Effect.gen(function* () {
        const busy = yield* FiberSet.size(sends);
        const mails = yield* claim(concurrency - busy);
        for (const mail of mails) yield* FiberSet.run(sends, sendOne(mail));
      }),
    ).pipe(
      Effect.catchTag('DatabaseError', (error) => Effect.sync(() => log('cannot read the outbox', error.cause))),
      // A bug must not end the polling silently: it is told, and the next poll comes.
      Effect.catchAllDefect((defect) => Effect.sync(() => log('a poll failed', defect))),
    );
    return yield* Effect.repeat(poll, Schedule.spaced(pollInterval)).pipe(Effect.zipRight(Effect.never));
  });

  return { sweep, run };
}
