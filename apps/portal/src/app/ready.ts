// "Ready": the first route has painted its content (the launcher: its tiles). Work that
// would compete with the first view waits for it (performance.md): the idle prefetch of
// other routes' chunks and the background call that decides the admin center link.
import { useEffect } from 'react';

export interface ReadySignal {
  /** The first route's content is in the DOM: ready after the next frame has painted. */
  mark(): void;
  /** Run `task` once ready (at once when already ready). */
  whenReady(task: () => void): void;
  isReady(): boolean;
}

export interface FrameScheduler {
  readonly requestAnimationFrame?: (cb: () => void) => unknown;
  readonly setTimeout: (cb: () => void, ms: number) => unknown;
}

export function createReadySignal(scheduler: FrameScheduler): ReadySignal {
  let ready = false;
  let marked = false;
  const waiting: (() => void)[] = [];
  const fire = () => {
    ready = true;
    for (const task of waiting.splice(0)) task();
  };
  return {
    mark() {
      if (marked) return;
      marked = true;
      // After the frame that shows the content (a frame, then a task), as the benchmark does.
      const afterPaint = () => scheduler.setTimeout(fire, 0);
      if (scheduler.requestAnimationFrame === undefined) afterPaint();
      else scheduler.requestAnimationFrame(afterPaint);
    },
    whenReady(task) {
      if (ready) task();
      else waiting.push(task);
    },
    isReady: () => ready,
  };
}

/** The document's signal (one first route per page load). */
export const firstRoute: ReadySignal = createReadySignal({
  ...(typeof requestAnimationFrame === 'function'
    ? { requestAnimationFrame: (cb: () => void) => requestAnimationFrame(cb) }
    : {}),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
});

/** Marks the first route ready once `done` is true (committed, then painted). */
export function useMarkReady(done: boolean, signal: ReadySignal = firstRoute): void {
  useEffect(() => {
    if (done) signal.mark();
  }, [done, signal]);
}

/** Rendered beside a page that has no data of its own to wait for: ready when it mounts. */
export function MarkReadyOnMount() {
  useMarkReady(true);
  return null;
}
