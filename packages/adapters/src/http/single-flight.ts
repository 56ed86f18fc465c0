/**
 * One run at a time: callers that arrive while a run is in flight share its promise; the
 * next call after it settled starts a new run.
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    if (inFlight === undefined) {
      inFlight = (async () => {
        try {
          return await task();
        } finally {
          inFlight = undefined;
        }
      })();
    }
    return inFlight;
  };
}
