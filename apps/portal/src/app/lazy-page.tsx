// A lazy page that stops suspending once its chunk has loaded (performance.md: React keeps
// a Suspense fallback for at least 300 ms; preloaded routes must not pay that). A failed
// chunk load goes through core's chunk-load guard (reload at most once per 60 s); the page then
// renders that failure (the error page) instead of asking for the chunk again on every render.
import { use, type ComponentType } from 'react';
import { createModuleLoader } from '@portal/ui';

export interface LazyPage {
  /** Start loading the chunk (idempotent). */
  preload(): Promise<unknown>;
  readonly Component: ComponentType;
}

export type ChunkErrorHandler = (error: unknown) => void;

let onChunkError: ChunkErrorHandler = () => {};
/** The composition root installs the chunk-load guard here. */
export function setChunkErrorHandler(handler: ChunkErrorHandler): void {
  onChunkError = handler;
}

/** Hands a failed chunk load to the installed guard. */
export function reportChunkError(error: unknown): void {
  onChunkError(error);
}

export function lazyPage<M extends { default: ComponentType }>(load: () => Promise<M>): LazyPage {
  /** The failed load the page renders with: the error page, not a new request on every render (spec §8). */
  let failure: { readonly error: unknown } | undefined;
  const loader = createModuleLoader(() =>
    load().catch((error: unknown) => {
      reportChunkError(error);
      failure = { error };
      throw error;
    }),
  );
  function Component() {
    // Once failed, the page shows its error until the guard's reload; a preload may still try again.
    if (failure !== undefined && loader.loaded() === undefined) throw failure.error;
    // `use` on every render (never skipped after a suspension); a loaded module's promise is
    // marked fulfilled (ui's module loader), so a preloaded page does not suspend.
    const Page = use(loader.load()).default;
    return <Page />;
  }
  return { preload: loader.load, Component };
}

/** Prefetch is skipped on slow connections (spec §9): data saver or 2G. */
export function connectionIsSlow(
  nav: { readonly connection?: { readonly saveData?: boolean; readonly effectiveType?: string } } | undefined,
): boolean {
  const connection = nav?.connection;
  if (connection === undefined) return false;
  return connection.saveData === true || /(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** Preload these pages when the browser is idle, unless the connection is slow. */
export function prefetchWhenIdle(
  pages: readonly LazyPage[],
  env: {
    readonly navigator?: unknown;
    readonly requestIdleCallback?: (cb: () => void) => unknown;
    readonly setTimeout: (cb: () => void, ms: number) => unknown;
  },
): boolean {
  if (connectionIsSlow(env.navigator as Parameters<typeof connectionIsSlow>[0])) return false;
  const run = () => {
    for (const page of pages)
      page.preload().catch(() => {
        /* the guard handled it */
      });
  };
  if (env.requestIdleCallback !== undefined) env.requestIdleCallback(run);
  else env.setTimeout(run, 1500);
  return true;
}
