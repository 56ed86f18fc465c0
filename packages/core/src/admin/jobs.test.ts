import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError, toPortalError } from '../errors/errors.ts';
import { isJobFinished, jobOutcome, jobPollDelayMs, jobReadFailure, jobShareDone, type JobState } from './jobs.ts';

const job = (over: Partial<JobState<{ count: number }>> = {}): JobState<{ count: number }> => ({
  status: 'RUNNING',
  progress: { done: 0, total: null },
  result: null,
  error: null,
  ...over,
});

describe('jobs in the console (#28.6)', () => {
  it('a job is finished once it SUCCEEDED or FAILED', () => {
    expect(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED'].map((s) => isJobFinished(s as 'QUEUED'))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('is read again quickly at first, then every 2 s; never faster, never slower', () => {
    expect([0, 1, 2, 3, 4, 50].map(jobPollDelayMs)).toEqual([250, 500, 1000, 1000, 2000, 2000]);
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 10_000 }), (reads) => {
        const delay = jobPollDelayMs(reads);
        expect(delay).toBeGreaterThanOrEqual(250);
        expect(delay).toBeLessThanOrEqual(2000);
        expect(jobPollDelayMs(reads + 1)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });

  it('a read that did not come back is asked again; one the job is not there for stops', () => {
    expect(jobReadFailure(new TypeError('fetch failed'))).toBe('retry');
    for (const status of [408, 429, 500, 502, 503, 504])
      expect(jobReadFailure(new HttpError(status, null))).toBe('retry');
    for (const status of [400, 401, 403, 404]) expect(jobReadFailure(new HttpError(status, null))).toBe('stop');
  });

  it('counts the share done once the total is known', () => {
    expect(jobShareDone({ done: 3, total: null })).toBeUndefined();
    expect(jobShareDone({ done: 250, total: 1000 })).toBe(0.25);
    expect(jobShareDone({ done: 0, total: 0 })).toBe(1);
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (done, total) => {
        const share = jobShareDone({ done, total });
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('answers a finished job as its call did: the result, or the refusal as that call’s error', () => {
    expect(jobOutcome(job())).toBeUndefined();
    expect(jobOutcome(job({ status: 'QUEUED' }))).toBeUndefined();
    expect(jobOutcome(job({ status: 'SUCCEEDED', result: { count: 2 } }))).toEqual({
      kind: 'succeeded',
      result: { count: 2 },
    });
    const body = { error: { code: 'applicationUser.lastRole', message: 'Keine Rolle', errors: [] } };
    const failed = jobOutcome(job({ status: 'FAILED', error: { status: 400, body } }));
    expect(failed?.kind).toBe('failed');
    if (failed?.kind !== 'failed') return;
    expect(toPortalError(failed.error)).toEqual(toPortalError(new HttpError(400, body)));
    expect(jobOutcome(job({ status: 'FAILED' }))).toEqual({ kind: 'failed', error: new HttpError(500, null) });
  });

  it('never says failed for a job that SUCCEEDED, whatever else it carries', () => {
    fc.assert(
      fc.property(fc.option(fc.record({ count: fc.nat() }), { nil: null }), fc.nat(), (result, done) => {
        expect(jobOutcome(job({ status: 'SUCCEEDED', result, progress: { done, total: done } }))?.kind).toBe(
          'succeeded',
        );
      }),
    );
  });
});
