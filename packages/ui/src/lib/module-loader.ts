// Code loaded on first use (a page, a menu): loaded once, remembered, loaded again after a
// failure, and readable synchronously once it is there (so nothing suspends a second time).

export interface ModuleLoader<M> {
  /** The module, once it has loaded. */
  loaded: () => M | undefined;
  /** Starts loading (once; again after a failure). */
  load: () => Promise<M>;
}

export function createModuleLoader<M>(load: () => Promise<M>): ModuleLoader<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    loaded: () => module,
    load: () => {
      const started = (pending ??= load().then(
        (loaded) => {
          module = loaded;
          // React's `use` reads these (its thenable protocol): a settled promise is read at once.
          const read: Promise<M> & { status?: 'fulfilled'; value?: M } = started;
          read.status = 'fulfilled';
          read.value = loaded;
          return loaded;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      ));
      return started;
    },
  };
}
