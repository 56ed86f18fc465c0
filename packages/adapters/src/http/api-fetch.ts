// The fetch under the API client (spec §7, security-and-faults "API errors and the network"):
// - every request to a path under the API base that starts with a single slash carries
//   `lang` (allow-listed) and, when a token exists, `Authorization: Bearer`;
// - 401: one single-flight refresh and one retry; a second 401 is the `unauthenticated`
//   outcome (the portal starts the sign-in, keeping the return path); 403 never refreshes;
// - 429/503 with Retry-After (capped): idempotent requests only;
// - GET/HEAD retry on network failure or timeout with bounded exponential backoff;
// - writes never retry on their own.

import type { AccessTokenSource, LocaleCode } from '@portal/core';
import { allowedLanguage } from '../locale/locale-store.ts';
import { NetworkError } from './errors.ts';
import { singleFlight } from './single-flight.ts';

export type FetchLike = (request: Request) => Promise<Response>;

export interface RetryPolicy {
  /** Retries of an idempotent request after a network failure, timeout, 429 or 503 (default 2). */
  readonly maxRetries: number;
  /** First backoff delay; doubles per retry (default 300 ms). */
  readonly baseDelayMs: number;
  /** Longest backoff delay (default 3 s). */
  readonly maxDelayMs: number;
  /** Longest wait between retries; a longer Retry-After is cut to this (default 10 s). */
  readonly retryAfterCapMs: number;
  /** A request without an answer after this long is aborted (default 20 s). */
  readonly timeoutMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 300,
  maxDelayMs: 3000,
  retryAfterCapMs: 10_000,
  timeoutMs: 20_000,
};

export interface ApiFetchOptions {
  /** The configured API base URL (no trailing slash needed). */
  readonly baseUrl: string;
  /** The current access token, when there is one. Never imported from the OIDC module. */
  readonly getAccessToken: () => Promise<string | undefined>;
  /**
   * Refresh the tokens after a 401 of a request sent with `failedToken`; true when new tokens
   * are stored. Called single-flight (and not at all when another call refreshed meanwhile).
   */
  readonly refresh: (failedToken?: string) => Promise<boolean>;
  /** The current language (checked against the allow-list; default de). */
  readonly getLanguage: () => LocaleCode | string | undefined;
  /** Called once per request that is still 401 after the refresh (or when the refresh failed). */
  readonly onUnauthenticated?: () => void;
  readonly fetch?: FetchLike;
  /** Waits between retries (tests pass a fake). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Epoch ms, for Retry-After dates. */
  readonly now?: () => number;
  readonly retry?: Partial<RetryPolicy>;
}

interface PristineRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;
  readonly credentials: RequestCredentials;
  readonly redirect: RequestRedirect;
  readonly body?: ArrayBuffer;
}

const idempotentMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for a path that starts with exactly one slash (`/My/Profile`, not `//host/x`). */
export function isApiPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** The API path of a URL under the base, or undefined when the URL is elsewhere. */
export function apiPathOf(url: string, baseUrl: string): string | undefined {
  const base = baseUrl.replace(/\/+$/, '');
  if (!url.startsWith(base)) return undefined;
  const rest = url.slice(base.length);
  return isApiPath(rest) ? rest : undefined;
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The token options of the client from core's AccessTokenSource (the session machine). */
export function fromAccessTokenSource(source: AccessTokenSource): Pick<ApiFetchOptions, 'getAccessToken' | 'refresh'> {
  return {
    getAccessToken: () => source.getAccessToken(),
    refresh: async (failedToken) => (await source.refreshAfterUnauthorized(failedToken)) !== undefined,
  };
}

export function backoffMs(attempt: number, policy: RetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
}

const realSleep = (ms: number) => new Promise<void>((resolve) => {
  setTimeout(resolve, ms);
});

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && ((error as { name?: unknown }).name === 'AbortError' || (error as { name?: unknown }).name === 'TimeoutError');
}

export function createApiFetch(options: ApiFetchOptions): FetchLike {
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? (() => Date.now());
  const refreshOnce = singleFlight(options.refresh);

  /** One attempt with the current headers and a timeout. */
  const attempt = async (pristine: PristineRequest, isApi: boolean): Promise<{ response: Response; token: string | undefined }> => {
    const headers = new Headers(pristine.headers);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    let token: string | undefined;
    if (isApi) {
      headers.set('lang', allowedLanguage(options.getLanguage()));
      token = await options.getAccessToken();
      if (token !== undefined && token !== '') headers.set('authorization', `Bearer ${token}`);
      else headers.delete('authorization');
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), policy.timeoutMs);
    const outer = pristine.signal;
    const abortOuter = () => controller.abort(outer.reason);
    outer.addEventListener('abort', abortOuter);
    try {
      const init: RequestInit = { method: pristine.method, headers, signal: controller.signal, credentials: pristine.credentials, redirect: pristine.redirect };
      if (pristine.body !== undefined) init.body = pristine.body;
      const response = await send(new Request(pristine.url, init));
      return { response, token };
    } catch (error) {
      if (outer.aborted) throw error;
      throw new NetworkError({ timedOut: controller.signal.aborted || isAbort(error), write: !idempotentMethods.has(pristine.method), cause: error });
    } finally {
      clearTimeout(timer);
      outer.removeEventListener('abort', abortOuter);
    }
  };

  return async (input) => {
    // The body is read once, so every attempt can send it again.
    const body = input.body === null ? undefined : await input.arrayBuffer();
    const pristine: PristineRequest = {
      url: input.url, method: input.method, headers: input.headers, signal: input.signal, credentials: input.credentials, redirect: input.redirect,
      ...(body === undefined ? {} : { body }),
    };
    const isApi = apiPathOf(pristine.url, options.baseUrl) !== undefined;
    const idempotent = idempotentMethods.has(pristine.method);
    let retries = 0;
    let refreshed = false;
    for (;;) {
      let result: { response: Response; token: string | undefined };
      try {
        result = await attempt(pristine, isApi);
      } catch (error) {
        if (error instanceof NetworkError && idempotent && retries < policy.maxRetries) {
          await sleep(backoffMs(retries, policy));
          retries += 1;
          continue;
        }
        throw error;
      }
      const { response, token } = result;

      if (response.status === 401 && isApi) {
        if (!refreshed) {
          refreshed = true;
          // Another call may have refreshed meanwhile: then retry with the new token, no refresh.
          const current = await options.getAccessToken();
          const renewed = current !== undefined && current !== token ? true : await refreshOnce(token).catch(() => false);
          if (renewed) {
            await response.body?.cancel();
            continue;
          }
        }
        options.onUnauthenticated?.();
        return response;
      }

      if ((response.status === 429 || response.status === 503) && idempotent && retries < policy.maxRetries) {
        const asked = retryAfterMs(response.headers.get('retry-after'), now());
        await response.body?.cancel();
        await sleep(Math.min(asked ?? backoffMs(retries, policy), policy.retryAfterCapMs));
        retries += 1;
        continue;
      }
      return response;
    }
  };
}
