// The fetch under the API client (spec §7, security-and-faults "API errors and the network").
// The API is the portal server's `/api`, authorised by the session cookie: the page holds no
// token (the server adds the bearer token and refreshes it, ADR 0009).
// - every request to a path under the API base that starts with a single slash carries
//   `lang` (allow-listed) and goes with same-origin credentials;
// - after every attempt it executes core's `retryDecision` (the rules live there): a 401 of
//   the API is the `unauthenticated` outcome (the server could not refresh the session: the
//   portal starts the sign-in, keeping the return path); 403 is an answer; 429/503 wait
//   Retry-After (capped), idempotent requests only; GET/HEAD retry network failures and
//   timeouts with bounded exponential backoff; writes never retry on their own, unless they
//   carry an Idempotency-Key (#28.6: then also after a proxy's 502/504).

import { defaultRetryPolicy as coreRetryPolicy, isIdempotent, retryDecision } from '@portal/core';
import type { RetryPolicy as CoreRetryPolicy } from '@portal/core';
import { allowedLanguage } from '../locale/locale-store.ts';
import { NetworkError } from './errors.ts';

export type FetchLike = (request: Request) => Promise<Response>;

/** Core's retry policy plus the adapter's timeout. */
export interface RetryPolicy extends CoreRetryPolicy {
  /** A request without an answer after this long is aborted (default 20 s). */
  readonly timeoutMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { ...coreRetryPolicy, timeoutMs: 20_000 };

export interface ApiFetchOptions {
  /** The configured API base URL (no trailing slash needed). */
  readonly baseUrl: string;
  /** The current language (checked against the allow-list; default de). */
  readonly getLanguage: () => string | undefined;
  /** Called once per API request answered 401 (the session ended at the server). */
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

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    ((error as { name?: unknown }).name === 'AbortError' || (error as { name?: unknown }).name === 'TimeoutError')
  );
}

export function createApiFetch(options: ApiFetchOptions): FetchLike {
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? (() => Date.now());

  /** One attempt with the current headers and a timeout. */
  const attempt = async (pristine: PristineRequest, isApi: boolean): Promise<Response> => {
    const headers = new Headers(pristine.headers);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    if (isApi) headers.set('lang', allowedLanguage(options.getLanguage()));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), policy.timeoutMs);
    const outer = pristine.signal;
    const abortOuter = () => controller.abort(outer.reason);
    outer.addEventListener('abort', abortOuter);
    try {
      const init: RequestInit = {
        method: pristine.method,
        headers,
        signal: controller.signal,
        credentials: pristine.credentials,
        redirect: pristine.redirect,
      };
      if (pristine.body !== undefined) init.body = pristine.body;
      return await send(new Request(pristine.url, init));
    } catch (error) {
      if (outer.aborted) throw error;
      throw new NetworkError({
        timedOut: controller.signal.aborted || isAbort(error),
        write: !isIdempotent(pristine.method),
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      outer.removeEventListener('abort', abortOuter);
    }
  };

  return async (input) => {
    // The body is read once, so every attempt can send it again.
    const body = input.body === null ? undefined : await input.arrayBuffer();
    const isApi = apiPathOf(input.url, options.baseUrl) !== undefined;
    const pristine: PristineRequest = {
      url: input.url,
      method: input.method,
      headers: input.headers,
      signal: input.signal,
      redirect: input.redirect,
      // The API is reached through the portal server's /api, which is authorised by the session
      // cookie (it adds the bearer token): same-origin credentials, never to another origin.
      credentials: isApi ? 'same-origin' : input.credentials,
      ...(body === undefined ? {} : { body }),
    };
    let retries = 0;
    for (;;) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await attempt(pristine, isApi);
      } catch (error) {
        // Only the adapter's own network failures and timeouts count; a caller's abort does not.
        if (!(error instanceof NetworkError)) throw error;
        failure = error;
      }
      const decision = retryDecision(
        {
          method: pristine.method,
          // A write with an Idempotency-Key (a job's submit, #28.6) is answered the same when sent again.
          idempotencyKey: pristine.headers.has('idempotency-key'),
          ...(response === undefined
            ? {}
            : { status: response.status, retryAfter: response.headers.get('retry-after') }),
          retries,
          authorised: isApi,
          now: now(),
        },
        policy,
      );

      if (decision.action === 'retry') {
        await response?.body?.cancel();
        await sleep(decision.delayMs);
        retries += 1;
        continue;
      }
      if (response === undefined) throw failure;
      if (decision.action !== 'answer') options.onUnauthenticated?.();
      return response;
    }
  };
}
