// Calls to the API and the provider (issue #15): every one has a timeout; reads (GET, HEAD)
// that fail on the network are tried again with a short backoff; writes never are. Effect
// carries the rules: the timeout, the retry schedule and the typed failures.
import { Data, Duration, Effect, Either, Schedule } from 'effect';

class UpstreamUnavailable extends Data.TaggedError('UpstreamUnavailable')<{ readonly cause: unknown }> {}
class UpstreamTimeout extends Data.TaggedError('UpstreamTimeout')<{ readonly afterMs: number }> {}
type UpstreamFailure = UpstreamUnavailable | UpstreamTimeout;

export interface UpstreamOptions {
  readonly timeoutMs: number;
  /** Network failures of idempotent requests are tried again this often (default 2). */
  readonly retries?: number;
  readonly fetch?: typeof globalThis.fetch;
}

const idempotent = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/** One upstream call as an Effect: the response, or an `UpstreamUnavailable` / `UpstreamTimeout`. */
function upstreamCall(
  url: string,
  init: RequestInit,
  options: UpstreamOptions,
): Effect.Effect<Response, UpstreamFailure> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const attempt = Effect.tryPromise({
    try: (signal) => doFetch(url, { ...init, signal }),
    catch: (cause) => new UpstreamUnavailable({ cause }),
  }).pipe(
    Effect.timeoutFail({
      duration: Duration.millis(options.timeoutMs),
      onTimeout: () => new UpstreamTimeout({ afterMs: options.timeoutMs }),
    }),
  );
  if (!idempotent((init.method ?? 'GET').toUpperCase())) return attempt;
  return attempt.pipe(
    Effect.retry({
      schedule: Schedule.exponential(Duration.millis(150), 2),
      times: options.retries ?? 2,
      while: (failure) => failure._tag === 'UpstreamUnavailable',
    }),
  );
}

/**
 * Runs an upstream call as a promise: the request handlers' boundary (ADR 0026; they stay
 * Promise-based). Rejects with the typed failure, an UpstreamUnavailable or UpstreamTimeout.
 */
export async function runUpstream(url: string, init: RequestInit, options: UpstreamOptions): Promise<Response> {
  const result = await Effect.runPromise(Effect.either(upstreamCall(url, init, options)));
  if (Either.isLeft(result)) throw result.left;
  return result.right;
}

/** A fetch with the timeout and retry rules, for the OpenID adapter (oauth4webapi's customFetch). */
export function fetchWithRules(options: UpstreamOptions): typeof globalThis.fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request =
      typeof input === 'string' || input instanceof URL
        ? (init ?? {})
        : { method: input.method, headers: input.headers, ...init };
    return runUpstream(url, request, options);
  };
}

/** The failure of `runUpstream` was its timeout (not a network failure). */
export const isUpstreamTimeout = (error: unknown): boolean => error instanceof UpstreamTimeout;
