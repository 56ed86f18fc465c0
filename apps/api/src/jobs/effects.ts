// What the API's long-running work shares (ADR 0026): the webhook dispatcher, the expiry job and
// the mail sender are Effects, and their database calls are Kysely's Promises, each wrapped once
// here into an Effect whose failure is a typed DatabaseError. The writes that record an outcome
// (a delivery sent, a mail refused) are tried again by a schedule, because an outcome once had
// must not be lost to a connection that broke for a moment.
import { Chunk, Data, Duration, Effect, Option, Schedule } from 'effect';

/** A database call failed (a lost connection, a refused statement). */
export class DatabaseError extends Data.TaggedError('DatabaseError')<{ readonly cause: unknown }> {}

/** Where a job tells what it could not do, with the error when there is one (default console.error with the job's name). */
export type JobLog = (message: string, error?: unknown) => void;

/** The default JobLog of the job `name`: one line on standard error. */
export const consoleLog =
  (name: string): JobLog =>
  (message, error) =>
    error === undefined ? console.error(`${name}: ${message}`) : console.error(`${name}: ${message}`, error);

/** One database call as an Effect. */
export const query = <A>(run: () => Promise<A>): Effect.Effect<A, DatabaseError> =>
  Effect.tryPromise({ try: run, catch: (cause) => new DatabaseError({ cause }) });

/** How the record of an outcome is tried again: after 200 ms, doubling, five times more (about 6 s in all). */
const recordRetry: Schedule.Schedule<unknown, DatabaseError> = Schedule.exponential('200 millis').pipe(
  Schedule.intersect(Schedule.recurs(5)),
);

/**
 * A write of an outcome, tried again by `recordRetry`; what still fails is logged as `what`
 * (the claim then runs out and the work is done again, at worst a second time).
 */
export const persist = (log: JobLog, what: string, write: () => Promise<unknown>): Effect.Effect<void> =>
  query(write).pipe(
    Effect.retry(recordRetry),
    Effect.catchAll((error) => Effect.sync(() => log(what, error.cause))),
    Effect.asVoid,
  );

/**
 * The delay after attempt `attempt` (1-based) by `schedule`: its `attempt`-th delay. A retry
 * that must survive a restart and move to another instance is written to the database as a
 * due time (`next_attempt_at`), so the schedule is asked for its delay instead of sleeping it.
 */
export const delayAfter = (schedule: Schedule.Schedule<unknown>, attempt: number): Effect.Effect<Duration.Duration> =>
  Schedule.run(
    Schedule.delays(schedule),
    0,
    Array.from({ length: Math.max(1, attempt) }, () => undefined),
  ).pipe(Effect.map((delays) => Option.getOrElse(Chunk.last(delays), () => Duration.zero)));

/** An error's message on one line, at most 500 characters (`fallback` when it has none). */
export const messageOf = (e: unknown, fallback: string): string =>
  (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 500) || fallback;
