// Fault rules for API calls (security-and-faults.md, "API errors and the network"), as one
// pure decision the HTTP adapter executes after every attempt: answer, wait and send again, or
// give up as unauthenticated. The page holds no token (the portal server adds it and refreshes
// it, ADR 0009): an API 401 means the session has ended.

export interface RetryPolicy {
  /** Retries of an idempotent request after a network failure, timeout, 429 or 503 (default 2). */
  readonly maxRetries: number;
  /** First backoff delay; doubles per retry (default 300 ms). */
  readonly baseDelayMs: number;
  /** Longest backoff delay (default 3 s). */
  readonly maxDelayMs: number;
  /** Longest wait between retries; a longer Retry-After is cut to this (default 10 s). */
  readonly retryAfterCapMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 300,
  maxDelayMs: 3000,
  retryAfterCapMs: 10_000,
};

/** What one attempt of a request gave. */
export interface RetryInput {
  /** The request's method, upper case as `Request` normalises it (a write is never sent again on its own, unless it carries an Idempotency-Key). */
  readonly method: string;
  /**
   * The request carries an Idempotency-Key (#28.6): the server answers it sent again with the first one's outcome (the
   * same job), so a write may be sent again like a read — and also after a proxy's 502 or 504, when nobody knows
   * whether the first arrived.
   */
  readonly idempotencyKey?: boolean;
  /** HTTP status of the answer, or undefined for a network failure or timeout. */
  readonly status?: number;
  /** The answer's Retry-After header as received (seconds or an HTTP date), if any. */
  readonly retryAfter?: string | null;
  /** Retries after a failure, 429 or 503 made so far for this request (0 after the first attempt). */
  readonly retries: number;
  /** The request went to the API (through the portal server, with the session): a 401 ends the session. */
  readonly authorised: boolean;
  /** Epoch ms (to read an HTTP-date Retry-After). */
  readonly now: number;
}

export type RetryDecision =
  /** Hand the answer (or the failure) to the caller. */
  | { readonly action: 'answer' }
  /** Wait, then send the request again (counts as a retry). */
  | { readonly action: 'retry'; readonly delayMs: number }
  /** 401 of the API: the server could not refresh the session; answer the 401, the portal starts the sign-in, keeping the return path. */
  | { readonly action: 'unauthenticated' };

const idempotentMethods: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/** True for methods that may be sent again on their own (GET, HEAD, OPTIONS). */
export function isIdempotent(method: string): boolean {
  return idempotentMethods.includes(method);
}

/** Seconds or an HTTP date → milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The backoff before retry number `retries + 1`: base × 2^retries, at most `maxDelayMs`. */
export function backoffMs(retries: number, policy: RetryPolicy = defaultRetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retries);
}

/**
 * The rule after an attempt:
 * - 401 of an API request: `unauthenticated` (the server already tried its refresh); 403 is an answer;
 * - 429 and 503: idempotent requests wait Retry-After (or the backoff), capped;
 * - network failure or timeout: idempotent requests retry with bounded exponential backoff;
 * - a write with an Idempotency-Key counts as idempotent, and also retries a proxy's 502 and 504 (#28.6);
 * - at most `maxRetries` retries in all; other writes are never sent again on their own.
 */
export function retryDecision(input: RetryInput, policy: RetryPolicy = defaultRetryPolicy): RetryDecision {
  if (input.status === 401 && input.authorised) return { action: 'unauthenticated' };
  const keyed = input.idempotencyKey === true;
  const mayRetry = (keyed || isIdempotent(input.method)) && input.retries < policy.maxRetries;
  if (input.status === undefined || (keyed && (input.status === 502 || input.status === 504)))
    return mayRetry ? { action: 'retry', delayMs: backoffMs(input.retries, policy) } : { action: 'answer' };
  if ((input.status === 429 || input.status === 503) && mayRetry) {
    const asked = parseRetryAfter(input.retryAfter, input.now);
    return { action: 'retry', delayMs: Math.min(asked ?? backoffMs(input.retries, policy), policy.retryAfterCapMs) };
  }
  return { action: 'answer' };
}
