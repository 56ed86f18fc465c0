/**
 * One run at a time: callers that arrive while a run is in flight share its promise (the
 * first caller's arguments are used); the next call after it settled starts a new run.
 */
export function singleFlight<A extends unknown[], T>(task: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return (...args) => {
    if (inFlight === undefined) {
      inFlight = (async () => {
        try {
          return await task(...args);
        } finally {
          inFlight = undefined;
        }
      })();
    }
    return inFlight;
  };
}
