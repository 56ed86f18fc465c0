// Fault rules for API calls (security-and-faults.md, "API errors and the network"), as
// pure decisions the HTTP adapter follows: when to retry, how long to wait, and the
// refresh-and-retry-once rule for 401.

import type { PortalError } from './errors.ts';
import { isHttpError } from './errors.ts';
import type { AccessTokenSource } from '../machines/session/session.machine.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RetryInput {
  readonly method: HttpMethod;
  /** HTTP status, or undefined for a network failure or timeout. */
  readonly status?: number;
  /** The Retry-After header as received (seconds or an HTTP date), if any. */
  readonly retryAfter?: string;
  /** Attempts made so far (1 after the first failure). */
  readonly attempt: number;
  /** Epoch ms (to read an HTTP-date Retry-After). */
  readonly now: number;
}

export type RetryDecision = { readonly retry: false } | { readonly retry: true; readonly delayMs: number };

export const maxRetryAttempts = 3;
export const maxRetryDelayMs = 10_000;
const idempotent: readonly HttpMethod[] = ['GET', 'HEAD', 'OPTIONS'];

/** Seconds or an HTTP date → milliseconds from now; undefined when unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Retry only idempotent requests (a write is never retried on its own): 429 and 503 after
 * Retry-After (capped), network failures and timeouts with bounded exponential backoff.
 */
export function retryDecision(input: RetryInput): RetryDecision {
  if (!idempotent.includes(input.method) || input.attempt >= maxRetryAttempts) return { retry: false };
  if (input.status === 429 || input.status === 503) {
    const wait = parseRetryAfter(input.retryAfter, input.now) ?? 1000 * 2 ** (input.attempt - 1);
    return { retry: true, delayMs: Math.min(maxRetryDelayMs, wait) };
  }
  if (input.status === undefined) return { retry: true, delayMs: Math.min(maxRetryDelayMs, 500 * 2 ** (input.attempt - 1)) };
  return { retry: false };
}

/** The 401 that means "sign in again" after the refresh-and-retry did not help. */
export const signInRequired: PortalError = { kind: 'http', status: 401, httpStatus: 401 };

/**
 * Run an authorised call: on 401, refresh once (single-flight through the session) and
 * retry once; a second 401, or no token after the refresh, rejects with `signInRequired`
 * (the portal then starts the sign-in, keeping the return path). 403 and everything else
 * pass through untouched: no refresh.
 */
export async function callWithTokenRetry<T>(tokens: AccessTokenSource, call: (token: string | undefined) => Promise<T>): Promise<T> {
  const token = await tokens.getAccessToken();
  try {
    return await call(token);
  } catch (error) {
    if (!isHttpError(error) || error.status !== 401) throw error;
  }
  const refreshed = await tokens.refreshAfterUnauthorized(token);
  if (refreshed === undefined) throw signInRequired;
  try {
    return await call(refreshed);
  } catch (error) {
    if (isHttpError(error) && error.status === 401) throw signInRequired;
    throw error;
  }
}
