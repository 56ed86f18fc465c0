// Jobs in the console (#28.6, ADR 0025): an applied import, a bulk change of an application's
// users and a decision of several requests answer with a job; the console reads it again through
// the one query cache (ADR 0018) until it is finished, by core's rules (how often; a read that
// did not come back is asked again and never shown as a failure of the work). Each submit
// carries an Idempotency-Key: the same body sent again (after a failure, a second click) carries
// the same key, so the API answers the first job instead of running it twice.
import { useCallback, useEffect, useRef } from 'react';
import type { ImportResult, Job } from '@portal/adapters/admin';
import { isJobFinished, jobPollDelayMs, jobReadFailure } from '@portal/core';
import { useWatchedServerData } from '../../../app/server-data.ts';
import { useAdmin } from '../admin-context.tsx';

/** Where a job stands for the console. */
export type JobWatch =
  /** Not finished; `unreachable` while its last read did not come back (it is asked again). */
  | { readonly state: 'running'; readonly job: Job; readonly unreachable: boolean }
  | { readonly state: 'finished'; readonly job: Job }
  /** It cannot be read any more (403, 404): how it ended is not known here. */
  | { readonly state: 'lost'; readonly job: Job };

/** A submitted job read until it is finished; undefined before a submit. */
export function useJob(submitted: Job | undefined): JobWatch | undefined {
  const { api } = useAdmin();
  const application = submitted?.applicationId ?? '';
  const id = submitted?.id ?? '';
  const { data, error } = useWatchedServerData(
    ['admin', 'job', application, id],
    () => api.getJob(application, id),
    submitted,
    (latest, failed, reads) => {
      if (latest !== undefined && isJobFinished(latest.status)) return false;
      if (failed !== undefined && jobReadFailure(failed) === 'stop') return false;
      return jobPollDelayMs(reads);
    },
  );
  if (submitted === undefined || data === undefined) return undefined;
  if (isJobFinished(data.status)) return { state: 'finished', job: data };
  if (error !== undefined && jobReadFailure(error) === 'stop') return { state: 'lost', job: data };
  return { state: 'running', job: data, unreachable: error !== undefined };
}

/** Calls `onEnd` once when the watched job is finished or lost. */
export function useJobEnd(
  watch: JobWatch | undefined,
  onEnd: (watch: Exclude<JobWatch, { state: 'running' }>) => void,
) {
  const ended = useRef<string | undefined>(undefined);
  const latest = useRef(onEnd);
  latest.current = onEnd;
  useEffect(() => {
    if (watch === undefined || watch.state === 'running' || ended.current === watch.job.id) return;
    ended.current = watch.job.id;
    latest.current(watch);
  }, [watch]);
}

/**
 * The Idempotency-Key of a submit: the same for the same body until `renew()` (after a job's end), a new one for
 * another body (the API refuses a key with another body).
 */
export function useSubmitKey(): { readonly keyFor: (body: unknown) => string; readonly renew: () => void } {
  const current = useRef<{ body: string; key: string } | undefined>(undefined);
  const keyFor = useCallback((body: unknown) => {
    const text = JSON.stringify(body);
    if (current.current?.body !== text) current.current = { body: text, key: crypto.randomUUID() };
    return current.current.key;
  }, []);
  const renew = useCallback(() => {
    current.current = undefined;
  }, []);
  return { keyFor, renew };
}

/** A job's result as an import's (USERS_IMPORT); undefined for another kind. */
export function importResultOf(job: Job): ImportResult | undefined {
  const result = job.result;
  return result !== null && 'rows' in result ? result : undefined;
}

/** Whether a bulk call answered a job (a bulk change of users, several decisions) or a count (a global delete). */
export const isJob = (answer: unknown): answer is Job =>
  typeof answer === 'object' && answer !== null && 'statusUrl' in answer && 'status' in answer;
