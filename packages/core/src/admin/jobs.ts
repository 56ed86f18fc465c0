// The console's rules for jobs (#28.6, ADR 0025): an applied import, a bulk change of an
// application's users and a decision of several requests answer 202 with a job, which the console
// reads again (through the query cache) until it is finished. What it reads a job as, how often it
// asks, what a failed read means — never that the work failed: a read that did not come back says
// nothing about the job, which may well be done — and what a finished job answers: the result,
// or the refusal as the HttpError the call would have thrown before it was a job.
import type { components } from '@portal/contract';
import { HttpError, isHttpError } from '../errors/errors.ts';

type Wire = components['schemas'];
export type JobStatus = Wire['JobStatus'];

/** What the console reads of a job; `Result` is its kind's result. */
export interface JobState<Result> {
  readonly status: JobStatus;
  readonly progress: Wire['JobProgress'];
  readonly result: Result | null;
  readonly error: Wire['JobFailure'] | null;
}

/** SUCCEEDED (its work committed) or FAILED (nothing changed): it will not change any more. */
export function isJobFinished(status: JobStatus): boolean {
  return status === 'SUCCEEDED' || status === 'FAILED';
}

/** Waits before the reads of a job that is not finished: quick at first (most jobs take a moment), then every 2 s. */
const pollDelaysMs = [250, 500, 1000, 1000] as const;
const slowPollMs = 2000;

/** The wait before the next read of an unfinished job, after `reads` reads. */
export function jobPollDelayMs(reads: number): number {
  return pollDelaysMs[Math.max(0, Math.floor(reads))] ?? slowPollMs;
}

/**
 * After a read of a job failed: ask again (`retry`: no answer, a proxy's 502 or 504, the API busy,
 * restarting or failing: 408, 429, 5xx), or stop (`stop`: the job is not there for this user —
 * 401, 403, 404 — or the request itself was wrong). Neither says the job failed.
 */
export function jobReadFailure(error: unknown): 'retry' | 'stop' {
  if (!isHttpError(error)) return 'retry';
  const { status } = error;
  return status >= 500 || status === 408 || status === 429 ? 'retry' : 'stop';
}

/** The share of the rows done, from 0 to 1; undefined while the total is not known. */
export function jobShareDone(progress: Wire['JobProgress']): number | undefined {
  if (progress.total === null) return undefined;
  if (progress.total <= 0) return 1;
  return Math.min(1, Math.max(0, progress.done / progress.total));
}

/** A finished job as its call would have answered; undefined while it is not finished. */
export type JobOutcome<Result> =
  | { readonly kind: 'succeeded'; readonly result: Result | undefined }
  | { readonly kind: 'failed'; readonly error: HttpError };

export function jobOutcome<Result>(job: JobState<Result>): JobOutcome<Result> | undefined {
  if (job.status === 'SUCCEEDED') return { kind: 'succeeded', result: job.result ?? undefined };
  if (job.status !== 'FAILED') return undefined;
  // A FAILED job without its refusal breaks the contract: shown as the server's failure it is.
  return { kind: 'failed', error: new HttpError(job.error?.status ?? 500, job.error?.body ?? null) };
}
