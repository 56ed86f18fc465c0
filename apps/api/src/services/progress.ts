// How far a long write has got (#28.6, ADR 0025): a job's work tells its rows in all and each one
// done; the job runner writes the figures beside the job while it runs and stops the work through
// `step` (a shutdown, a claim another instance took over): it rejects, and the work's transaction
// rolls back. `step` is also where a long write lets the event loop turn: on PGlite every query
// of a transaction is answered without a timer or a socket getting a turn in between.
export interface Progress {
  /** The rows (lines, users, requests) the work has in all, once it knows. */
  total(rows: number): void;
  /** One more row done; rejects when the work must stop. */
  step(): Promise<void>;
}

/** For a write that nobody watches. */
export const noProgress: Progress = { total: () => undefined, step: async () => undefined };
