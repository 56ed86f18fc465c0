// Failures of the HTTP adapter that are not an HTTP answer. HTTP answers that are not a
// success become core's `HttpError` (status + body); core's `toPortalError` maps them.

/** The request never got an answer (offline, DNS, connection reset) or timed out. */
export class NetworkError extends Error {
  readonly _tag = 'NetworkError';
  readonly timedOut: boolean;
  /** True for a write: it may or may not have reached the server and is never retried. */
  readonly write: boolean;
  constructor(options: { readonly timedOut: boolean; readonly write: boolean; readonly cause?: unknown }) {
    super(options.timedOut ? 'request timed out' : 'network failure', { cause: options.cause });
    this.name = 'NetworkError';
    this.timedOut = options.timedOut;
    this.write = options.write;
  }
}

export const isNetworkError = (error: unknown): error is NetworkError =>
  error instanceof NetworkError ||
  (typeof error === 'object' && error !== null && (error as { _tag?: unknown })._tag === 'NetworkError');
