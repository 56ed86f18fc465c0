import { describe, expect, it } from 'vitest';
import { backoffMs, defaultRetryPolicy, isIdempotent, parseRetryAfter, retryDecision } from './retry.ts';
import type { RetryInput } from './retry.ts';

const now = Date.UTC(2026, 0, 15, 9, 0, 0);
const get: RetryInput = { method: 'GET', retries: 0, authorised: true, now };

describe('retry decision: 401', () => {
  it('an API request is unauthenticated at once: the server already tried its refresh (any method)', () => {
    expect(retryDecision({ ...get, status: 401 })).toEqual({ action: 'unauthenticated' });
    expect(retryDecision({ ...get, method: 'POST', status: 401, retries: 2 })).toEqual({ action: 'unauthenticated' });
  });
  it('a 401 from elsewhere and 403 are answered as they are', () => {
    expect(retryDecision({ ...get, status: 401, authorised: false })).toEqual({ action: 'answer' });
    expect(retryDecision({ ...get, status: 403 })).toEqual({ action: 'answer' });
  });
});

describe('retry decision: 429 and 503', () => {
  it('wait for Retry-After (seconds or a date), capped at 10 s', () => {
    expect(retryDecision({ ...get, status: 429, retryAfter: '2' })).toEqual({ action: 'retry', delayMs: 2000 });
    expect(retryDecision({ ...get, status: 503, retryAfter: '3600' })).toEqual({ action: 'retry', delayMs: 10_000 });
    expect(retryDecision({ ...get, status: 503, retryAfter: 'Thu, 15 Jan 2026 09:00:05 GMT' })).toEqual({
      action: 'retry',
      delayMs: 5000,
    });
  });
  it('without a readable Retry-After: the backoff', () => {
    expect(retryDecision({ ...get, status: 503, retryAfter: 'soon', retries: 1 })).toEqual({
      action: 'retry',
      delayMs: 600,
    });
    expect(retryDecision({ ...get, status: 429, retryAfter: null })).toEqual({ action: 'retry', delayMs: 300 });
    expect(retryDecision({ ...get, status: 429 })).toEqual({ action: 'retry', delayMs: 300 });
  });
  it('idempotent requests only, at most maxRetries', () => {
    for (const method of ['HEAD', 'OPTIONS'])
      expect(retryDecision({ ...get, method, status: 503, retryAfter: '1' }).action).toBe('retry');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(retryDecision({ ...get, method, status: 503, retryAfter: '1' })).toEqual({ action: 'answer' });
    expect(retryDecision({ ...get, status: 503, retryAfter: '1', retries: 2 })).toEqual({ action: 'answer' });
  });
});

describe('retry decision: network failures and timeouts', () => {
  it('bounded exponential backoff for idempotent requests', () => {
    expect(retryDecision(get)).toEqual({ action: 'retry', delayMs: 300 });
    expect(retryDecision({ ...get, retries: 1 })).toEqual({ action: 'retry', delayMs: 600 });
    expect(retryDecision({ ...get, retries: 2 })).toEqual({ action: 'answer' });
    expect(retryDecision({ ...get, authorised: false })).toEqual({ action: 'retry', delayMs: 300 });
  });
  it('writes are never sent again on their own', () => {
    expect(retryDecision({ ...get, method: 'PUT' })).toEqual({ action: 'answer' });
    expect(retryDecision({ ...get, method: 'DELETE' })).toEqual({ action: 'answer' });
  });
  it('other statuses are answered', () => {
    expect(retryDecision({ ...get, status: 500 })).toEqual({ action: 'answer' });
    expect(retryDecision({ ...get, status: 200 })).toEqual({ action: 'answer' });
  });
  it('a custom policy', () => {
    const policy = { maxRetries: 5, baseDelayMs: 10, maxDelayMs: 50, retryAfterCapMs: 100 };
    expect(retryDecision({ ...get, retries: 4 }, policy)).toEqual({ action: 'retry', delayMs: 50 });
    expect(retryDecision({ ...get, status: 429, retryAfter: '7', retries: 4 }, policy)).toEqual({
      action: 'retry',
      delayMs: 100,
    });
    expect(retryDecision({ ...get, retries: 5 }, policy)).toEqual({ action: 'answer' });
  });
});

describe('retry helpers', () => {
  it('parses Retry-After', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(' ', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(' 7 ', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 14 Jan 2026 09:00:00 GMT', now)).toBe(0);
  });
  it('backoff doubles up to the maximum', () => {
    expect([0, 1, 2, 3, 10].map((retries) => backoffMs(retries))).toEqual([300, 600, 1200, 2400, 3000]);
    expect(backoffMs(1, { ...defaultRetryPolicy, baseDelayMs: 100 })).toBe(200);
  });
  it('idempotent methods', () => {
    expect(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'].map(isIdempotent)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('retry decision: a write with an Idempotency-Key (#28.6)', () => {
  const keyed: RetryInput = { ...get, method: 'POST', idempotencyKey: true };
  it('is sent again like a read after a network failure, a timeout, 429 or 503', () => {
    expect(retryDecision(keyed)).toEqual({ action: 'retry', delayMs: 300 });
    expect(retryDecision({ ...keyed, status: 503, retryAfter: '2' })).toEqual({ action: 'retry', delayMs: 2000 });
    expect(retryDecision({ ...keyed, status: 429 })).toEqual({ action: 'retry', delayMs: 300 });
  });
  it('and after a proxy’s 502 or 504 (nobody knows whether the first arrived), which a read is not', () => {
    for (const status of [502, 504]) {
      expect(retryDecision({ ...keyed, status, retries: 1 })).toEqual({ action: 'retry', delayMs: 600 });
      expect(retryDecision({ ...get, status })).toEqual({ action: 'answer' });
      expect(retryDecision({ ...keyed, idempotencyKey: false, status })).toEqual({ action: 'answer' });
    }
  });
  it('at most maxRetries times; an answer of the API itself (400, 409, 500) is the answer', () => {
    expect(retryDecision({ ...keyed, retries: defaultRetryPolicy.maxRetries })).toEqual({ action: 'answer' });
    for (const status of [202, 400, 403, 409, 500])
      expect(retryDecision({ ...keyed, status })).toEqual({ action: 'answer' });
  });
  it('a write without one is never sent again on its own', () => {
    expect(retryDecision({ ...get, method: 'POST' })).toEqual({ action: 'answer' });
    expect(retryDecision({ ...get, method: 'POST', status: 503, retryAfter: '1' })).toEqual({ action: 'answer' });
  });
});
