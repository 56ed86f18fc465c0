import { describe, expect, it } from 'vitest';
import { callWithTokenRetry, parseRetryAfter, retryDecision, signInRequired } from './retry.ts';
import type { AccessTokenSource } from '../machines/session/session.machine.ts';
import { HttpError } from './errors.ts';

const now = Date.UTC(2026, 0, 15, 9, 0, 0);

describe('retry policy', () => {
  it('429/503 wait for Retry-After (capped), GET only', () => {
    expect(retryDecision({ method: 'GET', status: 429, retryAfter: '2', attempt: 1, now })).toEqual({ retry: true, delayMs: 2000 });
    expect(retryDecision({ method: 'GET', status: 503, retryAfter: '3600', attempt: 1, now })).toEqual({ retry: true, delayMs: 10_000 });
    expect(retryDecision({ method: 'GET', status: 503, retryAfter: 'Thu, 15 Jan 2026 09:00:05 GMT', attempt: 1, now })).toEqual({ retry: true, delayMs: 5000 });
    expect(retryDecision({ method: 'GET', status: 503, retryAfter: 'soon', attempt: 2, now })).toEqual({ retry: true, delayMs: 2000 });
    expect(retryDecision({ method: 'POST', status: 503, retryAfter: '1', attempt: 1, now })).toEqual({ retry: false });
    expect(retryDecision({ method: 'PUT', attempt: 1, now })).toEqual({ retry: false });
  });
  it('network failures: bounded backoff for GET, never for writes, at most 3 attempts', () => {
    expect(retryDecision({ method: 'GET', attempt: 1, now })).toEqual({ retry: true, delayMs: 500 });
    expect(retryDecision({ method: 'GET', attempt: 2, now })).toEqual({ retry: true, delayMs: 1000 });
    expect(retryDecision({ method: 'GET', attempt: 3, now })).toEqual({ retry: false });
    expect(retryDecision({ method: 'DELETE', attempt: 1, now })).toEqual({ retry: false });
    expect(retryDecision({ method: 'GET', status: 500, attempt: 1, now })).toEqual({ retry: false });
    expect(retryDecision({ method: 'GET', status: 403, attempt: 1, now })).toEqual({ retry: false });
  });
  it('parses Retry-After', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter(' 7 ', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 14 Jan 2026 09:00:00 GMT', now)).toBe(0);
  });
});

function tokens(refreshTo: string | undefined): AccessTokenSource & { refreshes: number } {
  const source = {
    refreshes: 0,
    getAccessToken: async () => 'old',
    refreshAfterUnauthorized: async () => {
      source.refreshes += 1;
      return refreshTo;
    },
  };
  return source;
}

describe('401: refresh and retry once', () => {
  it('retries once with the refreshed token', async () => {
    const source = tokens('new');
    const seen: (string | undefined)[] = [];
    const result = await callWithTokenRetry(source, async (token) => {
      seen.push(token);
      if (token === 'old') throw new HttpError(401, null);
      return 'ok';
    });
    expect(result).toBe('ok');
    expect(seen).toEqual(['old', 'new']);
    expect(source.refreshes).toBe(1);
  });
  it('a second 401 → sign in (keeping the return path is the portal\'s part)', async () => {
    const source = tokens('new');
    await expect(callWithTokenRetry(source, async () => { throw new HttpError(401, null); })).rejects.toBe(signInRequired);
  });
  it('no token after the refresh → sign in', async () => {
    await expect(callWithTokenRetry(tokens(undefined), async () => { throw new HttpError(401, null); })).rejects.toBe(signInRequired);
  });
  it('403 and other errors pass through without a refresh', async () => {
    const source = tokens('new');
    const forbidden = new HttpError(403, null);
    await expect(callWithTokenRetry(source, async () => { throw forbidden; })).rejects.toBe(forbidden);
    expect(source.refreshes).toBe(0);
    const offline = new TypeError('offline');
    let calls = 0;
    await expect(callWithTokenRetry(source, async (token) => {
      calls += 1;
      if (token === 'old') throw new HttpError(401, null);
      throw offline;
    })).rejects.toBe(offline);
    expect(calls).toBe(2);
  });
  it('passes the value through', async () => {
    expect(await callWithTokenRetry(tokens('x'), async (token) => token)).toBe('old');
  });
});
