// The job runner (#28.6, ADR 0025): a long-running Effect that runs the jobs of `jobs` (migration
// 0019) in the API process, with the mail sender's discipline (src/mail/sender.ts, ADR 0021):
//
// - Claim with a lease: a sweep takes QUEUED jobs, and RUNNING ones whose lease ran out (their
//   instance died), with FOR UPDATE SKIP LOCKED and marks them RUNNING, `claimed_by` this instance
//   until `claimed_until` (the database's clock), an attempt more, in one statement. While a job
//   runs, a heartbeat renews the lease and writes its progress (`done`, `total`) every
//   `heartbeat`; a heartbeat that finds the claim gone stops the work.
// - The work and its outcome are one transaction: the work (src/jobs/work.ts) runs in a
//   transaction that ends with `SUCCEEDED` and the result, written only while this instance still
//   holds the claim (else the transaction rolls back: the instance that took the job over runs it).
//   So a job that says SUCCEEDED has committed its work, exactly once, and no answer ever says
//   failed for work that was done. A refusal of the work (an invalid line, a user without access)
//   rolls back and is recorded as FAILED with its error. Anything else (the database lost, a bug)
//   gives the job back, QUEUED, for the next sweep; after `maxAttempts` claims it is FAILED (a job
//   whose instance keeps dying is not taken over forever).
// - Each job in a fiber of its own, at most `concurrency` at once; a sweep claims only free slots.
//   One user's jobs on an application run one after another in the order they came (only the
//   oldest open one is claimed): a remove and an add of the same user end as they were sent.
// - Scope: `run` lives in a Scope; closing it (shutdown) stops the work under way at its next row
//   (its transaction rolls back) and gives its claim back, so another instance takes it at once; a
//   transaction that is committing is waited for.
// - Woken at once: `wake()` (a job was queued here) starts a sweep without waiting for the poll,
//   and `settled(id, ms)` lets the request that queued a job wait a moment for it.
//
// `main.ts` starts it with `startJobRunner` (the one Promise boundary).
import { randomUUID } from 'node:crypto';
import { Cause, Data, Duration, Effect, Exit, Fiber, FiberSet, Queue, Schedule, type Scope } from 'effect';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { ApiError, storedError, type StoredError } from '../http/errors.ts';
import type { MailQueue } from '../mail/outbox.ts';
import type { Progress } from '../services/progress.ts';
import type { JobRow } from './queue.ts';
import { jobWork, type JobKind, type JobOutcome } from './work.ts';

class DatabaseError extends Data.TaggedError('DatabaseError')<{ readonly cause: unknown }> {}
/** The claim is no longer this instance's (its lease ran out and another took the job over): nothing is kept. */
class ClaimLost extends Error {
  constructor() {
    super('the claim of the job was lost');
  }
}
/** The work was stopped at a row (shutdown, a lost claim): its transaction rolls back. */
class WorkStopped extends Error {
  constructor() {
    super('the job was stopped');
  }
}

/** A job's progress as the runner keeps it: counted by the work, stopped by the runner. */
interface Counted extends Progress {
  readonly stop: () => void;
  readonly counts: () => { done: number; total: number | null };
}

export interface JobRunnerOptions {
  db: Database;
  /** E-mail (#29): what the work queues (accepted requests' mails); undefined without SMTP. */
  mail?: MailQueue | undefined;
  /** Called after a job's work, committed, queued webhook deliveries (wakes the dispatcher). */
  onWebhookQueued?: () => void;
  /** This instance's name in the claims (default a random id). */
  instance?: string;
  /** Jobs run at the same time by this instance (default 2). */
  concurrency?: number;
  /** How often the table is asked for jobs besides `wake` (API_JOB_POLL_INTERVAL_MS, default 2 s). */
  pollInterval?: Duration.DurationInput;
  /** How long a claim holds without a heartbeat (default 30 s). */
  lease?: Duration.DurationInput;
  /** How often a running job's lease is renewed and its progress written (default 1 s). */
  heartbeat?: Duration.DurationInput;
  /** Claims before a job that never finished is FAILED (default 3). */
  maxAttempts?: number;
  /** Finished jobs are deleted after this long (default 7 days). */
  keepFinished?: Duration.DurationInput;
  /** Where a failure that cannot be recorded is told (default console.error). */
  log?: (message: string, error: unknown) => void;
}

export interface JobRunner {
  /** Claims what the free slots take and runs those jobs to their end; answers how many were claimed. */
  readonly sweep: Effect.Effect<number, DatabaseError>;
  /** Polls by `pollInterval` and on `wake` until its Scope closes; every job in a fiber of its own. */
  readonly run: Effect.Effect<never, never, Scope.Scope>;
  /** A job was queued: sweep now. */
  readonly wake: () => void;
  /** Resolves when this instance has finished the job (SUCCEEDED or FAILED), or after `ms`. */
  readonly settled: (jobId: string, ms: number) => Promise<void>;
  /**
   * A job this instance is running now, as claimed with its progress so far: read from memory, because on PGlite the
   * job's transaction holds the only connection until it is over.
   */
  readonly running: (jobId: string) => JobRow | undefined;
}

const internal: StoredError = { status: 500, code: '500', key: 'internal', args: [], problems: [] };
/** A job's work lets the event loop turn at least this often (ms). */
const TURN_MS = 20;

export function makeJobRunner(options: JobRunnerOptions): JobRunner {
  const { db } = options;
  const instance = options.instance ?? randomUUID();
  const concurrency = options.concurrency ?? 2;
  const pollInterval = Duration.decode(options.pollInterval ?? '2 seconds');
  const lease = Duration.decode(options.lease ?? '30 seconds');
  const heartbeat = Duration.decode(options.heartbeat ?? '1 second');
  const maxAttempts = options.maxAttempts ?? 3;
  const keepFinished = Duration.decode(options.keepFinished ?? '7 days');
  const log = options.log ?? ((message: string, error: unknown) => console.error(`job runner: ${message}`, error));
  const leaseSeconds = Duration.toSeconds(lease);

  const wakeUps = Effect.runSync(Queue.sliding<void>(1));
  const underWay = new Map<string, () => JobRow>();
  const waiting = new Map<string, Set<() => void>>();
  const tellSettled = (id: string) =>
    Effect.sync(() => {
      for (const resolve of waiting.get(id) ?? []) resolve();
      waiting.delete(id);
    });

  const query = <A>(run: () => Promise<A>): Effect.Effect<A, DatabaseError> =>
    Effect.tryPromise({ try: run, catch: (cause) => new DatabaseError({ cause }) });

  /**
   * Jobs whose instance died `maxAttempts` times: FAILED, so that no instance takes them again; nothing was kept (every
   * attempt rolled back). Their error (a StoredError) names the attempts.
   */
  const giveUp = query(() =>
    db
      .updateTable('jobs')
      .set({
        status: 'FAILED',
        error: sql<string>`jsonb_build_object('status', 500, 'code', 'job.abandoned', 'key', 'jobAbandoned', 'args', jsonb_build_array(attempts), 'problems', '[]'::jsonb)`,
        finished_at: sql<Date>`now()`,
        claimed_by: null,
        claimed_until: null,
      })
      .where('status', '=', 'RUNNING')
      .where('claimed_until', '<', sql<Date>`now()`)
      .where('attempts', '>=', maxAttempts)
      .returning('id')
      .execute(),
  ).pipe(Effect.flatMap((rows) => Effect.forEach(rows, (r) => tellSettled(r.id), { discard: true })));

  /** Up to `count` QUEUED jobs, or RUNNING ones whose lease ran out, claimed by this instance; an attempt each. */
  const claim = (count: number): Effect.Effect<readonly JobRow[], DatabaseError> =>
    count <= 0
      ? Effect.succeed([])
      : giveUp.pipe(
          Effect.zipRight(
            query(() =>
              db
                .updateTable('jobs')
                .set({
                  status: 'RUNNING',
                  claimed_by: instance,
                  claimed_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
                  attempts: sql<number>`attempts + 1`,
                  started_at: sql<Date>`coalesce(started_at, now())`,
                })
                .where(
                  'id',
                  'in',
                  db
                    .selectFrom('jobs')
                    .select('id')
                    .where((eb) =>
                      eb.or([
                        eb('status', '=', 'QUEUED'),
                        eb.and([eb('status', '=', 'RUNNING'), eb('claimed_until', '<', sql<Date>`now()`)]),
                      ]),
                    )
                    .where('attempts', '<', maxAttempts)
                    // One user's jobs on an application one after another, in the order they came: only the oldest
                    // open one (another user's run beside them, as their calls did).
                    .where((eb) =>
                      eb.not(
                        eb.exists(
                          eb
                            .selectFrom('jobs as older')
                            .select('older.id')
                            .whereRef('older.application_id', '=', 'jobs.application_id')
                            .whereRef('older.created_by', '=', 'jobs.created_by')
                            .where('older.status', 'in', ['QUEUED', 'RUNNING'])
                            .where(sql<boolean>`(older.created_at, older.id) < (jobs.created_at, jobs.id)`),
                        ),
                      ),
                    )
                    .orderBy('created_at')
                    .limit(count)
                    .forUpdate()
                    .skipLocked(),
                )
                .returningAll()
                .execute(),
            ),
          ),
        );

  /** An outcome's write, tried again a few times; one that cannot be written is logged (the lease then hands the job on). */
  const persist = (what: string, write: () => Promise<unknown>): Effect.Effect<void> =>
    query(write).pipe(
      Effect.retry(Schedule.exponential('200 millis').pipe(Schedule.intersect(Schedule.recurs(5)))),
      Effect.catchAll((error) => Effect.sync(() => log(what, error.cause))),
      Effect.asVoid,
    );

  const mine = (job: JobRow) =>
    db.updateTable('jobs').where('id', '=', job.id).where('claimed_by', '=', instance).where('status', '=', 'RUNNING');

  const recordFailure = (job: JobRow, error: StoredError) =>
    persist(`cannot record the failure of job ${job.id}`, () =>
      mine(job)
        .set({
          status: 'FAILED',
          error: JSON.stringify(error),
          finished_at: sql<Date>`now()`,
          claimed_by: null,
          claimed_until: null,
        })
        .execute(),
    ).pipe(Effect.zipRight(tellSettled(job.id)));

  /** The job back to QUEUED (shutdown, the database lost): the next sweep of any instance takes it. */
  const release = (job: JobRow) =>
    persist(`cannot give job ${job.id} back`, () =>
      mine(job).set({ status: 'QUEUED', claimed_by: null, claimed_until: null }).execute(),
    );

  /** The job's work and its SUCCEEDED in one transaction (rolled back when the claim is gone). */
  const transaction = async (job: JobRow, progress: Counted): Promise<JobOutcome> =>
    db.transaction().execute(async (trx) => {
      const outcome = await jobWork[job.kind as JobKind](
        {
          trx,
          applicationId: job.application_id,
          me: { userId: job.created_by, permissions: new Set(job.permissions) },
          mail: options.mail,
          progress,
        },
        job.input,
      );
      const done = await trx
        .updateTable('jobs')
        .set({
          status: 'SUCCEEDED',
          result: JSON.stringify(outcome.result),
          done: progress.counts().done,
          total: progress.counts().total,
          // The statement's time: now() would be the transaction's start.
          finished_at: sql<Date>`clock_timestamp()`,
          claimed_by: null,
          claimed_until: null,
        })
        .where('id', '=', job.id)
        .where('claimed_by', '=', instance)
        .where('status', '=', 'RUNNING')
        .executeTakeFirst();
      if (done.numUpdatedRows === 0n) throw new ClaimLost();
      return outcome;
    });

  /**
   * The work as an Effect that never fails: its outcome or what it threw. Interrupted (shutdown), it stops the work at
   * its next row and waits until its transaction is over (rolled back, or committed when it was that far).
   */
  const work = (job: JobRow, progress: Counted) =>
    Effect.async<Exit.Exit<JobOutcome, unknown>>((resume) => {
      const settled = transaction(job, progress).then(
        (outcome) => resume(Effect.succeed(Exit.succeed(outcome))),
        (error: unknown) => resume(Effect.succeed(Exit.fail(error))),
      );
      return Effect.sync(progress.stop).pipe(Effect.zipRight(Effect.promise(() => settled)));
    });

  /** One job from claim to record; never fails. */
  const runOne = (job: JobRow): Effect.Effect<void> =>
    Effect.gen(function* () {
      const state = { done: 0, total: job.total, stopped: false, turnedAt: performance.now() };
      const progress: Counted = {
        total: (rows: number) => {
          state.total = rows;
        },
        step: async () => {
          if (state.stopped) throw new WorkStopped();
          state.done += 1;
          // The event loop's turn every few milliseconds: timers (the heartbeat, a request's wait) and sockets.
          if (performance.now() - state.turnedAt >= TURN_MS) {
            await new Promise((resolve) => setImmediate(resolve));
            state.turnedAt = performance.now();
          }
        },
        stop: () => {
          state.stopped = true;
        },
        counts: () => ({ done: state.done, total: state.total }),
      };
      // The heartbeat: the lease renewed and the progress written; a claim found gone stops the work.
      const beat = query(() =>
        mine(job)
          .set({
            claimed_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
            done: state.done,
            total: state.total,
          })
          .executeTakeFirst(),
      ).pipe(
        Effect.flatMap((r) => (r.numUpdatedRows === 0n ? Effect.sync(progress.stop) : Effect.void)),
        Effect.catchAll((error) => Effect.sync(() => log(`cannot renew the lease of job ${job.id}`, error.cause))),
      );
      const beating = yield* Effect.fork(Effect.repeat(Effect.delay(beat, heartbeat), Schedule.forever));
      underWay.set(job.id, () => ({ ...job, done: state.done, total: state.total }));
      const exit = yield* Effect.onInterrupt(work(job, progress), () => Fiber.interrupt(beating)).pipe(
        Effect.ensuring(Effect.sync(() => underWay.delete(job.id))),
      );
      yield* Fiber.interrupt(beating);
      if (Exit.isSuccess(exit)) {
        yield* tellSettled(job.id);
        if (exit.value.queued) yield* Effect.sync(() => options.onWebhookQueued?.());
        return;
      }
      const error = Cause.squash(exit.cause);
      if (error instanceof ClaimLost) return;
      if (error instanceof ApiError) return yield* recordFailure(job, storedError(error));
      if (error instanceof WorkStopped) return yield* release(job);
      yield* Effect.sync(() => log(`job ${job.id} (attempt ${job.attempts})`, error));
      if (job.attempts >= maxAttempts) return yield* recordFailure(job, internal);
      yield* release(job);
    }).pipe(
      // Shutdown while the work was stopping: its claim goes back.
      Effect.onInterrupt(() => release(job)),
    );

  /** Finished jobs older than `keepFinished` are deleted (and their Idempotency-Keys with them). */
  const forgetOld = query(() =>
    db
      .deleteFrom('jobs')
      .where('finished_at', '<', sql<Date>`now() - make_interval(secs => ${Duration.toSeconds(keepFinished)})`)
      .execute(),
  ).pipe(Effect.catchAll((error) => Effect.sync(() => log('cannot delete old jobs', error.cause))));

  const sweep: Effect.Effect<number, DatabaseError> = Effect.gen(function* () {
    const jobs = yield* claim(concurrency);
    yield* Effect.forEach(jobs, runOne, { concurrency: 'unbounded', discard: true });
    return jobs.length;
  });

  const run: Effect.Effect<never, never, Scope.Scope> = Effect.gen(function* () {
    const running = yield* FiberSet.make<void>();
    /** Claims as many jobs as there are free slots and runs each in a fiber of its own (not awaited). */
    const poll = Effect.gen(function* () {
      const busy = yield* FiberSet.size(running);
      const jobs = yield* claim(concurrency - busy);
      for (const job of jobs)
        yield* FiberSet.run(running, runOne(job).pipe(Effect.zipRight(Queue.offer(wakeUps, undefined))));
    }).pipe(Effect.catchTag('DatabaseError', (error) => Effect.sync(() => log('cannot read the jobs', error.cause))));
    yield* Effect.forkScoped(Effect.repeat(forgetOld, Schedule.spaced('1 hour')));
    // A sweep after every poll interval, or at once when woken (a job queued here, a slot freed).
    return yield* Effect.forever(
      poll.pipe(Effect.zipRight(Effect.race(Effect.sleep(pollInterval), Queue.take(wakeUps)))),
    );
  });

  return {
    sweep,
    run,
    running: (jobId) => underWay.get(jobId)?.(),
    wake: () => {
      Effect.runSync(Queue.offer(wakeUps, undefined));
    },
    settled: (jobId, ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          waiting.get(jobId)?.delete(done);
          resolve();
        }
        const set = waiting.get(jobId) ?? new Set();
        set.add(done);
        waiting.set(jobId, set);
      }),
  };
}

/** What the routes need of the runner: wake it, wait a moment for a job, a job it runs now. */
export type JobSignals = Pick<JobRunner, 'wake' | 'settled' | 'running'>;

/**
 * Starts the runner (the Promise boundary for `main.ts`): its `run` in a Scope of its own, in a
 * fiber; answers its signals and a stop function that interrupts the fiber, which closes the
 * Scope (the jobs under way stop at their next row, roll back and are given back).
 */
export function startJobRunner(options: JobRunnerOptions): JobSignals & { stop: () => Promise<void> } {
  const runner = makeJobRunner(options);
  const fiber = Effect.runFork(Effect.scoped(runner.run));
  return {
    wake: runner.wake,
    settled: runner.settled,
    running: runner.running,
    stop: async () => {
      const exit = await Effect.runPromise(Fiber.interrupt(fiber));
      if (Exit.isFailure(exit) && !Cause.isInterruptedOnly(exit.cause))
        console.error('job runner:', Cause.pretty(exit.cause));
    },
  };
}
